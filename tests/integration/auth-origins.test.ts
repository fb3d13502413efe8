import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailsSent, mailWithLink, PASSWORD, signIn, signUpUnverified } from "../helpers/auth-flows.js";
import { TestClient } from "../helpers/client.js";
import { databaseKinds } from "../helpers/databases.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const FOREIGN = "https://evil.example";
const TRUSTED = "https://app.tessera.example";

describe.each(databaseKinds)("origins and callback URLs on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { env: { TRUSTED_ORIGINS: `${TRUSTED},https://other.tessera.example` } });
    await server.signUp("olga@example.com");
  });
  afterAll(() => server?.close());

  /** A signed-in client whose later requests carry `origin`. */
  async function signedInFrom(origin: string) {
    const { client } = await signIn(server, "olga@example.com");
    const other = new TestClient(server.url, origin);
    for (const [k, v] of client.cookies) other.cookies.set(k, v);
    return { home: client, other };
  }

  it("refuses a state-changing POST with a foreign Origin (403 Invalid origin) and changes nothing", async () => {
    const { home, other } = await signedInFrom(FOREIGN);
    const signOut = await other.post("/api/auth/sign-out");
    expect(signOut.status).toBe(403);
    expect(signOut.body).toMatchObject({ code: "INVALID_ORIGIN", message: "Invalid origin" });
    const change = await other.post("/api/auth/change-password", {
      currentPassword: PASSWORD,
      newPassword: "stolen password 1",
    });
    expect(change.status).toBe(403);
    expect(change.body.message).toBe("Invalid origin");
    expect((await home.get("/api/auth/get-session")).body.user.email).toBe("olga@example.com");
    expect((await signIn(server, "olga@example.com")).res.status).toBe(200);
  });

  it("refuses a cookie-bearing POST with no Origin at all", async () => {
    const { home } = await signedInFrom(FOREIGN);
    const res = await home.post("/api/auth/sign-out", {}, { Origin: "" });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("Missing or null Origin");
  });

  it("refuses a sign-in or sign-up posted from a foreign Origin, even without cookies", async () => {
    const foreign = new TestClient(server.url, FOREIGN);
    const res = await foreign.post("/api/auth/sign-in/email", { email: "olga@example.com", password: PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("Invalid origin");
    expect(res.headers.getSetCookie()).toEqual([]);
    const signUp = await foreign.post("/api/auth/sign-up/email", {
      email: "csrf@example.com",
      password: PASSWORD,
      name: "Csrf",
    });
    expect(signUp.status).toBe(403);
    expect(signUp.body.message).toBe("Invalid origin");
  });

  it("accepts a POST from a TRUSTED_ORIGINS origin", async () => {
    const { other } = await signedInFrom(TRUSTED);
    const res = await other.post("/api/auth/sign-out");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
  });

  it("refuses a foreign callbackURL on sign-in, and sets no session", async () => {
    const client = server.client();
    const res = await client.post("/api/auth/sign-in/email", {
      email: "olga@example.com",
      password: PASSWORD,
      callbackURL: `${FOREIGN}/phish`,
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/^Invalid/);
    expect(res.body.message).toBe("Invalid callbackURL");
    expect(client.sessionCookie).toBeUndefined();
  });

  it.each([`${FOREIGN}/x`, "//evil.example/x", "javascript:alert(1)"])(
    "refuses callbackURL %s on send-verification-email and sends nothing",
    async (callbackURL) => {
      const email = `cb-${Math.random().toString(36).slice(2, 10)}@example.com`;
      const { since } = await signUpUnverified(server, email);
      await mailWithLink(server, email, "/verify-email", since);
      const after = server.mail.messages.length;
      const res = await server.client().post("/api/auth/send-verification-email", { email, callbackURL });
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/^Invalid/);
      expect(await mailsSent(server, email, after)).toBe(0);
    },
  );

  it("refuses a foreign redirectTo on request-password-reset and forget-password, and mails nothing", async () => {
    const since = server.mail.messages.length;
    for (const route of ["/api/auth/request-password-reset", "/api/auth/forget-password"]) {
      const res = await server.client().post(route, { email: "olga@example.com", redirectTo: `${FOREIGN}/reset` });
      expect(res.status, route).toBe(403);
      expect(res.body.message, route).toMatch(/^Invalid/);
    }
    expect(await mailsSent(server, "olga@example.com", since)).toBe(0);
  });

  it("refuses a foreign callbackURL on the mail-link GETs", async () => {
    const verify = await server.client().get("/api/auth/verify-email", { token: "x", callbackURL: `${FOREIGN}/x` });
    expect(verify.status).toBe(403);
    expect(verify.body.message).toBe("Invalid callbackURL");
    const reset = await server.client().get("/api/auth/reset-password/abc", { callbackURL: `${FOREIGN}/x` });
    expect(reset.status).toBe(403);
    expect(reset.body.message).toBe("Invalid callbackURL");
  });

  it("accepts a trusted-origin callbackURL and a relative path on sign-in", async () => {
    for (const callbackURL of [`${TRUSTED}/welcome`, "/dashboard?tab=1"]) {
      const { res } = await signIn(server, "olga@example.com", PASSWORD, { callbackURL });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ redirect: true, url: callbackURL });
    }
  });

  it("accepts a trusted-origin redirectTo for a reset, and the mail link carries it", async () => {
    const since = server.mail.messages.length;
    const res = await server
      .client()
      .post("/api/auth/request-password-reset", { email: "olga@example.com", redirectTo: `${TRUSTED}/reset` });
    expect(res.status).toBe(200);
    const { link } = await mailWithLink(server, "olga@example.com", "/reset-password/", since);
    expect(new URL(link).searchParams.get("callbackURL")).toBe(`${TRUSTED}/reset`);
    const landing = await server.followMailLink(server.client(), link);
    expect(landing.status).toBe(302);
    expect(landing.location).toMatch(new RegExp(`^${TRUSTED}/reset\\?token=[A-Za-z0-9]{24}$`));
  });
});
