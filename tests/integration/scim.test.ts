// Long, one subject: SCIM provisioning over HTTP, sharing one server, token and domain.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailWithLink, PASSWORD, signIn } from "../helpers/auth-flows.js";
import type { TestClient } from "../helpers/client.js";
import { databaseKinds } from "../helpers/databases.js";
import { startDnsServer, type TestDnsServer } from "../helpers/dns-server.js";
import {
  createOrganization,
  expectStatus,
  joinQuickly,
  listMembers,
  type OrganizationSetup,
  type Person,
  setupOrganization,
  signUpPerson,
  uniqueEmail,
} from "../helpers/org-fixtures.js";
import {
  SCIM_ERROR_SCHEMA,
  SCIM_GROUP_SCHEMA,
  SCIM_LIST_SCHEMA,
  type ScimClient,
  scimClient,
  scimUser,
} from "../helpers/scim-client.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { verifyDomain } from "../helpers/verified-domain.js";

// docs/scim.md: an organization's SCIM 2.0 service (RFC 7643/7644) on the engine's @better-auth/scim,
// driven here the way an IdP drives it: bearer token, application/scim+json, no cookies.

const scimBase = (organizationId: string) => `/api/organizations/${organizationId}/scim`;

function expectScimError(res: { status: number; body: any }, status: number, scimType?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.schemas).toEqual([SCIM_ERROR_SCHEMA]);
  expect(res.body.status).toBe(String(status));
  expect(typeof res.body.detail).toBe("string");
  if (scimType) expect(res.body.scimType).toBe(scimType);
}

/**
 * What a provisioned person (an account without a password) does to get a session: sets a password
 * through "forgot password", signs in, and follows the verification mail the first time.
 */
async function signInProvisioned(server: TestServer, email: string): Promise<TestClient> {
  let since = server.mail.messages.length;
  expectStatus(
    await server.client().post("/api/auth/request-password-reset", { email, redirectTo: "/reset-password" }),
    200,
  );
  const { link } = await mailWithLink(server, email, "/reset-password/", since);
  const token = new URL(link).pathname.split("/").pop();
  expectStatus(await server.client().post("/api/auth/reset-password", { newPassword: PASSWORD, token }), 200);
  since = server.mail.messages.length;
  const { client, res } = await signIn(server, email, PASSWORD);
  if (res.status === 403) {
    const verification = await mailWithLink(server, email, "/verify-email", since);
    await server.followMailLink(client, verification.link);
  } else {
    expectStatus(res, 200);
  }
  expect(client.sessionCookie).toBeTruthy();
  return client;
}

async function auditActions(owner: TestClient, organizationId: string) {
  const res = expectStatus(await owner.get("/api/audit", { organizationId, pageSize: "100" }), 200);
  return res.body.events as { action: string; targetId: string | null; detail: Record<string, unknown> | null }[];
}

describe.each(databaseKinds)("SCIM provisioning over HTTP on %s", (kind) => {
  let server: TestServer;
  let team: OrganizationSetup;
  let scim: ScimClient;
  let token: string;
  let baseUrl: string;
  let dns: TestDnsServer;
  // The organization's verified domain: SCIM makes accounts only there (docs/scim.md "Which accounts").
  const domain = `scim-${Date.now().toString(36)}.example`;
  const inDomain = (tag: string) => uniqueEmail(tag).replace(/@example\.com$/, `@${domain}`);

  beforeAll(async () => {
    dns = await startDnsServer();
    server = await startTestServer(kind, { env: { DNS_SERVERS: dns.address } });
    team = await setupOrganization(server, "scim");
    await verifyDomain(dns, team.owner.client, team.organization.id, domain);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await dns?.close();
  });

  it("the token: owners and admins manage it, members and outsiders do not; shown once", async () => {
    const base = scimBase(team.organization.id);
    // Nothing yet.
    const empty = expectStatus(await team.owner.client.get(base), 200);
    expect(empty.body).toMatchObject({ enabled: false, connection: null, credentials: [] });
    expect(empty.body.baseUrl).toBe(`${server.url}/api/auth/scim/v2`);
    expect(empty.headers.get("cache-control")).toBe("no-store");

    for (const refused of [team.member.client, (await signUpPerson(server, "scim-outsider")).client]) {
      expect((await refused.get(base)).body).toMatchObject({ code: "FORBIDDEN" });
      expect((await refused.post(`${base}/token`)).status).toBe(403);
      expect((await refused.request("DELETE", `${base}/token`)).status).toBe(403);
    }
    expect((await server.client().get(base)).status).toBe(401);

    const created = expectStatus(await team.owner.client.post(`${base}/token`), 201);
    token = created.body.token;
    baseUrl = created.body.baseUrl;
    expect(token).toMatch(/^ba_scim_credential_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(created.body.enabled).toBe(true);
    expect(created.body.credentials).toHaveLength(1);
    scim = scimClient(baseUrl, token);

    // Never shown again: not to the owner, not to an admin (who may manage it).
    const later = expectStatus(await team.admin.client.get(base), 200);
    expect(JSON.stringify(later.body)).not.toContain(token.split(".")[1]);
    expect(later.body.credentials[0]).toMatchObject({ status: "active" });
  });

  it("refuses requests without a valid bearer token, in SCIM's error format", async () => {
    const anonymous = await scimClient(baseUrl, null).get("/Users");
    expectScimError(anonymous, 401);
    expect(anonymous.headers.get("www-authenticate")).toContain("Bearer");
    expect(anonymous.headers.get("content-type")).toContain("application/scim+json");
    expectScimError(await scimClient(baseUrl, `${token}x`).get("/Users"), 401);
    expectScimError(await scimClient(baseUrl, "ba_scim_credential_nope.nope").get("/Users"), 401);
    // A session cookie is not a SCIM credential.
    const withCookie = await team.owner.client.get("/api/auth/scim/v2/Users");
    expect(withCookie.status).toBe(401);
  });

  let aliceId: string;
  const alice = inDomain("scim-alice");

  it("creates a User: a new account, member of the organization", async () => {
    const res = await scim.post("/Users", scimUser(alice));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ userName: alice, active: true, meta: { resourceType: "User" } });
    aliceId = res.body.id;
    expect(res.headers.get("location")).toBe(`${baseUrl}/Users/${aliceId}`);
    const member = (await listMembers(team.owner.client, team.organization.id)).find((m) => m.user.email === alice);
    expect(member?.role).toBe("member");

    const got = await scim.get(`/Users/${aliceId}`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ id: aliceId, userName: alice, externalId: `ext-${alice.split("@")[0]}` });
  });

  it("refuses a second User with the same userName (409 uniqueness) and a malformed one (400)", async () => {
    expectScimError(await scim.post("/Users", scimUser(alice)), 409, "uniqueness");
    expectScimError(await scim.post("/Users", { schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"] }), 400);
    const notJson = await scim.request("POST", "/Users", undefined);
    expect(notJson.status).toBeGreaterThanOrEqual(400);
    expect(notJson.status).toBeLessThan(500);
    expectScimError(await scim.get("/Users/does-not-exist"), 404);
    expectScimError(await scim.get(`/Users?filter=${encodeURIComponent("userName co")}`), 400, "invalidFilter");
  });

  it("an existing account is linked only when it is already a member, and never an owner", async () => {
    const outsider = await signUpPerson(server, "scim-not-member");
    expectScimError(await scim.post("/Users", scimUser(outsider.user.email)), 409, "uniqueness");
    expect((await listMembers(team.owner.client, team.organization.id)).map((m) => m.userId)).not.toContain(
      outsider.user.id,
    );
    expectScimError(await scim.post("/Users", scimUser(team.owner.user.email)), 409, "uniqueness");
    // A member is linked: SCIM now manages the membership; the account's own profile stays.
    const linked = await scim.post("/Users", scimUser(team.member.user.email, { displayName: "Renamed By IdP" }));
    expect(linked.status, JSON.stringify(linked.body)).toBe(201);
    const me = expectStatus(await team.member.client.get("/api/auth/get-session"), 200);
    expect(me.body.user.name).not.toBe("Renamed By IdP");
  });

  it("lists Users with filter and startIndex/count pagination (RFC 7644 §3.4.2)", async () => {
    for (const tag of ["scim-bob", "scim-carol"]) {
      expect((await scim.post("/Users", scimUser(inDomain(tag)))).status).toBe(201);
    }
    const all = await scim.get("/Users");
    expect(all.status).toBe(200);
    expect(all.body.schemas).toEqual([SCIM_LIST_SCHEMA]);
    const total = all.body.totalResults as number;
    expect(total).toBe(4); // alice, the linked member, bob, carol

    const first = await scim.get("/Users?startIndex=1&count=2");
    expect(first.body).toMatchObject({ totalResults: total, startIndex: 1, itemsPerPage: 2 });
    expect(first.body.Resources).toHaveLength(2);
    const second = await scim.get("/Users?startIndex=3&count=2");
    expect(second.body).toMatchObject({ totalResults: total, startIndex: 3, itemsPerPage: 2 });
    const ids = [...first.body.Resources, ...second.body.Resources].map((r: { id: string }) => r.id);
    expect(new Set(ids).size).toBe(4);
    // Past the end: no resources; count=0: only the total (§3.4.2.4).
    expect((await scim.get("/Users?startIndex=10")).body).toMatchObject({ totalResults: total, Resources: [] });
    expect((await scim.get("/Users?count=0")).body).toMatchObject({ totalResults: total, itemsPerPage: 0 });

    const filtered = await scim.get(`/Users?filter=${encodeURIComponent(`userName eq "${alice.toUpperCase()}"`)}`);
    expect(filtered.body.totalResults).toBe(1);
    expect(filtered.body.Resources[0].id).toBe(aliceId);
    const none = await scim.get(`/Users?filter=${encodeURIComponent('userName eq "nobody@example.com"')}`);
    expect(none.body).toMatchObject({ totalResults: 0, Resources: [] });
  });

  it("replaces a User (PUT) and patches it (PATCH)", async () => {
    const replaced = await scim.put(`/Users/${aliceId}`, scimUser(alice, { displayName: "Alice Replaced" }));
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body.displayName).toBe("Alice Replaced");
    const patched = await scim.patch(`/Users/${aliceId}`, [{ op: "replace", path: "name.givenName", value: "Alicia" }]);
    expect(patched.status).toBe(200);
    expect(patched.body.name.givenName).toBe("Alicia");
    expectScimError(await scim.patch(`/Users/${aliceId}`, [{ op: "replace", path: "id", value: "x" }]), 400);
  });

  it("makes accounts and changes their addresses only in the organization's verified domains (403 otherwise)", async () => {
    // Another domain (a person's own mailbox, another company): no account is made for it.
    const elsewhere = uniqueEmail("scim-elsewhere");
    const refused = await scim.post("/Users", scimUser(elsewhere));
    expectScimError(refused, 403);
    expect(refused.body.detail).toContain("verified domain");
    const { adapter } = await server.running.auth.$context;
    expect(await adapter.findOne({ model: "user", where: [{ field: "email", value: elsewhere }] })).toBeNull();
    // A managed account is not re-addressed outside the domains either, by PUT or by PATCH.
    expectScimError(await scim.put(`/Users/${aliceId}`, scimUser(elsewhere, { userName: alice })), 403);
    expectScimError(
      await scim.patch(`/Users/${aliceId}`, [
        { op: "replace", path: 'emails[type eq "work"].value', value: uniqueEmail("scim-moved") },
      ]),
      403,
    );
    const kept = await adapter.findOne<{ email: string }>({
      model: "user",
      where: [{ field: "id", value: await userIdOf(alice) }],
    });
    expect(kept?.email).toBe(alice);
    // Within the domain it moves, and the new address has to be verified again (the engine's rule).
    const moved = inDomain("scim-alice-moved");
    const ok = await scim.put(`/Users/${aliceId}`, scimUser(moved, { userName: alice }));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const after = await adapter.findOne<{ email: string; emailVerified: boolean }>({
      model: "user",
      where: [{ field: "id", value: await userIdOf(moved) }],
    });
    expect(after?.email).toBe(moved);
    expectStatus(await scim.put(`/Users/${aliceId}`, scimUser(alice, { displayName: "Alice Replaced" })), 200);
  });

  async function userIdOf(email: string): Promise<string> {
    const { adapter } = await server.running.auth.$context;
    const user = await adapter.findOne<{ id: string }>({ model: "user", where: [{ field: "email", value: email }] });
    return user?.id ?? "";
  }

  it("active=false ends the user's sessions in the organization and removes the membership; true restores it", async () => {
    const client = await signInProvisioned(server, alice);
    expectStatus(await client.post("/api/auth/organization/set-active", { organizationId: team.organization.id }), 200);
    expect((await client.get("/api/auth/get-session")).body?.session).toBeTruthy();

    const res = await scim.patch(`/Users/${aliceId}`, [{ op: "replace", path: "active", value: false }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.active).toBe(false);
    expect((await client.get("/api/auth/get-session")).body).toBeNull();
    const members = await listMembers(team.owner.client, team.organization.id);
    expect(members.map((m) => m.user.email)).not.toContain(alice);

    const back = await scim.patch(`/Users/${aliceId}`, [{ op: "replace", value: { active: true } }]);
    expect(back.status).toBe(200);
    const again = (await listMembers(team.owner.client, team.organization.id)).find((m) => m.user.email === alice);
    expect(again?.role).toBe("member");
  });

  it("Groups are teams: members follow the Group, a renamed Group renames its team, a deleted one removes it", async () => {
    const created = await scim.post("/Groups", {
      schemas: [SCIM_GROUP_SCHEMA],
      displayName: "Engineering",
      members: [{ value: aliceId }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const groupId = created.body.id as string;
    const teamsOf = async () =>
      expectStatus(
        await team.owner.client.get("/api/auth/organization/list-teams", { organizationId: team.organization.id }),
        200,
      ).body as { id: string; name: string }[];
    const engineering = (await teamsOf()).find((t) => t.name === "Engineering");
    expect(engineering).toBeDefined();
    const aliceUserId = (await listMembers(team.owner.client, team.organization.id)).find(
      (m) => m.user.email === alice,
    )?.userId;
    const rosterOf = async (teamId: string) =>
      (
        expectStatus(await team.owner.client.get(`/api/organizations/${team.organization.id}/team-members`), 200).body
          .teamMembers as { teamId: string; userId: string }[]
      )
        .filter((m) => m.teamId === teamId)
        .map((m) => m.userId);
    expect(await rosterOf(engineering!.id)).toEqual([aliceUserId]);

    const renamed = await scim.patch(`/Groups/${groupId}`, [
      { op: "replace", path: "displayName", value: "Platform" },
      { op: "remove", path: `members[value eq "${aliceId}"]` },
    ]);
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const platform = (await teamsOf()).find((t) => t.id === engineering!.id);
    expect(platform?.name).toBe("Platform");
    expect(await rosterOf(engineering!.id)).toEqual([]);

    expect((await scim.delete(`/Groups/${groupId}`)).status).toBe(204);
    expect((await teamsOf()).map((t) => t.id)).not.toContain(engineering!.id);
    expectScimError(await scim.get(`/Groups/${groupId}`), 404);
  });

  it("DELETE removes the membership and ends the sessions; the account itself stays", async () => {
    const client = await signInProvisioned(server, alice);
    expectStatus(await client.post("/api/auth/organization/set-active", { organizationId: team.organization.id }), 200);
    const res = await scim.delete(`/Users/${aliceId}`);
    expect(res.status).toBe(204);
    expectScimError(await scim.get(`/Users/${aliceId}`), 404);
    expectScimError(await scim.delete(`/Users/${aliceId}`), 404);
    expect((await client.get("/api/auth/get-session")).body).toBeNull();
    expect((await listMembers(team.owner.client, team.organization.id)).map((m) => m.user.email)).not.toContain(alice);
  });

  it("everything is in the organization's audit log", async () => {
    const actions = (await auditActions(team.owner.client, team.organization.id)).map((e) => e.action);
    for (const action of [
      "scim.token_created",
      "scim.user_created",
      "scim.user_updated",
      "scim.user_deactivated",
      "scim.user_reactivated",
      "scim.user_deleted",
      "member.added",
      "member.removed",
      "team.created",
      "team.updated",
      "team.member_added",
      "team.member_removed",
      "team.deleted",
    ]) {
      expect(actions, action).toContain(action);
    }
  });

  describe("a token is scoped to its one organization", () => {
    let other: { owner: Person; organizationId: string; scim: ScimClient };
    let both: Person;
    let inA: string;
    let inB: string;

    beforeAll(async () => {
      const owner = await signUpPerson(server, "scim-b-owner");
      const organization = await createOrganization(owner.client, "scim-b");
      const created = expectStatus(await owner.client.post(`${scimBase(organization.id)}/token`), 201);
      other = { owner, organizationId: organization.id, scim: scimClient(created.body.baseUrl, created.body.token) };
      // One person, member of both: provisioned by A's IdP, invited into B, then linked by B's IdP.
      both = await signUpPerson(server, "scim-both");
      await joinQuickly(team.owner.client, team.organization.id, both, "member");
      await joinQuickly(owner.client, organization.id, both, "member");
      inA = (await scim.post("/Users", scimUser(both.user.email))).body.id;
      inB = (await other.scim.post("/Users", scimUser(both.user.email))).body.id;
      expect(inA).toBeTruthy();
      expect(inB).toBeTruthy();
      expect(inA).not.toBe(inB);
    });

    it("A's token never sees or changes B's Users, even of a person in both", async () => {
      expectScimError(await scim.get(`/Users/${inB}`), 404);
      expectScimError(await scim.put(`/Users/${inB}`, scimUser(both.user.email, { active: false })), 404);
      expectScimError(await scim.patch(`/Users/${inB}`, [{ op: "replace", path: "active", value: false }]), 404);
      expectScimError(await scim.delete(`/Users/${inB}`), 404);
      const listed = await scim.get(`/Users?filter=${encodeURIComponent(`userName eq "${both.user.email}"`)}`);
      expect(listed.body.Resources.map((r: { id: string }) => r.id)).toEqual([inA]);
      const everyone = await other.scim.get("/Users");
      expect(everyone.body.Resources.map((r: { id: string }) => r.id)).toEqual([inB]);
      // Groups too.
      const group = await other.scim.post("/Groups", {
        schemas: [SCIM_GROUP_SCHEMA],
        displayName: "B only",
        members: [{ value: inB }],
      });
      expect(group.status).toBe(201);
      expectScimError(await scim.get(`/Groups/${group.body.id}`), 404);
      expectScimError(await scim.delete(`/Groups/${group.body.id}`), 404);
      // A Group of A cannot take a User of B.
      const cross = await scim.post("/Groups", {
        schemas: [SCIM_GROUP_SCHEMA],
        displayName: "Cross",
        members: [{ value: inB }],
      });
      expect(cross.status).toBeGreaterThanOrEqual(400);
      expect(cross.status).toBeLessThan(500);
    });

    it("deprovisioning in A leaves the membership (and the session) in B alone", async () => {
      expectStatus(
        await both.client.post("/api/auth/organization/set-active", { organizationId: other.organizationId }),
        200,
      );
      const res = await scim.patch(`/Users/${inA}`, [{ op: "replace", path: "active", value: false }]);
      expect(res.status).toBe(200);
      expect((await listMembers(team.owner.client, team.organization.id)).map((m) => m.userId)).not.toContain(
        both.user.id,
      );
      expect((await listMembers(other.owner.client, other.organizationId)).map((m) => m.userId)).toContain(
        both.user.id,
      );
      // Still active in B's directory: the session whose active organization is B goes on.
      expect((await both.client.get("/api/auth/get-session")).body?.user?.id).toBe(both.user.id);
      expect((await other.scim.get(`/Users/${inB}`)).body.active).toBe(true);
    });
  });

  it("with the domain removed, no new accounts; the IdP still updates and deprovisions the ones it has", async () => {
    const bob = inDomain("scim-after-removal");
    const created = expectStatus(await scim.post("/Users", scimUser(bob)), 201);
    expectStatus(
      await team.owner.client.request("DELETE", `/api/organizations/${team.organization.id}/sso/domain`),
      200,
    );
    expectScimError(await scim.post("/Users", scimUser(inDomain("scim-too-late"))), 403);
    const renamed = await scim.put(`/Users/${created.body.id}`, scimUser(bob, { displayName: "Bob Renamed" }));
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const off = await scim.patch(`/Users/${created.body.id}`, [{ op: "replace", path: "active", value: false }]);
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await listMembers(team.owner.client, team.organization.id)).map((m) => m.user.email)).not.toContain(bob);
    await verifyDomain(dns, team.owner.client, team.organization.id, domain);
  });

  it("rotating gives a new token and ends the old one; revoking ends SCIM (401), members stay", async () => {
    const base = scimBase(team.organization.id);
    const rotated = expectStatus(await team.admin.client.post(`${base}/token`), 201);
    expect(rotated.body.token).not.toBe(token);
    expectScimError(await scim.get("/Users"), 401);
    const fresh = scimClient(baseUrl, rotated.body.token);
    expect((await fresh.get("/Users")).status).toBe(200);
    const membersBefore = await listMembers(team.owner.client, team.organization.id);

    const revoked = expectStatus(await team.owner.client.request("DELETE", `${base}/token`), 200);
    expect(revoked.body.enabled).toBe(false);
    expectScimError(await fresh.get("/Users"), 401);
    expectScimError(await fresh.post("/Users", scimUser(inDomain("scim-late"))), 401);
    expect((await listMembers(team.owner.client, team.organization.id)).length).toBe(membersBefore.length);
    expect((await team.owner.client.request("DELETE", `${base}/token`)).body).toMatchObject({
      code: "SCIM_TOKEN_NOT_FOUND",
    });
    const actions = (await auditActions(team.owner.client, team.organization.id)).map((e) => e.action);
    expect(actions).toContain("scim.token_rotated");
    expect(actions).toContain("scim.token_revoked");
  });
});
