import { createRemoteJWKSet, jwtVerify } from "jose";
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
  type Person,
  signUpPerson,
} from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

// openid-client (a certified relying-party library no one here wrote) drives Tessera over HTTP.
describe.each(databaseKinds)("Sign in with Tessera: OpenID Connect on %s", (kind) => {
  let server: TestServer;
  let admin: Person;
  let user: Person;
  let app: RegisteredClient;
  let organizationId: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await createAdminWithCli(server);
    user = await server.signUp(`oidc-${kind}-${Date.now()}@example.com`, { name: "Ada Lovelace", language: 6 });
    organizationId = (await createOrganization(user.client, "oidc")).id;
    app = await registerClient(admin.client);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it("discovery is at the origin root and names the engine's endpoints", async () => {
    const res = await fetch(`${server.url}/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    const meta = await res.json();
    expect(meta).toMatchObject({
      issuer: server.url,
      authorization_endpoint: `${server.auth}/oauth2/authorize`,
      token_endpoint: `${server.auth}/oauth2/token`,
      userinfo_endpoint: `${server.auth}/oauth2/userinfo`,
      jwks_uri: `${server.auth}/jwks`,
      revocation_endpoint: `${server.auth}/oauth2/revoke`,
      introspection_endpoint: `${server.auth}/oauth2/introspect`,
      end_session_endpoint: `${server.auth}/oauth2/end-session`,
      code_challenge_methods_supported: ["S256"],
      id_token_signing_alg_values_supported: ["RS256"],
    });
    expect(meta.scopes_supported).toContain("organizations");
  });

  it("code + PKCE: consent, ID token with nonce and claims, userinfo, refresh, and a reused refresh token ends the family", async () => {
    const config = await discover(server, app);
    const scope = "openid profile email offline_access organizations";
    const { url, checks } = await startAuthorization(config, app.redirectUri, scope);
    const callback = await authorizeAsUser(server, user.client, url);
    expect(callback.origin + callback.pathname).toBe(app.redirectUri);
    expect(callback.searchParams.get("state")).toBe(checks.expectedState);

    const tokens = await oidc.authorizationCodeGrant(config, callback, { ...checks, idTokenExpected: true });
    const claims = tokens.claims();
    expect(claims).toMatchObject({
      iss: server.url,
      aud: app.clientId,
      sub: user.user.id,
      nonce: checks.expectedNonce,
      email: user.user.email,
      email_verified: true,
      name: "Ada Lovelace",
      locale: "de",
      organization_id: organizationId,
      organization_roles: ["owner"],
    });
    // The organization's default team, which its creator joined.
    expect(claims?.team_ids).toEqual([expect.any(String)]);

    const info = await oidc.fetchUserInfo(config, tokens.access_token, user.user.id);
    expect(info).toMatchObject({
      sub: user.user.id,
      email: user.user.email,
      locale: "de",
      organization_id: organizationId,
    });

    const first = tokens.refresh_token as string;
    const refreshed = await oidc.refreshTokenGrant(config, first);
    expect(refreshed.refresh_token).toBeTruthy();
    expect(refreshed.refresh_token).not.toBe(first);
    expect(refreshed.claims()?.sub).toBe(user.user.id);

    // The old refresh token again: refused, and the token that replaced it dies with it.
    await expect(oidc.refreshTokenGrant(config, first)).rejects.toMatchObject({ error: "invalid_grant" });
    await expect(oidc.refreshTokenGrant(config, refreshed.refresh_token as string)).rejects.toMatchObject({
      error: "invalid_grant",
    });
  });

  it("a code is single use: replaying it fails and ends the tokens it gave", async () => {
    const config = await discover(server, app);
    const { url, checks } = await startAuthorization(config, app.redirectUri, "openid offline_access");
    const callback = await authorizeAsUser(server, user.client, url);
    const tokens = await oidc.authorizationCodeGrant(config, callback, checks);
    await expect(oidc.authorizationCodeGrant(config, callback, checks)).rejects.toMatchObject({
      error: "invalid_grant",
    });
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token as string)).rejects.toMatchObject({
      error: "invalid_grant",
    });
    const introspected = await oidc.tokenIntrospection(config, tokens.access_token);
    expect(introspected.active).toBe(false);
  });

  it("consent is remembered per user and client; revoking it asks again and ends the app's tokens", async () => {
    const config = await discover(server, app);
    const { url } = await startAuthorization(config, app.redirectUri, "openid email offline_access");
    // Consent was given in the previous test for these scopes: straight back to the app with a code.
    const again = nextLocation(await user.client.get(url.toString()));
    expect(new URL(again).searchParams.get("code")).toBeTruthy();

    const consents = expectStatus(await user.client.get("/api/auth/oauth2/get-consents"), 200).body as {
      id: string;
      clientId: string;
    }[];
    const consent = consents.find((c) => c.clientId === app.clientId);
    expect(consent).toBeTruthy();
    expectStatus(await user.client.post("/api/auth/oauth2/delete-consent", { id: consent?.id }), 200);

    const asked = nextLocation(await user.client.get(url.toString()));
    expect(new URL(asked, server.url).pathname).toBe("/oauth/consent");
    const refreshTokens = await server.running.database.db
      .selectFrom("oauthRefreshToken")
      .select("id")
      .where("clientId", "=", app.clientId)
      .where("userId", "=", user.user.id)
      .execute();
    expect(refreshTokens).toEqual([]);
  });

  it("a session JWT from /api/auth/token verifies with jose against the JWKS URL", async () => {
    const res = expectStatus(await user.client.get("/api/auth/token"), 200);
    const jwks = createRemoteJWKSet(new URL(`${server.auth}/jwks`));
    const { payload, protectedHeader } = await jwtVerify(res.body.token, jwks, {
      issuer: server.url,
      audience: server.url,
    });
    expect(protectedHeader.alg).toBe("RS256");
    expect(payload.sub).toBe(user.user.id);
    expect(payload.email).toBe(user.user.email);
    expect((payload.exp as number) - (payload.iat as number)).toBe(900);
  });

  it("client credentials: a confidential client gets a token for itself, introspection names the client", async () => {
    const config = await discover(server, app);
    const tokens = await oidc.clientCredentialsGrant(config, { scope: "service" });
    expect(tokens.scope).toBe("service");
    // User scopes are never given to a client acting as itself.
    await expect(oidc.clientCredentialsGrant(config, { scope: "openid email" })).rejects.toMatchObject({
      error: "invalid_scope",
    });
    expect(tokens.access_token).toBeTruthy();
    const introspected = await oidc.tokenIntrospection(config, tokens.access_token);
    expect(introspected).toMatchObject({ active: true, client_id: app.clientId });
  });

  it("RP-initiated logout: the app's ID token as hint ends the user's Tessera session", async () => {
    const person = await signUpPerson(server, "logout");
    const config = await discover(server, app);
    const { url, checks } = await startAuthorization(config, app.redirectUri, "openid");
    const tokens = await oidc.authorizationCodeGrant(config, await authorizeAsUser(server, person.client, url), checks);
    expect(tokens.claims()?.sid).toEqual(expect.any(String));
    const end = oidc.buildEndSessionUrl(config, { id_token_hint: tokens.id_token as string });
    expect(end.href.startsWith(`${server.auth}/oauth2/end-session`)).toBe(true);
    const res = await person.client.get(end.href);
    expect(res.status).toBeLessThan(400);
    expect((await person.client.get("/api/auth/get-session")).body).toBeNull();
  });

  it("the admin console's calls: change, new secret (the old one stops working), delete; each one audited", async () => {
    const temp = await registerClient(admin.client, { scopes: ["openid", "email"] });
    const base = `/api/admin/oauth-clients/${encodeURIComponent(temp.clientId)}`;
    const listed = expectStatus(await admin.client.get("/api/admin/oauth-clients"), 200).body.clients;
    expect(listed.find((c: { clientId: string }) => c.clientId === temp.clientId)).toMatchObject({
      name: "Team Wiki",
      type: "confidential",
      trusted: false,
      scopes: ["openid", "email"],
    });
    // The list never carries a secret.
    expect(JSON.stringify(listed)).not.toContain(temp.clientSecret);

    const changed = expectStatus(await admin.client.request("PATCH", base, { name: "Wiki 2", trusted: true }), 200);
    expect(changed.body.client).toMatchObject({ name: "Wiki 2", trusted: true });

    const rotated = expectStatus(await admin.client.post(`${base}/rotate-secret`), 200).body.clientSecret as string;
    expect(rotated).not.toBe(temp.clientSecret);
    await expect(oidc.clientCredentialsGrant(await discover(server, temp), { scope: "service" })).rejects.toMatchObject(
      { status: 401 },
    );
    const fresh = await discover(server, { ...temp, clientSecret: rotated });
    expect((await oidc.clientCredentialsGrant(fresh, { scope: "service" })).access_token).toBeTruthy();

    expectStatus(await admin.client.request("DELETE", base), 200);
    expect(
      (await admin.client.get("/api/admin/oauth-clients")).body.clients.map((c: { clientId: string }) => c.clientId),
    ).not.toContain(temp.clientId);

    const actions = async (action: string) =>
      (await admin.client.get("/api/audit", { action })).body.events as { targetId: string; actorId: string }[];
    for (const action of [
      "oauth_client.created",
      "oauth_client.updated",
      "oauth_client.secret_rotated",
      "oauth_client.deleted",
    ]) {
      expect(
        (await actions(action)).find((e) => e.targetId === temp.clientId),
        action,
      ).toMatchObject({
        actorId: admin.user.id,
      });
    }
    // The user's consent to the app and its removal, from the tests above.
    for (const action of ["oauth_consent.granted", "oauth_consent.revoked"]) {
      const events = await actions(action);
      expect(
        events.some((e) => e.targetId === app.clientId && e.actorId === user.user.id),
        action,
      ).toBe(true);
    }
  });
});
