import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { databaseKinds } from "../helpers/databases.js";
import { type OidcProvider, socialSignIn, startOidcProvider } from "../helpers/oidc-provider.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const SET_PASSWORD = "/api/account/set-password";

describe.each(databaseKinds)("a social-only user sets a password on %s", (kind) => {
  let idp: OidcProvider;
  let server: TestServer;
  beforeAll(async () => {
    idp = await startOidcProvider({ clientId: "tessera-app", clientSecret: "s3cret-for-tests" });
    server = await startTestServer(kind, {
      env: {
        PASSWORD_MIN_LENGTH: "10",
        PASSWORD_MAX_LENGTH: "40",
        OIDC_PROVIDERS: JSON.stringify([
          {
            id: "acme",
            name: "Acme",
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

  async function socialUser(sub: string) {
    const email = `${sub}@example.com`;
    idp.signInAs({ sub, email, emailVerified: true, name: sub });
    const client = server.client();
    expect((await socialSignIn(client, "acme")).location).toBe("/dashboard");
    return { client, email };
  }

  it("sets a password the user can then sign in with", async () => {
    const { client, email } = await socialUser("setter");
    const res = await client.post(SET_PASSWORD, { newPassword: "a brand new secret" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: true });

    const accounts = (await client.get("/api/auth/list-accounts")).body.map(
      (a: { providerId: string }) => a.providerId,
    );
    expect(accounts.sort()).toEqual(["acme", "credential"]);
    const signIn = await server.client().post("/api/auth/sign-in/email", { email, password: "a brand new secret" });
    expect(signIn.status).toBe(200);
    expect(signIn.body.user.email).toBe(email);
  });

  it("refuses a second password: the user already has one", async () => {
    const { client } = await socialUser("twice");
    expect((await client.post(SET_PASSWORD, { newPassword: "first secret here" })).status).toBe(200);
    const again = await client.post(SET_PASSWORD, { newPassword: "second secret here" });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe("PASSWORD_ALREADY_SET");
    expect(again.body.message).toMatch(/^user already has a password/i);
  });

  it("applies the password length policy", async () => {
    const { client } = await socialUser("policy");
    const short = await client.post(SET_PASSWORD, { newPassword: "too-short" });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe("Password too short");
    const long = await client.post(SET_PASSWORD, { newPassword: "x".repeat(41) });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe("Password too long");
    const missing = await client.post(SET_PASSWORD, {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ code: "VALIDATION_ERROR", message: "newPassword is required" });
  });

  it("needs a signed-in user", async () => {
    const res = await server.client().post(SET_PASSWORD, { newPassword: "a brand new secret" });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: "UNAUTHORIZED", message: "Not authenticated" });
  });

  it("needs a fresh session", async () => {
    const { client, email } = await socialUser("stale");
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + (server.config.session.freshAge + 1) * 1000 });
    try {
      const res = await client.post(SET_PASSWORD, { newPassword: "a brand new secret" });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: "SESSION_NOT_FRESH", message: "Session is not fresh" });
    } finally {
      vi.useRealTimers();
    }
    const signIn = await server.client().post("/api/auth/sign-in/email", { email, password: "a brand new secret" });
    expect(signIn.status).toBe(401);
  });

  it("refuses a request from another site", async () => {
    const { client } = await socialUser("csrf");
    const foreign = await client.post(
      SET_PASSWORD,
      { newPassword: "a brand new secret" },
      { Origin: "https://evil.example" },
    );
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe("Invalid origin");
    const none = await client.post(SET_PASSWORD, { newPassword: "a brand new secret" }, { Origin: "" });
    expect(none.status).toBe(403);
    expect(none.body.message).toBe("Missing or null Origin");
  });

  it("the engine's own set-password stays server-only", async () => {
    const { client } = await socialUser("direct");
    const res = await client.post("/api/auth/set-password", { newPassword: "a brand new secret" });
    expect(res.status).toBe(404);
  });
});
