import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { databaseKinds } from "../helpers/databases.js";
import { type OidcProvider, redirectError, socialSignIn, startOidcProvider } from "../helpers/oidc-provider.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const STATE_LIFETIME_MS = 10 * 60 * 1000; // SPEC §9

describe.each(databaseKinds)("sign-in through an OpenID provider from OIDC_PROVIDERS on %s", (kind) => {
  let idp: OidcProvider;
  let server: TestServer;
  beforeAll(async () => {
    idp = await startOidcProvider({ clientId: "tessera-app", clientSecret: "s3cret-for-tests" });
    server = await startTestServer(kind, {
      env: {
        OIDC_PROVIDERS: JSON.stringify([
          {
            id: "acme",
            name: "Acme SSO",
            discoveryUrl: idp.discoveryUrl,
            clientId: idp.clientId,
            clientSecret: idp.clientSecret,
          },
        ]),
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await idp?.close();
  });

  const accountsOf = (userId: string) =>
    server.running.database.db.selectFrom("account").selectAll().where("userId", "=", userId).execute();

  it("the authorize redirect asks the discovered endpoint for openid, e-mail and profile with PKCE and a nonce", async () => {
    const res = await server.client().post("/api/auth/sign-in/social", { provider: "acme", callbackURL: "/dashboard" });
    expect(res.status).toBe(200);
    expect(res.body.redirect).toBe(true);
    const url = new URL(res.body.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${idp.origin}/authorize`);
    expect(url.searchParams.get("client_id")).toBe("tessera-app");
    expect(url.searchParams.get("redirect_uri")).toBe(`${server.url}/api/auth/callback/acme`);
    expect(url.searchParams.get("scope")?.split(" ").sort()).toEqual(["email", "openid", "profile"]);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("nonce")).toBeTruthy();
    expect(url.searchParams.get("state")).toBeTruthy();
  });

  it("a new user is created, signed in and sent to newUserCallbackURL", async () => {
    idp.signInAs({ sub: "new-1", email: "New.Person@Example.com", emailVerified: true, name: "New Person" });
    const client = server.client();
    const back = await socialSignIn(client, "acme", { newUserCallbackURL: "/welcome" });
    expect(back.status).toBe(302);
    expect(back.location).toBe("/welcome");
    const session = await client.get("/api/auth/get-session");
    expect(session.body.user).toMatchObject({
      email: "new.person@example.com",
      name: "New Person",
      emailVerified: true,
    });
    const accounts = await accountsOf(session.body.user.id);
    expect(accounts.map((a) => [a.providerId, a.accountId])).toEqual([["acme", "new-1"]]);
  });

  it("a returning user gets the same user back, at callbackURL, with no second account", async () => {
    idp.signInAs({ sub: "back-1", email: "back@example.com", emailVerified: true, name: "Back" });
    const first = server.client();
    await socialSignIn(first, "acme", { newUserCallbackURL: "/welcome" });
    const firstUser = (await first.get("/api/auth/get-session")).body.user;

    const again = server.client();
    const back = await socialSignIn(again, "acme", { newUserCallbackURL: "/welcome" });
    expect(back.location).toBe("/dashboard");
    const session = await again.get("/api/auth/get-session");
    expect(session.body.user.id).toBe(firstUser.id);
    expect(await accountsOf(firstUser.id)).toHaveLength(1);
  });

  it("an address the provider has not verified gets a verification mail, not a session", async () => {
    idp.signInAs({ sub: "unverified-1", email: "unverified@example.com", emailVerified: false, name: "Unverified" });
    const client = server.client();
    const since = server.mail.messages.length;
    const back = await socialSignIn(client, "acme");
    expect(redirectError(back)).toBe("email_not_verified");
    expect((await client.get("/api/auth/get-session")).body).toBeNull();

    const mail = await server.mail.waitFor("unverified@example.com", /verify/i, { since });
    const link = mail.links.find((l) => l.includes("/verify-email"));
    expect(link).toBeDefined();
    await server.followMailLink(client, link!);
    const session = await client.get("/api/auth/get-session");
    expect(session.body.user).toMatchObject({ email: "unverified@example.com", emailVerified: true });
  });

  it("an existing e-mail user is signed in to the same account when the provider vouches for the address", async () => {
    const { user } = await server.signUp("existing@example.com");
    idp.signInAs({ sub: "existing-1", email: "existing@example.com", emailVerified: true });
    const client = server.client();
    const back = await socialSignIn(client, "acme");
    expect(redirectError(back)).toBeNull();
    expect((await client.get("/api/auth/get-session")).body.user.id).toBe(user.id);
    expect((await accountsOf(user.id)).map((a) => a.providerId).sort()).toEqual(["acme", "credential"]);
  });

  it("an existing e-mail user is not taken over through an address the provider has not verified", async () => {
    const { user } = await server.signUp("victim@example.com");
    idp.signInAs({ sub: "attacker-1", email: "victim@example.com", emailVerified: false });
    const client = server.client();
    const back = await socialSignIn(client, "acme");
    expect(redirectError(back)).toBe("account_not_linked");
    expect((await client.get("/api/auth/get-session")).body).toBeNull();
    expect((await accountsOf(user.id)).map((a) => a.providerId)).toEqual(["credential"]);
  });

  it("denied consent comes back as error=access_denied at errorCallbackURL, signed out", async () => {
    idp.signInAs({ sub: "shy-1", email: "shy@example.com", emailVerified: true });
    idp.denyNextAuthorization();
    const client = server.client();
    const back = await socialSignIn(client, "acme", { errorCallbackURL: "/sign-in" });
    expect(back.status).toBe(302);
    const to = new URL(back.location!, server.url);
    expect(to.pathname).toBe("/sign-in");
    expect(to.searchParams.get("error")).toBe("access_denied");
    expect((await client.get("/api/auth/get-session")).body).toBeNull();
  });

  it("a tampered state ends with please_restart_the_process", async () => {
    idp.signInAs({ sub: "tamper-1", email: "tamper@example.com", emailVerified: true });
    const client = server.client();
    const back = await socialSignIn(client, "acme", {}, (url) => url.searchParams.set("state", "forged-state-value"));
    expect(redirectError(back)).toBe("please_restart_the_process");
    expect((await client.get("/api/auth/get-session")).body).toBeNull();
  });

  it("a missing state ends with please_restart_the_process", async () => {
    idp.signInAs({ sub: "tamper-2", email: "tamper2@example.com", emailVerified: true });
    const back = await socialSignIn(server.client(), "acme", {}, (url) => url.searchParams.delete("state"));
    expect(redirectError(back)).toBe("please_restart_the_process");
  });

  it("a state started in another browser is refused (login CSRF)", async () => {
    idp.signInAs({ sub: "csrf-1", email: "attacker@example.com", emailVerified: true });
    const attacker = server.client();
    const start = await attacker.post("/api/auth/sign-in/social", { provider: "acme", callbackURL: "/dashboard" });
    const res = await fetch(start.body.url, { redirect: "manual" });
    const victim = server.client();
    const back = await victim.get(res.headers.get("location")!);
    expect(redirectError(back)).toBe("please_restart_the_process");
    expect((await victim.get("/api/auth/get-session")).body).toBeNull();
  });

  it("a state older than 10 minutes ends with please_restart_the_process", async () => {
    idp.signInAs({ sub: "slow-1", email: "slow@example.com", emailVerified: true });
    const client = server.client();
    const start = await client.post("/api/auth/sign-in/social", { provider: "acme", callbackURL: "/dashboard" });
    const res = await fetch(start.body.url, { redirect: "manual" });
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + STATE_LIFETIME_MS + 1000 });
    try {
      const back = await client.get(res.headers.get("location")!);
      expect(redirectError(back)).toBe("please_restart_the_process");
    } finally {
      vi.useRealTimers();
    }
    expect((await client.get("/api/auth/get-session")).body).toBeNull();
  });

  it("a used callback cannot be replayed", async () => {
    idp.signInAs({ sub: "replay-1", email: "replay@example.com", emailVerified: true });
    const client = server.client();
    const start = await client.post("/api/auth/sign-in/social", { provider: "acme", callbackURL: "/dashboard" });
    const res = await fetch(start.body.url, { redirect: "manual" });
    const callback = res.headers.get("location")!;
    expect(redirectError(await client.get(callback))).toBeNull();
    expect(redirectError(await client.get(callback))).toBe("please_restart_the_process");
  });

  it("a code the provider did not issue ends with invalid_code", async () => {
    idp.signInAs({ sub: "badcode-1", email: "badcode@example.com", emailVerified: true });
    const client = server.client();
    const back = await socialSignIn(client, "acme", {}, (url) => url.searchParams.set("code", "not-a-real-code"));
    expect(redirectError(back)).toBe("invalid_code");
    expect((await client.get("/api/auth/get-session")).body).toBeNull();
  });

  it("a callback with no code ends with no_code", async () => {
    idp.signInAs({ sub: "nocode-1", email: "nocode@example.com", emailVerified: true });
    const back = await socialSignIn(server.client(), "acme", {}, (url) => url.searchParams.delete("code"));
    expect(redirectError(back)).toBe("no_code");
  });

  it("an unknown provider is refused with Provider not found", async () => {
    const res = await server.client().post("/api/auth/sign-in/social", { provider: "nope", callbackURL: "/" });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Provider not found");
  });

  it("a callbackURL outside the trusted origins is refused", async () => {
    const res = await server
      .client()
      .post("/api/auth/sign-in/social", { provider: "acme", callbackURL: "https://evil.example/steal" });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/^Invalid callbackURL/);
  });

  describe("ID-token sign-in (POST /sign-in/social with idToken)", () => {
    it("signs in with an ID token the provider signed for this app", async () => {
      const person = { sub: "mobile-1", email: "mobile@example.com", emailVerified: true, name: "Mobile" };
      const client = server.client();
      const res = await client.post("/api/auth/sign-in/social", {
        provider: "acme",
        idToken: { token: await idp.idTokenFor(person) },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ redirect: false, user: { email: "mobile@example.com", name: "Mobile" } });
      expect(res.body.token).toBeTruthy();
      const session = await client.get("/api/auth/get-session");
      expect(session.body.user.id).toBe(res.body.user.id);
      expect((await accountsOf(res.body.user.id)).map((a) => [a.providerId, a.accountId])).toEqual([
        ["acme", "mobile-1"],
      ]);
    });

    it("checks the nonce when one is given", async () => {
      const person = { sub: "mobile-2", email: "mobile2@example.com", emailVerified: true };
      const token = await idp.idTokenFor(person, { nonce: "n-123" });
      const wrong = await server
        .client()
        .post("/api/auth/sign-in/social", { provider: "acme", idToken: { token, nonce: "n-999" } });
      expect(wrong.status).toBe(401);
      expect(wrong.body.message).toBe("Invalid token");
      const right = await server
        .client()
        .post("/api/auth/sign-in/social", { provider: "acme", idToken: { token, nonce: "n-123" } });
      expect(right.status).toBe(200);
    });

    it("refuses a token signed with a key the provider does not publish", async () => {
      const token = await idp.forgedIdTokenFor({ sub: "mallory", email: "mallory@example.com", emailVerified: true });
      const res = await server.client().post("/api/auth/sign-in/social", { provider: "acme", idToken: { token } });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe("Invalid token");
    });

    it("refuses a token issued to another application", async () => {
      const token = await idp.idTokenFor(
        { sub: "other-app", email: "other@example.com", emailVerified: true },
        { aud: "someone-else" },
      );
      const res = await server.client().post("/api/auth/sign-in/social", { provider: "acme", idToken: { token } });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe("Invalid token");
    });

    it("an unverified address gets 403 Email not verified and a verification mail", async () => {
      const since = server.mail.messages.length;
      const token = await idp.idTokenFor({ sub: "mobile-3", email: "mobile3@example.com", emailVerified: false });
      const client = server.client();
      const res = await client.post("/api/auth/sign-in/social", { provider: "acme", idToken: { token } });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("Email not verified");
      expect((await client.get("/api/auth/get-session")).body).toBeNull();
      await server.mail.waitFor("mobile3@example.com", /verify/i, { since });
    });
  });
});
