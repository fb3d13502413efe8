import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiKeyView, CreatedApiKey } from "../../src/shared/api-keys.js";
import { PASSWORD } from "../helpers/auth-flows.js";
import { TestClient } from "../helpers/client.js";
import { databaseKinds } from "../helpers/databases.js";
import { expectStatus, type OrganizationSetup, setupOrganization, signUpPerson } from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

/** A client with no cookies and no Origin: a service calling Tessera with a key. */
function service(server: TestServer, headers: Record<string, string>) {
  return new TestClient(server.url, "", headers);
}
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
const xApiKey = (key: string) => ({ "x-api-key": key });

describe.each(databaseKinds)("API keys over HTTP on %s", (kind) => {
  let server: TestServer;
  let team: OrganizationSetup;

  beforeAll(async () => {
    server = await startTestServer(kind);
    team = await setupOrganization(server, "keys");
  });
  afterAll(() => server?.close());

  async function create(client: TestClient, body: Record<string, unknown>) {
    const res = expectStatus(await client.post("/api/api-keys", body), 201);
    return res.body as CreatedApiKey;
  }

  async function audit(organizationId?: string) {
    const { adapter } = await server.running.auth.$context;
    return (await adapter.findMany({
      model: "auditEvent",
      where: organizationId ? [{ field: "organizationId", value: organizationId }] : [],
    })) as { action: string; actorId: string; targetType: string; targetId: string; detail: string | null }[];
  }

  it("creates a user's key, shows it once, lists it and revokes it (audited)", async () => {
    const me = await signUpPerson(server, "keyowner");
    const { key, apiKey } = await create(me.client, {
      name: "CI deploy",
      scopes: ["organizations:read"],
      expiresInDays: 30,
    });
    expect(key).toMatch(/^tsk_[A-Za-z]{64}$/);
    expect(apiKey).toMatchObject({ name: "CI deploy", scopes: ["organizations:read"], organizationId: null });
    expect(apiKey.start).toBe(key.slice(0, 8));
    const days = (Date.parse(apiKey.expiresAt as string) - Date.now()) / 86400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);

    const list = expectStatus(await me.client.get("/api/api-keys"), 200);
    expect(list.body.apiKeys.map((k: ApiKeyView) => k.id)).toEqual([apiKey.id]);
    expect(list.text).not.toContain(key); // shown once: never listed again
    expect(list.body.apiKeys[0]).toMatchObject({ start: apiKey.start, lastUsedAt: null });

    // Used once: "last used" is set.
    expectStatus(await service(server, bearer(key)).get("/api/auth/get-session"), 200);
    const used = expectStatus(await me.client.get("/api/api-keys"), 200);
    expect(used.body.apiKeys[0].lastUsedAt).not.toBeNull();

    // Someone else cannot revoke it, nor see it.
    const stranger = await signUpPerson(server, "stranger");
    expect((await stranger.client.request("DELETE", `/api/api-keys/${apiKey.id}`)).status).toBe(404);
    expect((await stranger.client.get("/api/api-keys")).body.apiKeys).toEqual([]);

    expectStatus(await me.client.request("DELETE", `/api/api-keys/${apiKey.id}`), 200);
    expect((await me.client.get("/api/api-keys")).body.apiKeys).toEqual([]);
    const revoked = await service(server, bearer(key)).get("/api/auth/get-session");
    expect(revoked.status).toBe(401);
    expect(revoked.body.code).toBe("INVALID_API_KEY");

    const events = (await audit()).filter((e) => e.targetId === apiKey.id);
    expect(events.map((e) => e.action).sort()).toEqual(["api_key.created", "api_key.revoked"]);
    expect(events.every((e) => e.actorId === me.user.id && e.targetType === "api_key")).toBe(true);
    expect(events.find((e) => e.action === "api_key.created")?.detail).not.toContain(key);
  });

  it("gives the owner's session with Bearer and with x-api-key; a bad key is 401 with a code", async () => {
    const me = await signUpPerson(server, "bearer");
    const { key } = await create(me.client, { name: "reader", scopes: [] });
    for (const headers of [bearer(key), xApiKey(key)]) {
      const res = expectStatus(await service(server, headers).get("/api/auth/get-session"), 200);
      expect(res.body.user).toMatchObject({ id: me.user.id, email: me.user.email });
    }
    const self = expectStatus(await service(server, xApiKey(key)).get("/api/api-keys/self"), 200);
    expect(self.body).toMatchObject({ owner: { type: "user", id: me.user.id }, scopes: [], expiresAt: null });

    const wrong = `tsk_${"a".repeat(64)}`;
    for (const headers of [bearer(wrong), xApiKey(wrong), xApiKey("nonsense")]) {
      const res = await service(server, headers).get("/api/auth/get-session");
      expect({ status: res.status, code: res.body?.code }).toEqual({ status: 401, code: "INVALID_API_KEY" });
      const app = await service(server, headers).get(`/api/organizations/${team.organization.id}/permissions`);
      expect({ status: app.status, code: app.body?.code }).toEqual({ status: 401, code: "INVALID_API_KEY" });
    }
    // Another bearer token (not a key's prefix) is not taken for a key: no session, as before.
    const other = await service(server, { Authorization: "Bearer some.jwt.token" }).get("/api/auth/get-session");
    expect({ status: other.status, body: other.body }).toEqual({ status: 200, body: null });
  });

  it("refuses an expired key with KEY_EXPIRED", async () => {
    const me = await signUpPerson(server, "expiry");
    const { key, apiKey } = await create(me.client, { name: "short", scopes: [], expiresInDays: 7 });
    expectStatus(await service(server, bearer(key)).get("/api/auth/get-session"), 200);
    const { adapter } = await server.running.auth.$context;
    await adapter.update({
      model: "apikey",
      where: [{ field: "id", value: apiKey.id }],
      update: { expiresAt: new Date(Date.now() - 1000) },
    });
    const res = await service(server, bearer(key)).get("/api/auth/get-session");
    expect({ status: res.status, code: res.body?.code }).toEqual({ status: 401, code: "KEY_EXPIRED" });
    const self = await service(server, bearer(key)).get("/api/api-keys/self");
    expect(self.status).toBe(401);
  });

  it("enforces scopes on the engine's calls and on Tessera's routes", async () => {
    const org = team.organization.id;
    const reader = await create(team.owner.client, { name: "reader", scopes: ["organizations:read"] });
    const none = await create(team.owner.client, { name: "nothing", scopes: [] });
    const auditor = await create(team.owner.client, { name: "auditor", scopes: ["audit:read"] });

    const full = `/api/auth/organization/get-full-organization?organizationId=${org}`;
    expectStatus(await service(server, bearer(reader.key)).get(full), 200);
    const missing = await service(server, bearer(none.key)).get(full);
    expect({ status: missing.status, code: missing.body?.code }).toEqual({
      status: 403,
      code: "API_KEY_SCOPE_MISSING",
    });

    const permissions = `/api/organizations/${org}/permissions`;
    expectStatus(await service(server, xApiKey(reader.key)).get(permissions), 200);
    const noScope = await service(server, xApiKey(none.key)).get(permissions);
    expect({ status: noScope.status, code: noScope.body?.code }).toEqual({
      status: 403,
      code: "API_KEY_SCOPE_MISSING",
    });

    // The user's organizations in pages, as GET /organization/list with the same scope.
    const pages = expectStatus(await service(server, xApiKey(reader.key)).get("/api/organizations"), 200);
    expect(pages.body.organizations.map((o: { id: string }) => o.id)).toContain(org);
    const listed = await service(server, bearer(none.key)).get("/api/organizations");
    expect({ status: listed.status, code: listed.body?.code }).toEqual({ status: 403, code: "API_KEY_SCOPE_MISSING" });

    const log = `/api/audit?organizationId=${org}`;
    const read = expectStatus(await service(server, bearer(auditor.key)).get(log), 200);
    expect(read.body.events.length).toBeGreaterThan(0);
    expect((await service(server, bearer(reader.key)).get(log)).body.code).toBe("API_KEY_SCOPE_MISSING");

    // Writing needs organizations:write.
    const invite = { email: "nobody@example.com", role: "member", organizationId: org };
    const refused = await service(server, bearer(reader.key)).post("/api/auth/organization/invite-member", invite);
    expect({ status: refused.status, code: refused.body?.code }).toEqual({
      status: 403,
      code: "API_KEY_SCOPE_MISSING",
    });
    const writer = await create(team.owner.client, { name: "writer", scopes: ["organizations:write"] });
    expectStatus(await service(server, bearer(writer.key)).post("/api/auth/organization/invite-member", invite), 200);
  });

  it("never lets a key manage keys, change the password or e-mail, or delete the account", async () => {
    const me = await signUpPerson(server, "takeover");
    const scopes = ["organizations:read", "organizations:write", "audit:read", "webhooks:read"];
    const { key } = await create(me.client, { name: "everything", scopes });
    const as = service(server, bearer(key));
    const attempts: [string, string, unknown][] = [
      ["POST", "/api/auth/api-key/create", { name: "more" }],
      ["POST", "/api/api-keys", { name: "more", scopes }],
      ["GET", "/api/api-keys", undefined],
      ["POST", "/api/auth/change-password", { currentPassword: PASSWORD, newPassword: "another horse battery" }],
      ["POST", "/api/auth/change-email", { newEmail: "stolen@example.com" }],
      ["POST", "/api/auth/delete-user", { password: PASSWORD }],
      ["POST", "/api/auth/update-user", { name: "Mallory" }],
      ["POST", "/api/auth/revoke-sessions", {}],
      ["GET", "/api/auth/list-sessions", undefined],
      ["POST", "/api/auth/two-factor/enable", { password: PASSWORD }],
      ["POST", "/api/account/set-password", { newPassword: "another horse battery" }],
      ["GET", "/api/account/sessions", undefined],
    ];
    for (const [method, path, body] of attempts) {
      const res = await as.request(method, path, body);
      expect(res.status, `${method} ${path}: ${res.text}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(500);
    }
    // The account is untouched: the old password still signs in, the name and e-mail are the same, one key.
    const again = server.client();
    expectStatus(await again.post("/api/auth/sign-in/email", { email: me.user.email, password: PASSWORD }), 200);
    const session = expectStatus(await again.get("/api/auth/get-session"), 200);
    expect(session.body.user).toMatchObject({ email: me.user.email, name: me.user.name });
    expect((await me.client.get("/api/api-keys")).body.apiKeys).toHaveLength(1);
    const refused = await as.post("/api/auth/change-password", {
      currentPassword: PASSWORD,
      newPassword: "another horse battery",
    });
    expect({ status: refused.status, code: refused.body?.code }).toEqual({ status: 403, code: "API_KEY_NOT_ALLOWED" });
  });

  it("lets an organization's owners and admins manage its keys, not its members", async () => {
    const org = team.organization.id;
    const made = await create(team.admin.client, {
      name: "org service",
      scopes: ["organizations:read"],
      organizationId: org,
    });
    expect(made.key).toMatch(/^tso_[A-Za-z]{64}$/);
    expect(made.apiKey.organizationId).toBe(org);

    const listed = expectStatus(await team.owner.client.get("/api/api-keys", { organizationId: org }), 200);
    expect(listed.body.apiKeys.map((k: ApiKeyView) => k.id)).toContain(made.apiKey.id);
    // Not among the owner's own keys.
    const mine = expectStatus(await team.owner.client.get("/api/api-keys"), 200);
    expect(mine.body.apiKeys.map((k: ApiKeyView) => k.id)).not.toContain(made.apiKey.id);

    const member = team.member.client;
    const create403 = await member.post("/api/api-keys", { name: "x", scopes: [], organizationId: org });
    expect({ status: create403.status, code: create403.body?.code }).toEqual({
      status: 403,
      code: "INSUFFICIENT_API_KEY_PERMISSIONS",
    });
    expect((await member.get("/api/api-keys", { organizationId: org })).status).toBe(403);
    expect((await member.request("DELETE", `/api/api-keys/${made.apiKey.id}?organizationId=${org}`)).status).toBe(403);
    const outsider = await signUpPerson(server, "outsider");
    const notMember = await outsider.client.post("/api/api-keys", { name: "x", scopes: [], organizationId: org });
    expect({ status: notMember.status, code: notMember.body?.code }).toEqual({
      status: 403,
      code: "USER_NOT_MEMBER_OF_ORGANIZATION",
    });

    // The key identifies its organization to a service; it acts for no user.
    const self = expectStatus(await service(server, bearer(made.key)).get("/api/api-keys/self"), 200);
    expect(self.body).toMatchObject({
      owner: { type: "organization", id: org, slug: team.organization.slug },
      scopes: ["organizations:read"],
    });
    const asUser = await service(server, bearer(made.key)).get("/api/auth/get-session");
    expect({ status: asUser.status, code: asUser.body?.code }).toEqual({
      status: 403,
      code: "ORGANIZATION_API_KEY_NOT_ALLOWED",
    });

    expectStatus(
      await team.owner.client.request("DELETE", `/api/api-keys/${made.apiKey.id}?organizationId=${org}`),
      200,
    );
    expect((await service(server, bearer(made.key)).get("/api/api-keys/self")).status).toBe(401);
    const events = (await audit(org)).filter((e) => e.targetId === made.apiKey.id).map((e) => e.action);
    expect(events.sort()).toEqual(["api_key.created", "api_key.revoked"]);
  });

  it("checks what a key is created with", async () => {
    const me = await signUpPerson(server, "checks");
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "", scopes: [] }, "API_KEY_NAME_INVALID"],
      [{ name: "x".repeat(65), scopes: [] }, "API_KEY_NAME_INVALID"],
      [{ name: "x", scopes: ["admin:all"] }, "API_KEY_SCOPE_UNKNOWN"],
      [{ name: "x", scopes: [], expiresInDays: 3 }, "API_KEY_EXPIRY_INVALID"],
    ];
    for (const [body, code] of cases) {
      const res = await me.client.post("/api/api-keys", body);
      expect({ status: res.status, code: res.body?.code }).toEqual({ status: 400, code });
    }
    // The engine's own key routes are not reachable over HTTP (keys get scopes and audit only through /api/api-keys).
    expect((await me.client.post("/api/auth/api-key/create", { name: "x" })).status).toBe(404);
  });

  it("rate-limits a key with the plugin's per-key limit (429, Retry-After)", async () => {
    const me = await signUpPerson(server, "limited");
    const created = (await server.running.auth.api.createApiKey({
      body: { name: "tight", userId: me.user.id, rateLimitMax: 2, rateLimitTimeWindow: 60_000 },
    })) as { key: string };
    const as = service(server, bearer(created.key));
    expectStatus(await as.get("/api/auth/get-session"), 200);
    expectStatus(await as.get("/api/auth/get-session"), 200);
    const limited = await as.get("/api/auth/get-session");
    expect({ status: limited.status, code: limited.body?.code }).toEqual({ status: 429, code: "RATE_LIMITED" });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    const app = await as.get("/api/api-keys/self");
    expect({ status: app.status, code: app.body?.code }).toEqual({ status: 429, code: "RATE_LIMITED" });
  });
});
