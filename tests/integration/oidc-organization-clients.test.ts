import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "../helpers/client.js";
import { databaseKinds } from "../helpers/databases.js";
import {
  authorizeAsUser,
  discover,
  nextLocation,
  type RegisteredClient,
  registerClient,
  startAuthorization,
} from "../helpers/oidc-rp.js";
import {
  createAdminWithCli,
  createOrganization,
  expectStatus,
  type OrganizationSetup,
  type Person,
  setupOrganization,
  signUpPerson,
} from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const REDIRECT = "http://127.0.0.1:9/org-callback";

// An organization's own apps (docs/integrate.md "Apps of an organization"): its owners and admins manage
// them; they give tokens only to its members. openid-client is the relying party, over HTTP.
describe.each(databaseKinds)("OAuth clients of an organization on %s", (kind) => {
  let server: TestServer;
  let siteAdmin: Person;
  let team: OrganizationSetup;
  let outsider: Person;
  let otherOwner: Person;
  let otherOrganizationId: string;
  let siteApp: RegisteredClient;

  const base = (organizationId: string) => `/api/organizations/${organizationId}/oauth-clients`;

  async function create(client: TestClient, organizationId: string, body: Record<string, unknown> = {}) {
    return client.post(base(organizationId), {
      name: "Team Board",
      redirectUris: [REDIRECT],
      scopes: ["openid", "profile", "email", "offline_access"],
      type: "confidential",
      ...body,
    });
  }

  async function audit(organizationId: string) {
    const { adapter } = await server.running.auth.$context;
    return (await adapter.findMany({
      model: "auditEvent",
      where: [{ field: "organizationId", value: organizationId }],
    })) as { action: string; actorId: string; targetId: string }[];
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
    siteAdmin = await createAdminWithCli(server);
    team = await setupOrganization(server, `orgapps-${kind}`);
    outsider = await signUpPerson(server, "orgapps-outsider");
    otherOwner = await signUpPerson(server, "orgapps-other");
    otherOrganizationId = (await createOrganization(otherOwner.client, "orgapps-other")).id;
    siteApp = await registerClient(siteAdmin.client, { redirectUri: REDIRECT });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  it("an owner creates, lists, changes, rotates the secret of and deletes the organization's client (audited with the organization)", async () => {
    const orgId = team.organization.id;
    const created = expectStatus(await create(team.owner.client, orgId), 201).body;
    expect(created.clientSecret).toEqual(expect.any(String));
    expect(created.client).toMatchObject({ name: "Team Board", trusted: false, type: "confidential" });
    const clientId = created.client.clientId as string;
    const listed = expectStatus(await team.owner.client.get(base(orgId)), 200).body.clients;
    expect(listed.map((c: { clientId: string }) => c.clientId)).toEqual([clientId]);
    // The secret is never listed.
    expect(JSON.stringify(listed)).not.toContain(created.clientSecret);

    const changed = expectStatus(
      await team.admin.client.request("PATCH", `${base(orgId)}/${clientId}`, {
        name: "Team Board 2",
        redirectUris: [REDIRECT, "http://127.0.0.1:9/other"],
        scopes: ["openid", "email"],
        backchannelLogoutUri: "https://board.example.com/logout",
      }),
      200,
    ).body.client;
    expect(changed).toMatchObject({
      name: "Team Board 2",
      scopes: ["openid", "email"],
      backchannelLogoutUri: "https://board.example.com/logout",
    });
    const cleared = expectStatus(
      await team.owner.client.request("PATCH", `${base(orgId)}/${clientId}`, { backchannelLogoutUri: null }),
      200,
    ).body.client;
    expect(cleared.backchannelLogoutUri).toBeNull();

    const rotated = expectStatus(
      await team.owner.client.post(`${base(orgId)}/${clientId}/rotate-secret`, {}),
      200,
    ).body;
    expect(rotated.clientSecret).toEqual(expect.any(String));
    expect(rotated.clientSecret).not.toBe(created.clientSecret);

    expectStatus(await team.owner.client.request("DELETE", `${base(orgId)}/${clientId}`), 200);
    expect(expectStatus(await team.owner.client.get(base(orgId)), 200).body.clients).toEqual([]);

    const actions = (await audit(orgId)).filter((e) => e.targetId === clientId).map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        "oauth_client.created",
        "oauth_client.updated",
        "oauth_client.secret_rotated",
        "oauth_client.deleted",
      ]),
    );
  });

  it("an organization's client is never first-party, and gets no client credentials grant", async () => {
    const orgId = team.organization.id;
    const trusted = expectStatus(await create(team.owner.client, orgId, { trusted: true }), 400);
    expect(trusted.body.code).toBe("BAD_REQUEST");
    const { client } = expectStatus(await create(team.owner.client, orgId, { name: "No shortcut" }), 201).body;
    expectStatus(await team.owner.client.request("PATCH", `${base(orgId)}/${client.clientId}`, { trusted: true }), 400);
    const { adapter } = await server.running.auth.$context;
    const row = (await adapter.findOne({
      model: "oauthClient",
      where: [{ field: "clientId", value: client.clientId }],
    })) as { skipConsent?: boolean | null; grantTypes?: string[]; referenceId?: string };
    expect(Boolean(row.skipConsent)).toBe(false);
    expect(row.grantTypes).not.toContain("client_credentials");
    expect(row.referenceId).toBe(orgId);
    expectStatus(await team.owner.client.request("DELETE", `${base(orgId)}/${client.clientId}`), 200);
  });

  it("members without the permission, non-members and other organizations' owners are refused; no one reaches another owner's client", async () => {
    const orgId = team.organization.id;
    const { client } = expectStatus(await create(team.owner.client, orgId, { name: "Guarded" }), 201).body;
    const one = `${base(orgId)}/${client.clientId}`;

    for (const who of [team.member.client, outsider.client, otherOwner.client]) {
      expect(expectStatus(await who.get(base(orgId)), 403).body.code).toBe("FORBIDDEN");
      expectStatus(await create(who, orgId), 403);
      expectStatus(await who.request("PATCH", one, { name: "Taken" }), 403);
      expectStatus(await who.post(`${one}/rotate-secret`, {}), 403);
      expectStatus(await who.request("DELETE", one), 403);
      // A body the routes would refuse anyway is 400 whoever sends it: it is checked before the permission.
      expectStatus(await create(who, orgId, { trusted: true }), 400);
      expectStatus(await who.request("PATCH", one, { trusted: true }), 400);
    }
    // Through their own organization, another owner reaches neither this client nor the site's.
    const other = base(otherOrganizationId);
    for (const id of [client.clientId, siteApp.clientId]) {
      expect(
        expectStatus(await otherOwner.client.request("PATCH", `${other}/${id}`, { name: "Taken" }), 404).body.code,
      ).toBe("OAUTH_CLIENT_NOT_FOUND");
      expectStatus(await otherOwner.client.post(`${other}/${id}/rotate-secret`, {}), 404);
      expectStatus(await otherOwner.client.request("DELETE", `${other}/${id}`), 404);
    }
    expect(expectStatus(await otherOwner.client.get(other), 200).body.clients).toEqual([]);
    // Nor through the engine's own client calls, nor the admin console's.
    expectStatus(await otherOwner.client.get("/api/auth/oauth2/get-clients"), 401);
    expectStatus(await team.owner.client.post("/api/auth/oauth2/delete-client", { client_id: client.clientId }), 401);
    expectStatus(await team.owner.client.get("/api/admin/oauth-clients"), 403);
    // The site admin's own console cannot change it either (it is the organization's) but lists it with its owner.
    const all = expectStatus(await siteAdmin.client.get("/api/admin/oauth-clients"), 200).body.clients as {
      clientId: string;
      organization: { id: string; name: string } | null;
    }[];
    expect(all.find((c) => c.clientId === client.clientId)?.organization).toEqual({
      id: orgId,
      name: team.organization.name,
    });
    expect(all.find((c) => c.clientId === siteApp.clientId)?.organization).toBeNull();
    expect(expectStatus(await team.owner.client.get(base(orgId)), 200).body.clients).toHaveLength(1);
    expectStatus(await team.owner.client.request("DELETE", one), 200);
  });

  it("gives tokens to the organization's members (after consent) and sends anyone else back with access_denied", async () => {
    const orgId = team.organization.id;
    const created = expectStatus(await create(team.owner.client, orgId, { name: "Members only" }), 201).body;
    const app: RegisteredClient = {
      clientId: created.client.clientId,
      clientSecret: created.clientSecret,
      redirectUri: REDIRECT,
    };
    const config = await discover(server, app);

    // A member: asked for consent (never first-party), then a code and an ID token.
    const { url, checks } = await startAuthorization(config, REDIRECT, "openid email");
    const first = new URL(nextLocation(await team.member.client.get(url.toString())), server.url);
    expect(first.pathname).toBe("/oauth/consent");
    const callback = await authorizeAsUser(server, team.member.client, url);
    const tokens = await oidc.authorizationCodeGrant(config, callback, { ...checks, idTokenExpected: true });
    expect(tokens.claims()).toMatchObject({ sub: team.member.user.id, aud: app.clientId });

    // Not a member: back to the client with an OAuth error, state kept; no code.
    const denied = await startAuthorization(config, REDIRECT, "openid email");
    const back = new URL(nextLocation(await outsider.client.get(denied.url.toString())));
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("error_description")).toMatch(/not a member of the organization/);
    expect(back.searchParams.get("state")).toBe(denied.checks.expectedState);
    expect(back.searchParams.get("code")).toBeNull();
    // openid-client reads it as the authorization server's refusal.
    await expect(oidc.authorizationCodeGrant(config, back, denied.checks)).rejects.toMatchObject({
      error: "access_denied",
    });

    // A member who leaves is refused from then on, even with the consent remembered, and the refresh
    // token given while a member gives nothing more.
    const offline = await startAuthorization(config, REDIRECT, "openid email offline_access");
    const offlineTokens = await oidc.authorizationCodeGrant(
      config,
      await authorizeAsUser(server, team.member.client, offline.url),
      offline.checks,
    );
    const refreshToken = offlineTokens.refresh_token as string;
    expect(refreshToken).toEqual(expect.any(String));
    const refreshed = await oidc.refreshTokenGrant(config, refreshToken);
    expect(refreshed.access_token).toEqual(expect.any(String));
    const again = await startAuthorization(config, REDIRECT, "openid email");
    expect(
      new URL(nextLocation(await team.member.client.get(again.url.toString()))).searchParams.get("code"),
    ).toBeTruthy();
    expectStatus(await team.member.client.post("/api/auth/organization/leave", { organizationId: orgId }), 200);
    const left = new URL(nextLocation(await team.member.client.get(again.url.toString())));
    expect(left.searchParams.get("error")).toBe("access_denied");
    await expect(oidc.refreshTokenGrant(config, refreshed.refresh_token ?? refreshToken)).rejects.toMatchObject({
      error: "invalid_grant",
      error_description: expect.stringMatching(/not a member of the organization/),
    });

    // The site's clients stay open to every user.
    const site = await discover(server, siteApp);
    const open = await startAuthorization(site, REDIRECT, "openid");
    const consent = new URL(nextLocation(await outsider.client.get(open.url.toString())), server.url);
    expect(consent.pathname).toBe("/oauth/consent");
  });

  it("a signed-out non-member signing in on the way is refused after sign-in too", async () => {
    const orgId = team.organization.id;
    const created = expectStatus(await create(team.owner.client, orgId, { name: "After sign-in" }), 201).body;
    const app: RegisteredClient = {
      clientId: created.client.clientId,
      clientSecret: created.clientSecret,
      redirectUri: REDIRECT,
    };
    const config = await discover(server, app);
    const { url, checks } = await startAuthorization(config, REDIRECT, "openid");
    const anonymous = server.client();
    const login = new URL(nextLocation(await anonymous.get(url.toString())), server.url);
    expect(login.pathname).toBe("/oauth/sign-in");
    const signIn = expectStatus(
      await anonymous.post("/api/auth/sign-in/email", {
        email: outsider.user.email,
        password: "correct horse battery",
        oauth_query: login.search.slice(1),
      }),
      200,
    );
    const back = new URL(signIn.body.url as string);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("state")).toBe(checks.expectedState);
  });
});
