import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { TestClient } from "../helpers/client.js";
import { databaseKinds } from "../helpers/databases.js";
import {
  followProviderRedirect,
  type OidcProvider,
  redirectError,
  socialSignIn,
  startOidcProvider,
} from "../helpers/oidc-provider.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

/** acme is an ordinary provider; partner (the same IdP under another id) is listed in TRUSTED_PROVIDERS. */
function oidcEnv(idp: OidcProvider, ids: string[]) {
  return JSON.stringify(
    ids.map((id) => ({
      id,
      name: id,
      discoveryUrl: idp.discoveryUrl,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
    })),
  );
}

async function link(client: TestClient, provider: string) {
  const start = await client.post("/api/auth/link-social", {
    provider,
    callbackURL: "/settings/accounts",
    errorCallbackURL: "/settings/accounts",
  });
  if (start.status !== 200) throw new Error(`link-social ${provider}: ${start.status} ${start.text}`);
  return followProviderRedirect(client, start.body.url);
}

async function providersOf(client: TestClient) {
  const res = await client.get("/api/auth/list-accounts");
  expect(res.status).toBe(200);
  return (res.body as { providerId: string; accountId: string }[]).map((a) => `${a.providerId}:${a.accountId}`).sort();
}

describe.each(databaseKinds)("linking and unlinking provider accounts on %s", (kind) => {
  let idp: OidcProvider;
  let server: TestServer;
  beforeAll(async () => {
    idp = await startOidcProvider({ clientId: "tessera-app", clientSecret: "s3cret-for-tests" });
    server = await startTestServer(kind, {
      env: { OIDC_PROVIDERS: oidcEnv(idp, ["acme", "partner"]), TRUSTED_PROVIDERS: "partner" },
    });
  });
  afterAll(async () => {
    await server?.close();
    await idp?.close();
  });

  it("links a provider account with the same verified e-mail to the signed-in user", async () => {
    const { client, user } = await server.signUp("linker@example.com");
    idp.signInAs({ sub: "linker-1", email: "linker@example.com", emailVerified: true });
    const back = await link(client, "acme");
    expect(back.status).toBe(302);
    expect(back.location).toBe("/settings/accounts");
    expect(await providersOf(client)).toEqual(["acme:linker-1", `credential:${user.id}`]);
    // Still the same person, still signed in.
    expect((await client.get("/api/auth/get-session")).body.user.id).toBe(user.id);
  });

  it("refuses to link an address the provider has not verified, from an untrusted provider", async () => {
    const { client, user } = await server.signUp("cautious@example.com");
    idp.signInAs({ sub: "cautious-1", email: "cautious@example.com", emailVerified: false });
    const back = await link(client, "acme");
    expect(redirectError(back)).toBe("unable_to_link_account");
    expect(await providersOf(client)).toEqual([`credential:${user.id}`]);
  });

  it("links an unverified address from a provider in TRUSTED_PROVIDERS", async () => {
    const { client, user } = await server.signUp("trusting@example.com");
    idp.signInAs({ sub: "trusting-1", email: "trusting@example.com", emailVerified: false });
    const back = await link(client, "partner");
    expect(redirectError(back)).toBeNull();
    expect(await providersOf(client)).toEqual([`credential:${user.id}`, "partner:trusting-1"]);
  });

  it("refuses a provider account with a different e-mail", async () => {
    const { client, user } = await server.signUp("mine@example.com");
    idp.signInAs({ sub: "theirs-1", email: "theirs@example.com", emailVerified: true });
    const back = await link(client, "acme");
    expect(redirectError(back)).toBe("email_does_not_match");
    expect(await providersOf(client)).toEqual([`credential:${user.id}`]);
  });

  it("refuses a provider account already linked to someone else", async () => {
    idp.signInAs({ sub: "taken-1", email: "owner@example.com", emailVerified: true });
    await socialSignIn(server.client(), "acme");
    const { client } = await server.signUp("second@example.com");
    idp.signInAs({ sub: "taken-1", email: "second@example.com", emailVerified: true });
    const back = await link(client, "acme");
    expect(redirectError(back)).toBe("account_already_linked_to_different_user");
  });

  it("link-social needs a signed-in user", async () => {
    const res = await server.client().post("/api/auth/link-social", { provider: "acme", callbackURL: "/" });
    expect(res.status).toBe(401);
  });

  it("links with an ID token, with the same rules", async () => {
    const { client, user } = await server.signUp("tokenlink@example.com");
    const unverified = await idp.idTokenFor({ sub: "tl-0", email: "tokenlink@example.com", emailVerified: false });
    const refused = await client.post("/api/auth/link-social", { provider: "acme", idToken: { token: unverified } });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe("Account not linked - linking not allowed");

    const other = await idp.idTokenFor({ sub: "tl-1", email: "someone@example.com", emailVerified: true });
    const different = await client.post("/api/auth/link-social", { provider: "acme", idToken: { token: other } });
    expect(different.status).toBe(401);
    expect(different.body.message).toBe("Account not linked - different emails not allowed");

    const good = await idp.idTokenFor({ sub: "tl-2", email: "tokenlink@example.com", emailVerified: true });
    const linked = await client.post("/api/auth/link-social", { provider: "acme", idToken: { token: good } });
    expect(linked.status).toBe(200);
    expect(await providersOf(client)).toEqual(["acme:tl-2", `credential:${user.id}`]);
  });

  it("unlinks a provider account, but never the last one", async () => {
    const { client, user } = await server.signUp("unlinker@example.com");
    idp.signInAs({ sub: "unlinker-1", email: "unlinker@example.com", emailVerified: true });
    await link(client, "acme");
    expect(await providersOf(client)).toHaveLength(2);

    const unlinked = await client.post("/api/auth/unlink-account", { providerId: "acme" });
    expect(unlinked.status).toBe(200);
    expect(await providersOf(client)).toEqual([`credential:${user.id}`]);

    const last = await client.post("/api/auth/unlink-account", { providerId: "credential" });
    expect(last.status).toBe(400);
    expect(last.body.message).toBe("You can't unlink your last account");
    expect(await providersOf(client)).toEqual([`credential:${user.id}`]);
  });

  it("a user who only ever signed in with a provider cannot unlink it", async () => {
    idp.signInAs({ sub: "only-1", email: "only@example.com", emailVerified: true });
    const client = server.client();
    await socialSignIn(client, "acme");
    const res = await client.post("/api/auth/unlink-account", { providerId: "acme" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("You can't unlink your last account");
    expect(await providersOf(client)).toEqual(["acme:only-1"]);
  });

  it("unlinking needs a fresh session", async () => {
    const { client } = await server.signUp("stale@example.com");
    idp.signInAs({ sub: "stale-1", email: "stale@example.com", emailVerified: true });
    await link(client, "acme");
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + (server.config.session.freshAge + 1) * 1000 });
    try {
      const res = await client.post("/api/auth/unlink-account", { providerId: "acme" });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("Session is not fresh");
    } finally {
      vi.useRealTimers();
    }
    expect(await providersOf(client)).toHaveLength(2);
  });
});

describe.each(databaseKinds)("ALLOW_DIFFERENT_LINK_EMAILS and ALLOW_UNLINKING_ALL on %s", (kind) => {
  let idp: OidcProvider;
  let server: TestServer;
  beforeAll(async () => {
    idp = await startOidcProvider({ clientId: "tessera-app", clientSecret: "s3cret-for-tests" });
    server = await startTestServer(kind, {
      env: {
        OIDC_PROVIDERS: oidcEnv(idp, ["acme"]),
        ALLOW_DIFFERENT_LINK_EMAILS: "true",
        ALLOW_UNLINKING_ALL: "true",
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await idp?.close();
  });

  it("links a provider account with a different (verified) e-mail", async () => {
    const { client, user } = await server.signUp("work@example.com");
    idp.signInAs({ sub: "home-1", email: "home@example.net", emailVerified: true });
    const back = await link(client, "acme");
    expect(redirectError(back)).toBeNull();
    expect(await providersOf(client)).toEqual(["acme:home-1", `credential:${user.id}`]);
    // The user's own address is not replaced by the provider's.
    expect((await client.get("/api/auth/get-session")).body.user.email).toBe("work@example.com");
  });

  it("lets the last account go", async () => {
    idp.signInAs({ sub: "leaving-1", email: "leaving@example.com", emailVerified: true });
    const client = server.client();
    await socialSignIn(client, "acme");
    const res = await client.post("/api/auth/unlink-account", { providerId: "acme" });
    expect(res.status).toBe(200);
    expect(await providersOf(client)).toEqual([]);
  });
});
