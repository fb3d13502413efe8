import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from "jose";
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BackchannelRp, type LogoutDelivery, startBackchannelRp } from "../helpers/backchannel-rp.js";
import type { TestClient } from "../helpers/client.js";
import { databaseKinds } from "../helpers/databases.js";
import { authorizeAsUser, discover, type RegisteredClient, startAuthorization } from "../helpers/oidc-rp.js";
import { createAdminWithCli, expectStatus, type Person, signUpPerson } from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const BACKCHANNEL_EVENT = "http://schemas.openid.net/event/backchannel-logout";

// OpenID Connect Back-Channel Logout 1.0, as the provider plugin implements it: ending a Tessera session
// (sign-out, revoking it, an admin revoking it, a ban) posts a signed logout token to every app with a
// back-channel logout URI that holds tokens of that session. The RP here is a real HTTPS endpoint; each
// token is verified with jose against Tessera's JWKS URL, as an app would.
describe.each(databaseKinds)("Back-channel logout on %s", (kind) => {
  let server: TestServer;
  let rp: BackchannelRp;
  let admin: Person;
  let app: RegisteredClient;
  let plainApp: RegisteredClient;

  beforeAll(async () => {
    rp = await startBackchannelRp();
    server = await startTestServer(kind);
    admin = await createAdminWithCli(server);
    const redirectUri = "http://127.0.0.1:9/callback";
    const created = expectStatus(
      await admin.client.post("/api/admin/oauth-clients", {
        name: "Team Wiki",
        redirectUris: [redirectUri],
        scopes: ["openid", "profile", "email", "offline_access"],
        type: "confidential",
        trusted: true,
        backchannelLogoutUri: rp.uri,
      }),
      201,
    );
    expect(created.body.client.backchannelLogoutUri).toBe(rp.uri);
    app = { clientId: created.body.client.clientId, clientSecret: created.body.clientSecret, redirectUri };
    const other = expectStatus(
      await admin.client.post("/api/admin/oauth-clients", {
        name: "No back channel",
        redirectUris: [redirectUri],
        scopes: ["openid"],
        type: "confidential",
        trusted: true,
      }),
      201,
    );
    expect(other.body.client.backchannelLogoutUri).toBeNull();
    plainApp = { clientId: other.body.client.clientId, clientSecret: other.body.clientSecret, redirectUri };
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await rp?.close();
  });

  /** Signs `person` in to `client` through openid-client: the ID token's sid and the refresh token. */
  async function signInToApp(person: { client: TestClient }, client = app, scope = "openid email") {
    const config = await discover(server, client);
    const { url, checks } = await startAuthorization(config, client.redirectUri, scope);
    const tokens = await oidc.authorizationCodeGrant(config, await authorizeAsUser(server, person.client, url), {
      ...checks,
      idTokenExpected: true,
    });
    return { config, sid: tokens.claims()?.sid as string, tokens };
  }

  /** A second signed-in browser of the same person. */
  async function secondSession(person: Person & { password: string }): Promise<TestClient> {
    const client = server.client();
    expectStatus(
      await client.post("/api/auth/sign-in/email", { email: person.user.email, password: person.password }),
      200,
    );
    return client;
  }

  /** The logout tokens received from now on, waiting for `count` of them. */
  async function nextTokens(since: number, count: number): Promise<[LogoutDelivery, ...LogoutDelivery[]]> {
    await rp.waitFor(since + count);
    return rp.received.slice(since) as [LogoutDelivery, ...LogoutDelivery[]];
  }

  /** The checks an RP makes (OIDC Back-Channel Logout 1.0 §2.6), with jose against the JWKS URL. */
  async function verified(logoutToken: string) {
    const jwks = createRemoteJWKSet(new URL(`${server.auth}/jwks`));
    const { payload, protectedHeader } = await jwtVerify(logoutToken, jwks, {
      issuer: server.url,
      audience: app.clientId,
      typ: "logout+jwt",
      maxTokenAge: "2 minutes",
    });
    expect(protectedHeader.alg).toBe("RS256");
    expect(payload.events).toEqual({ [BACKCHANNEL_EVENT]: {} });
    expect(payload).not.toHaveProperty("nonce");
    expect(payload.jti).toEqual(expect.any(String));
    return payload;
  }

  it("the discovery document says back-channel logout with sid is supported", async () => {
    const meta = await (await fetch(`${server.url}/.well-known/openid-configuration`)).json();
    expect(meta).toMatchObject({ backchannel_logout_supported: true, backchannel_logout_session_supported: true });
  });

  it("signing out posts a logout token (iss, aud, events, sid, sub, no nonce) and ends the session's tokens", async () => {
    const person = await signUpPerson(server, `bcl-signout-${kind}`);
    const { config, sid, tokens } = await signInToApp(person, app, "openid email");
    expect((await oidc.tokenIntrospection(config, tokens.access_token)).active).toBe(true);
    // Signed in to the app without a back channel too: it is not called.
    await signInToApp(person, plainApp, "openid");
    const since = rp.received.length;
    expectStatus(await person.client.post("/api/auth/sign-out", {}), 200);

    const [delivery] = await nextTokens(since, 1);
    expect(delivery.contentType).toBe("application/x-www-form-urlencoded");
    expect(decodeProtectedHeader(delivery.logoutToken).typ).toBe("logout+jwt");
    const payload = await verified(delivery.logoutToken);
    expect(payload).toMatchObject({ iss: server.url, aud: app.clientId, sid, sub: person.user.id });
    // One app had a back channel: one delivery. The engine posts every logout token before sign-out answers
    // (no background-task handler is configured), so nothing more can come.
    expect(rp.received.length).toBe(since + 1);
    // The access token of the ended session is no longer active.
    expect((await oidc.tokenIntrospection(config, tokens.access_token)).active).toBe(false);
  });

  it("revoking a session from another browser, an admin revoking the sessions and a ban each tell the app", async () => {
    const person = await server.signUp(`bcl-revoke-${kind}-${Date.now()}@example.com`);
    const other = await secondSession(person);

    // The user revokes the session of the other browser.
    const first = await signInToApp({ client: other });
    const token = (expectStatus(await other.get("/api/auth/get-session"), 200).body as { session: { token: string } })
      .session.token;
    let since = rp.received.length;
    expectStatus(await person.client.post("/api/auth/revoke-session", { token }), 200);
    let [delivery] = await nextTokens(since, 1);
    expect(await verified(delivery.logoutToken)).toMatchObject({ sid: first.sid, sub: person.user.id });

    // A site admin ends all of the user's sessions.
    const second = await signInToApp(person);
    since = rp.received.length;
    expectStatus(await admin.client.post("/api/auth/admin/revoke-user-sessions", { userId: person.user.id }), 200);
    [delivery] = await nextTokens(since, 1);
    expect(await verified(delivery.logoutToken)).toMatchObject({ sid: second.sid, sub: person.user.id });

    // A ban ends the sessions too.
    const again = await secondSession(person);
    const third = await signInToApp({ client: again });
    since = rp.received.length;
    expectStatus(
      await admin.client.post("/api/auth/admin/ban-user", { userId: person.user.id, banReason: "spam" }),
      200,
    );
    [delivery] = await nextTokens(since, 1);
    expect(await verified(delivery.logoutToken)).toMatchObject({ sid: third.sid, sub: person.user.id });
  });

  it("an app that does not answer 200 does not stop the sign-out", async () => {
    const person = await signUpPerson(server, `bcl-down-${kind}`);
    await signInToApp(person);
    rp.answer(500);
    try {
      const since = rp.received.length;
      expectStatus(await person.client.post("/api/auth/sign-out", {}), 200);
      await nextTokens(since, 1);
      expect((await person.client.get("/api/auth/get-session")).body).toBeNull();
    } finally {
      rp.answer(200);
    }
  });

  it("the admin console accepts only https URIs on public names, and can remove the URI", async () => {
    const base = {
      name: "Refused",
      redirectUris: ["http://127.0.0.1:9/callback"],
      scopes: ["openid"],
      type: "confidential",
      trusted: false,
    };
    for (const uri of [
      "http://rp.example.com/logout",
      "https://127.0.0.1/logout",
      "https://10.0.0.8/logout",
      "https://localhost/logout",
      "https://[::1]/logout",
      "https://169.254.169.254/latest",
      "https://rp.example.com/logout#x",
      "https://user:pw@rp.example.com/logout",
      "not a url",
    ]) {
      const res = await admin.client.post("/api/admin/oauth-clients", { ...base, backchannelLogoutUri: uri });
      expect(res.status, uri).toBe(400);
      expect(res.body.code, uri).toBe("BAD_REQUEST");
    }

    const temp = expectStatus(await admin.client.post("/api/admin/oauth-clients", base), 201).body.client;
    const url = `/api/admin/oauth-clients/${encodeURIComponent(temp.clientId)}`;
    const set = expectStatus(await admin.client.request("PATCH", url, { backchannelLogoutUri: rp.uri }), 200);
    expect(set.body.client.backchannelLogoutUri).toBe(rp.uri);
    expect((await admin.client.request("PATCH", url, { backchannelLogoutUri: "https://10.0.0.8/logout" })).status).toBe(
      400,
    );
    const cleared = expectStatus(await admin.client.request("PATCH", url, { backchannelLogoutUri: null }), 200);
    expect(cleared.body.client.backchannelLogoutUri).toBeNull();
    const listed = expectStatus(await admin.client.get("/api/admin/oauth-clients"), 200).body.clients;
    expect(listed.find((c: { clientId: string }) => c.clientId === temp.clientId).backchannelLogoutUri).toBeNull();
  });
});
