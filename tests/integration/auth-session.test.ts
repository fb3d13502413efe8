import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailsSent, mailWithLink, PASSWORD, setCookie, signIn, signUpUnverified } from "../helpers/auth-flows.js";
import { realClock, skipAhead } from "../helpers/clock.js";
import { databaseKinds } from "../helpers/databases.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const SESSION_COOKIE = "tessera.session_token";

describe.each(databaseKinds)("session and sign-in on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
    await server.signUp("ann@example.com", { name: "Ann" });
  });
  afterAll(() => server?.close());

  it("GET /get-session answers null when signed out", async () => {
    const res = await server.client().get("/api/auth/get-session");
    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
  });

  it("POST /sign-in/email returns redirect, token and user, and the token is the session cookie", async () => {
    const { client, res } = await signIn(server, "ann@example.com");
    expect(res.status).toBe(200);
    expect(res.body.redirect).toBe(false);
    expect(res.body.token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(res.body.user).toMatchObject({ email: "ann@example.com", name: "Ann", emailVerified: true });
    expect(decodeURIComponent(client.sessionCookie ?? "").split(".")[0]).toBe(res.body.token);

    const session = await client.get("/api/auth/get-session");
    expect(session.body.user.email).toBe("ann@example.com");
    expect(session.body.session.token).toBe(res.body.token);
  });

  it("POST /sign-in/email with a callbackURL answers redirect true with that url", async () => {
    const { res } = await signIn(server, "ann@example.com", PASSWORD, { callbackURL: "/dashboard" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ redirect: true, url: "/dashboard" });
    expect(res.location).toBe("/dashboard");
  });

  it("refuses a wrong password and an unknown user with the same message", async () => {
    const wrong = await signIn(server, "ann@example.com", "not the password");
    const unknown = await signIn(server, "nobody@example.com", PASSWORD);
    for (const { res, client } of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" });
      expect(client.sessionCookie).toBeUndefined();
    }
  });

  it("refuses an unverified e-mail with 403 and sends a new verification mail that works", async () => {
    const email = "unverified@example.com";
    const signedUp = await signUpUnverified(server, email);
    await mailWithLink(server, email, "/verify-email", signedUp.since);
    const before = server.mail.count(email);
    const since = server.mail.messages.length;

    const { client, res } = await signIn(server, email);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: "EMAIL_NOT_VERIFIED", message: "Email not verified" });
    expect(client.sessionCookie).toBeUndefined();

    const { link } = await mailWithLink(server, email, "/verify-email", since);
    expect(server.mail.count(email)).toBe(before + 1);
    const verified = await server.followMailLink(client, link);
    expect(verified.status).toBeLessThan(400);
    expect((await signIn(server, email)).res.status).toBe(200);
  });

  it("GET /get-session accepts disableCookieCache and disableRefresh", async () => {
    const { client } = await signIn(server, "ann@example.com");
    for (const query of [{ disableCookieCache: "true" }, { disableRefresh: "true" }] as Record<string, string>[]) {
      const res = await client.get("/api/auth/get-session", query);
      expect(res.status).toBe(200);
      expect(res.body.user.email).toBe("ann@example.com");
    }
  });

  it("POST /sign-out ends the session and the old cookie stops working", async () => {
    const { client } = await signIn(server, "ann@example.com");
    const cookie = client.sessionCookie as string;
    const res = await client.post("/api/auth/sign-out");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(client.sessionCookie).toBeUndefined();

    const replay = server.client();
    replay.cookies.set(SESSION_COOKIE, cookie);
    expect((await replay.get("/api/auth/get-session")).body).toBeNull();
  });

  it("POST /revoke-session revokes the session of the given token (tokens from /list-sessions)", async () => {
    const { client: a } = await signIn(server, "ann@example.com");
    const { client: b, res: signedB } = await signIn(server, "ann@example.com");
    const list = await a.get("/api/auth/list-sessions");
    expect(list.status).toBe(200);
    const tokens = (list.body as { token: string }[]).map((s) => s.token);
    expect(tokens).toContain(signedB.body.token);

    const res = await a.post("/api/auth/revoke-session", { token: signedB.body.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: true });
    expect((await b.get("/api/auth/get-session")).body).toBeNull();
    expect((await a.get("/api/auth/get-session")).body.user.email).toBe("ann@example.com");
    const after = await a.get("/api/auth/list-sessions");
    expect((after.body as { token: string }[]).map((s) => s.token)).not.toContain(signedB.body.token);
  });

  it("POST /revoke-other-sessions keeps only the current session", async () => {
    const { client: a } = await signIn(server, "ann@example.com");
    const { client: b } = await signIn(server, "ann@example.com");
    const { client: c } = await signIn(server, "ann@example.com");
    const res = await a.post("/api/auth/revoke-other-sessions");
    expect(res.body).toEqual({ status: true });
    expect((await b.get("/api/auth/get-session")).body).toBeNull();
    expect((await c.get("/api/auth/get-session")).body).toBeNull();
    expect((await a.get("/api/auth/get-session")).body.user.email).toBe("ann@example.com");
    expect((await a.get("/api/auth/list-sessions")).body).toHaveLength(1);
  });

  it("POST /revoke-sessions ends every session, the caller's too", async () => {
    const { client: a } = await signIn(server, "ann@example.com");
    const { client: b } = await signIn(server, "ann@example.com");
    const cookie = a.sessionCookie as string;
    const res = await a.post("/api/auth/revoke-sessions");
    expect(res.body).toEqual({ status: true });
    expect((await b.get("/api/auth/get-session")).body).toBeNull();
    const replay = server.client();
    replay.cookies.set(SESSION_COOKIE, cookie);
    expect((await replay.get("/api/auth/get-session")).body).toBeNull();
  });

  it("sends no mail on a successful sign-in", async () => {
    const since = server.mail.messages.length;
    expect((await signIn(server, "ann@example.com")).res.status).toBe(200);
    expect(await mailsSent(server, "ann@example.com", since)).toBe(0);
  });
});

describe.each(databaseKinds)("session refresh on %s (SESSION_UPDATE_AGE=1)", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { env: { SESSION_UPDATE_AGE: "1", SESSION_EXPIRES_IN: "3600" } });
    await server.signUp("ben@example.com");
  });
  afterAll(() => {
    realClock();
    return server?.close();
  });

  const expiresAt = async (client: ReturnType<TestServer["client"]>) =>
    new Date((await client.get("/api/auth/get-session", { disableRefresh: "true" })).body.session.expiresAt).getTime();

  it("a remembered session past the update age gets a later expiry and a re-issued cookie", async () => {
    const { client, res } = await signIn(server, "ben@example.com");
    expect(setCookie(res, SESSION_COOKIE)?.attributes["max-age"]).toBe("3600");
    const first = await expiresAt(client);
    skipAhead(1500);

    const frozen = await client.get("/api/auth/get-session", { disableRefresh: "true" });
    expect(setCookie(frozen, SESSION_COOKIE)).toBeUndefined();
    expect(new Date(frozen.body.session.expiresAt).getTime()).toBe(first);

    const refreshed = await client.get("/api/auth/get-session");
    const cookie = setCookie(refreshed, SESSION_COOKIE);
    expect(cookie?.attributes["max-age"]).toBe("3600");
    expect(new Date(refreshed.body.session.expiresAt).getTime()).toBeGreaterThanOrEqual(first + 1000);
    expect(await expiresAt(client)).toBe(new Date(refreshed.body.session.expiresAt).getTime());
  });

  it("rememberMe:false gives a browser-session cookie that is never refreshed", async () => {
    const { client, res } = await signIn(server, "ben@example.com", PASSWORD, { rememberMe: false });
    expect(res.status).toBe(200);
    const cookie = setCookie(res, SESSION_COOKIE);
    expect(cookie).toBeDefined();
    expect(cookie?.attributes).not.toHaveProperty("max-age");
    expect(cookie?.attributes).not.toHaveProperty("expires");
    expect(setCookie(res, "tessera.dont_remember")).toBeDefined();

    const first = await expiresAt(client);
    skipAhead(1500);
    const again = await client.get("/api/auth/get-session");
    expect(again.body.user.email).toBe("ben@example.com");
    expect(setCookie(again, SESSION_COOKIE)).toBeUndefined();
    expect(new Date(again.body.session.expiresAt).getTime()).toBe(first);
  });
});
