import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbDate, mailsSent, mailWithLink, ms, PASSWORD, rows, signIn } from "../helpers/auth-flows.js";
import { databaseKinds } from "../helpers/databases.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const NEUTRAL = "If this email exists in our system, check your email for the reset link";
const REQUEST_ROUTES = ["/api/auth/request-password-reset", "/api/auth/forget-password"] as const;

describe.each(databaseKinds)("password reset and change on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server?.close());

  /** Requests a reset through `route` and returns the token from the mail link. */
  async function requestReset(email: string, route: (typeof REQUEST_ROUTES)[number] = REQUEST_ROUTES[0]) {
    const since = server.mail.messages.length;
    const res = await server.client().post(route, { email, redirectTo: "/reset-password" });
    expect(res.status).toBe(200);
    const { link } = await mailWithLink(server, email, "/reset-password/", since);
    return { res, link, token: new URL(link).pathname.split("/").pop() as string };
  }

  it.each(REQUEST_ROUTES)("POST %s answers the same neutral body for known and unknown e-mails", async (route) => {
    const email = `neutral-${route.split("/").pop()}@example.com`;
    await server.signUp(email);
    const since = server.mail.messages.length;
    const known = await server.client().post(route, { email });
    const unknown = await server.client().post(route, { email: "ghost@example.com" });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.text).toBe(unknown.text);
    expect(known.body).toEqual({ status: true, message: NEUTRAL });
    await mailWithLink(server, email, "/reset-password/", since);
    expect(await mailsSent(server, "ghost@example.com", since)).toBe(0);
  });

  it.each(REQUEST_ROUTES)("POST %s refuses a malformed e-mail", async (route) => {
    const res = await server.client().post(route, { email: "not-an-email" });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Invalid email/);
  });

  it("the reset token is 24 letters and digits, stored under reset-password: for 3600 s (SPEC §9)", async () => {
    await server.signUp("token@example.com");
    const { token } = await requestReset("token@example.com");
    expect(token).toMatch(/^[A-Za-z0-9]{24}$/);
    const [row] = await rows(server, "verification", { identifier: `reset-password:${token}` });
    expect(row).toBeDefined();
    const lifetime = (ms(row?.expiresAt) - ms(row?.createdAt)) / 1000;
    expect(lifetime).toBeGreaterThan(3595);
    expect(lifetime).toBeLessThanOrEqual(3601);
  });

  it("GET /reset-password/{token} redirects to the callbackURL with the token; a bad token gets error=INVALID_TOKEN", async () => {
    await server.signUp("landing@example.com");
    const { link, token } = await requestReset("landing@example.com");
    const res = await server.followMailLink(server.client(), link);
    expect(res.status).toBe(302);
    expect(new URL(res.location as string).pathname).toBe("/reset-password");
    expect(new URL(res.location as string).searchParams.get("token")).toBe(token);

    const bad = await server
      .client()
      .get("/api/auth/reset-password/not-a-real-token", { callbackURL: "/reset-password" });
    expect(bad.status).toBe(302);
    const url = new URL(bad.location as string);
    expect(url.pathname).toBe("/reset-password");
    expect(url.searchParams.get("error")).toBe("INVALID_TOKEN");
    expect(url.searchParams.has("token")).toBe(false);
  });

  it("POST /reset-password sets the new password once, revokes every session, and the token dies", async () => {
    const { client: signedIn } = await server.signUp("reset@example.com");
    const { token } = await requestReset("reset@example.com", "/api/auth/forget-password");

    const res = await server.client().post("/api/auth/reset-password", { newPassword: "a brand new secret", token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: true });

    expect((await signIn(server, "reset@example.com", "a brand new secret")).res.status).toBe(200);
    const old = await signIn(server, "reset@example.com", PASSWORD);
    expect(old.res.status).toBe(401);
    expect(old.res.body.message).toBe("Invalid email or password");
    expect((await signedIn.get("/api/auth/get-session")).body).toBeNull();

    const again = await server.client().post("/api/auth/reset-password", { newPassword: "yet another secret", token });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: "INVALID_TOKEN", message: "Invalid token" });
    expect(await rows(server, "verification", { identifier: `reset-password:${token}` })).toHaveLength(0);
    expect((await signIn(server, "reset@example.com", "yet another secret")).res.status).toBe(401);
  });

  it("POST /reset-password takes the token from the query as well", async () => {
    await server.signUp("query@example.com");
    const { token } = await requestReset("query@example.com");
    const res = await server
      .client()
      .post(`/api/auth/reset-password?token=${encodeURIComponent(token)}`, { newPassword: "from the query 1" });
    expect(res.status).toBe(200);
    expect((await signIn(server, "query@example.com", "from the query 1")).res.status).toBe(200);
  });

  it("POST /reset-password refuses a missing, unknown or expired token and a too-short password", async () => {
    await server.signUp("expiry@example.com");
    const { token } = await requestReset("expiry@example.com");
    const post = (body: Record<string, unknown>) => server.client().post("/api/auth/reset-password", body);

    expect((await post({ newPassword: "long enough 1" })).body.message).toBe("Invalid token");
    expect((await post({ newPassword: "long enough 1", token: "x".repeat(24) })).body.message).toBe("Invalid token");
    const short = await post({ newPassword: "short", token });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe("Password too short");

    await server.running.database.db
      .updateTable("verification")
      .set({ expiresAt: dbDate(server, new Date(Date.now() - 1000)) })
      .where("identifier", "=", `reset-password:${token}`)
      .execute();
    const expired = await post({ newPassword: "long enough 1", token });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe("Invalid token");
    const landing = await server.client().get(`/api/auth/reset-password/${token}`, { callbackURL: "/reset-password" });
    expect(new URL(landing.location as string).searchParams.get("error")).toBe("INVALID_TOKEN");
    expect((await signIn(server, "expiry@example.com")).res.status).toBe(200);
  });

  it("POST /change-password changes the password and returns token null and the user", async () => {
    const { client, user } = await server.signUp("change@example.com");
    const { client: other } = await signIn(server, "change@example.com");
    const res = await client.post("/api/auth/change-password", {
      currentPassword: PASSWORD,
      newPassword: "changed password 1",
    });
    expect(res.status).toBe(200);
    expect(res.body.token).toBeNull();
    expect(res.body.user).toMatchObject({ id: user.id, email: "change@example.com" });
    expect((await signIn(server, "change@example.com", "changed password 1")).res.status).toBe(200);
    expect((await signIn(server, "change@example.com", PASSWORD)).res.status).toBe(401);
    // Not asked to revoke: the other session lives on.
    expect((await other.get("/api/auth/get-session")).body.user.id).toBe(user.id);
  });

  it("POST /change-password with revokeOtherSessions ends the others and gives the caller a new session", async () => {
    const { client, user } = await server.signUp("revoke@example.com");
    const { client: other } = await signIn(server, "revoke@example.com");
    const before = client.sessionCookie;
    const res = await client.post("/api/auth/change-password", {
      currentPassword: PASSWORD,
      newPassword: "changed password 2",
      revokeOtherSessions: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(res.body.user.id).toBe(user.id);
    expect(client.sessionCookie).not.toBe(before);
    expect((await other.get("/api/auth/get-session")).body).toBeNull();
    const mine = await client.get("/api/auth/get-session");
    expect(mine.body.session.token).toBe(res.body.token);
    expect(await rows(server, "session", { userId: user.id })).toHaveLength(1);
  });

  it("POST /change-password refuses a wrong current password and a too-short new one", async () => {
    const { client } = await server.signUp("wrong@example.com");
    const wrong = await client.post("/api/auth/change-password", {
      currentPassword: "not my password",
      newPassword: "changed password 3",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: "INVALID_PASSWORD", message: "Invalid password" });
    const short = await client.post("/api/auth/change-password", { currentPassword: PASSWORD, newPassword: "short" });
    expect(short.body.message).toBe("Password too short");
    expect((await signIn(server, "wrong@example.com")).res.status).toBe(200);

    const anonymous = await server
      .client()
      .post("/api/auth/change-password", { currentPassword: PASSWORD, newPassword: "changed password 3" });
    expect(anonymous.status).toBe(401);
  });
});
