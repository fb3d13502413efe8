import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  authorizeAsUser,
  discover,
  type RegisteredClient,
  registerClient,
  startAuthorization,
} from "../helpers/oidc-rp.js";
import { createAdminWithCli, type Person, signUpPerson } from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { HOSTILE_URLS, TRUSTED } from "./redirect-corpus.js";

// Issue 17 "Must hold": the provider's conformance rules, checked against the running server.
describe("Sign in with Tessera: OAuth rules", () => {
  let server: TestServer;
  let admin: Person;
  let user: Person;
  let web: RegisteredClient;
  let other: RegisteredClient;
  const registered = `${TRUSTED}/callback`;

  beforeAll(async () => {
    server = await startTestServer("sqlite");
    admin = await createAdminWithCli(server);
    user = await signUpPerson(server, "oauth-user");
    web = await registerClient(admin.client, {
      redirectUri: registered,
      scopes: ["openid", "email", "offline_access"],
    });
    other = await registerClient(admin.client, { redirectUri: registered });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  function authorizeURL(params: Record<string, string>) {
    return `/api/auth/oauth2/authorize?${new URLSearchParams({
      response_type: "code",
      client_id: web.clientId,
      redirect_uri: registered,
      scope: "openid email",
      state: "s-123",
      code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      code_challenge_method: "S256",
      ...params,
    })}`;
  }

  /** Where the server sends the browser, when it does; hostile targets must never get a code. */
  async function attempt(params: Record<string, string>) {
    const res = await user.client.get(authorizeURL(params));
    const location = res.status === 302 ? res.location : res.body?.redirect ? res.body.url : null;
    return { res, location: location ? new URL(location, server.url) : null };
  }

  it("refuses every open-redirect bypass and every near miss of the registered URI", async () => {
    const nearMisses = [
      `${registered}/`,
      `${registered}/../evil`,
      `${registered}?next=https://evil.com`,
      `${registered}#x`,
      `${TRUSTED.toUpperCase()}/callback`,
      `${TRUSTED}.evil.com/callback`,
      `${TRUSTED}:443/callback`,
      `${TRUSTED}/Callback`,
      registered.replace("https:", "http:"),
    ];
    for (const redirect of [...HOSTILE_URLS, ...nearMisses]) {
      const { res, location } = await attempt({ redirect_uri: redirect });
      // Refused with an error answer, or sent to this origin's error page: never off this origin, never a code.
      expect({ redirect, leavesTo: location && location.origin !== server.url ? location.href : null }).toEqual({
        redirect,
        leavesTo: null,
      });
      expect(res.status === 302 || res.status === 200 || res.status >= 400).toBe(true);
      expect(location?.searchParams.get("code") ?? null).toBeNull();
    }
  });

  it("the exact registered URI is accepted: on to the consent screen, on this origin", async () => {
    const { location } = await attempt({});
    // Consent first (not a trusted client): the consent page on this origin, never a code yet.
    expect(location?.origin).toBe(server.url);
    expect(location?.pathname).toBe("/oauth/consent");
  });

  it("PKCE is required, S256 only", async () => {
    const cases: Record<string, string>[] = [{ code_challenge: "" }, { code_challenge_method: "plain" }];
    for (const params of cases) {
      const { res, location } = await attempt(params);
      const error = location?.searchParams.get("error") ?? res.body?.error;
      expect(error, JSON.stringify(params)).toBe("invalid_request");
      expect(location?.searchParams.get("code") ?? null).toBeNull();
    }
  });

  it("scopes beyond the client's are refused, and a refresh never widens what was granted", async () => {
    const widened = await attempt({ scope: "openid email organizations" });
    expect(widened.location?.searchParams.get("error") ?? widened.res.body?.error).toBe("invalid_scope");

    const config = await discover(server, web);
    const { url, checks } = await startAuthorization(config, registered, "openid offline_access");
    const tokens = await oidc.authorizationCodeGrant(config, await authorizeAsUser(server, user.client, url), checks);
    expect(tokens.scope?.split(" ").sort()).toEqual(["offline_access", "openid"]);
    await expect(
      oidc.refreshTokenGrant(config, tokens.refresh_token as string, { scope: "openid offline_access email" }),
    ).rejects.toMatchObject({ error: "invalid_scope" });
  });

  it("tokens are bound to their client: another client cannot redeem the code or the refresh token", async () => {
    const config = await discover(server, web);
    const { url, checks } = await startAuthorization(config, registered, "openid offline_access");
    const callback = await authorizeAsUser(server, user.client, url);
    const stranger = await discover(server, other);
    await expect(oidc.authorizationCodeGrant(stranger, callback, checks)).rejects.toMatchObject({
      error: "invalid_grant",
    });
    // A wrong verifier fails too.
    await expect(
      oidc.authorizationCodeGrant(config, callback, { ...checks, pkceCodeVerifier: oidc.randomPKCECodeVerifier() }),
    ).rejects.toMatchObject({ error: "invalid_grant" });
  });

  it("answers errors in the OAuth format at the token, userinfo, introspection and revocation endpoints", async () => {
    const basic = `Basic ${Buffer.from(`${web.clientId}:${web.clientSecret}`).toString("base64")}`;
    const form = { "content-type": "application/x-www-form-urlencoded", authorization: basic };
    const token = await fetch(`${server.auth}/oauth2/token`, {
      method: "POST",
      headers: form,
      body: "grant_type=authorization_code&code=nope&redirect_uri=x",
    });
    expect(token.status).toBe(400);
    expect(await token.json()).toMatchObject({ error: expect.stringMatching(/^invalid_/) });

    const wrongSecret = await fetch(`${server.auth}/oauth2/token`, {
      method: "POST",
      headers: { ...form, authorization: `Basic ${Buffer.from(`${web.clientId}:wrong`).toString("base64")}` },
      body: "grant_type=client_credentials&scope=service",
    });
    expect(wrongSecret.status).toBe(401);
    expect(await wrongSecret.json()).toMatchObject({ error: "invalid_client" });

    const userinfo = await fetch(`${server.auth}/oauth2/userinfo`, { headers: { authorization: "Bearer nope" } });
    expect(userinfo.status).toBe(401);
    expect(await userinfo.json()).toMatchObject({ error: expect.any(String) });

    const introspect = await fetch(`${server.auth}/oauth2/introspect`, {
      method: "POST",
      headers: form,
      body: "token=nope",
    });
    expect(introspect.status).toBe(200);
    expect(await introspect.json()).toMatchObject({ active: false });

    const revoke = await fetch(`${server.auth}/oauth2/revoke`, { method: "POST", headers: form, body: "" });
    expect(revoke.status).toBe(400);
    expect(await revoke.json()).toMatchObject({ error: "invalid_request" });
  });

  it("site admins register only https (or http://localhost) redirect URIs without fragments", async () => {
    for (const uri of ["http://evil.com/cb", "javascript:alert(1)", "https://app.example/cb#frag", "//evil.com", "x"]) {
      const res = await admin.client.post("/api/admin/oauth-clients", {
        name: "Bad",
        redirectUris: [uri],
        scopes: ["openid"],
        type: "public",
        trusted: false,
      });
      expect({ uri, status: res.status, code: res.body?.code }).toEqual({ uri, status: 400, code: "BAD_REQUEST" });
    }
    const notAdmin = await user.client.post("/api/admin/oauth-clients", {
      name: "Mine",
      redirectUris: ["https://app.example/cb"],
      scopes: ["openid"],
      type: "public",
      trusted: true,
    });
    expect(notAdmin.status).toBe(403);
    const direct = await user.client.post("/api/auth/oauth2/create-client", {
      redirect_uris: ["https://app.example/cb"],
    });
    expect(direct.status).toBe(401);
  });

  it("a site admin's browser cannot be made to change clients from another origin", async () => {
    const before = await admin.client.get("/api/admin/oauth-clients");
    const input = { name: "Planted", redirectUris: ["https://evil.example/cb"], scopes: ["openid"], type: "public" };
    const foreign = { Origin: "https://evil.example" };
    const created = await admin.client.post("/api/admin/oauth-clients", { ...input, trusted: true }, foreign);
    expect({ status: created.status, code: created.body?.code }).toEqual({ status: 403, code: "INVALID_ORIGIN" });
    const rotated = await admin.client.post(`/api/admin/oauth-clients/${web.clientId}/rotate-secret`, {}, foreign);
    expect({ status: rotated.status, code: rotated.body?.code }).toEqual({ status: 403, code: "INVALID_ORIGIN" });
    const after = await admin.client.get("/api/admin/oauth-clients");
    expect(after.body.clients).toEqual(before.body.clients);
  });
});

describe("dynamic client registration (RFC 7591)", () => {
  const metadata = { redirect_uris: ["https://app.example/cb"], client_name: "Self-registered" };

  it("is off by default, even for a site admin", async () => {
    const server = await startTestServer("sqlite");
    try {
      const admin = await createAdminWithCli(server);
      const res = await admin.client.post("/api/auth/oauth2/register", metadata);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body?.client_id).toBeUndefined();
    } finally {
      await server.close();
    }
  });

  it("with OAUTH_DYNAMIC_CLIENT_REGISTRATION=true: signed-in site admins only", async () => {
    const server = await startTestServer("sqlite", { env: { OAUTH_DYNAMIC_CLIENT_REGISTRATION: "true" } });
    try {
      const anonymous = await server.client().post("/api/auth/oauth2/register", metadata);
      expect(anonymous.status).toBe(401);
      const user = await signUpPerson(server, "dcr-user");
      expect((await user.client.post("/api/auth/oauth2/register", metadata)).status).toBe(401);
      const admin = await createAdminWithCli(server);
      const created = await admin.client.post("/api/auth/oauth2/register", metadata);
      expect(created.status).toBe(201);
      expect(created.body.client_id).toEqual(expect.any(String));
      // Recorded like any other client.
      const events = await admin.client.get("/api/audit", { action: "oauth_client.created" });
      expect(events.body.events.map((e: { targetId: string }) => e.targetId)).toContain(created.body.client_id);
    } finally {
      await server.close();
    }
  });
});
