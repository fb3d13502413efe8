import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeJwt, mailsSent, mailWithLink, rows, signJwt, signUpUnverified } from "../helpers/auth-flows.js";
import { databaseKinds } from "../helpers/databases.js";
import { startTestServer, TEST_SECRET, type TestServer } from "../helpers/server.js";

const now = () => Math.floor(Date.now() / 1000);

describe.each(databaseKinds)("e-mail verification on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server?.close());

  /** An unverified user whose sign-up mail has arrived; returns that mail's verification link. */
  async function unverified(email: string) {
    const { since } = await signUpUnverified(server, email);
    return mailWithLink(server, email, "/verify-email", since);
  }

  it("the mail link verifies the address and signs the user in (autoSignIn)", async () => {
    const { link } = await unverified("link@example.com");
    const browser = server.client();
    const res = await server.followMailLink(browser, link);
    expect(res.status).toBe(302);
    expect(res.location).toBe("/");
    expect(browser.sessionCookie).toBeDefined();
    const session = await browser.get("/api/auth/get-session");
    expect(session.body.user).toMatchObject({ email: "link@example.com", emailVerified: true });
    const [row] = await rows(server, "user", { email: "link@example.com" });
    expect(Boolean(row?.emailVerified)).toBe(true);
  });

  it("the token is an HS256 JWT valid for 3600 s (SPEC §9)", async () => {
    const { link } = await unverified("lifetime@example.com");
    const token = new URL(link).searchParams.get("token") as string;
    const { header, payload } = decodeJwt(token);
    expect(header.alg).toBe("HS256");
    expect(payload.email).toBe("lifetime@example.com");
    expect(payload.exp - payload.iat).toBe(3600);
  });

  it("POST /send-verification-email sends a fresh link to an unverified address, with its callbackURL", async () => {
    await unverified("resend@example.com");
    const since = server.mail.messages.length;
    const res = await server.client().post("/api/auth/send-verification-email", {
      email: "resend@example.com",
      callbackURL: "/welcome",
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: true });
    const { link } = await mailWithLink(server, "resend@example.com", "/verify-email", since);
    expect(new URL(link).searchParams.get("callbackURL")).toBe("/welcome");
    const browser = server.client();
    const verified = await server.followMailLink(browser, link);
    expect(verified.status).toBe(302);
    expect(verified.location).toBe("/welcome");
    expect((await browser.get("/api/auth/get-session")).body.user.emailVerified).toBe(true);
  });

  it("signed out, it answers the same for a verified or unknown address but sends nothing", async () => {
    await server.signUp("done@example.com");
    const since = server.mail.messages.length;
    for (const email of ["done@example.com", "ghost@example.com"]) {
      const res = await server.client().post("/api/auth/send-verification-email", { email });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: true });
    }
    expect(await mailsSent(server, "done@example.com", since)).toBe(0);
    expect(await mailsSent(server, "ghost@example.com", since)).toBe(0);
  });

  it("signed in, it only sends to the user's own address", async () => {
    const { client } = await server.signUp("owner@example.com");
    await unverified("victim@example.com");
    const since = server.mail.messages.length;
    const other = await client.post("/api/auth/send-verification-email", { email: "victim@example.com" });
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({ code: "EMAIL_MISMATCH", message: "Email mismatch" });
    const own = await client.post("/api/auth/send-verification-email", { email: "owner@example.com" });
    expect(own.status).toBe(400);
    expect(own.body.message).toBe("Email is already verified");
    expect(await mailsSent(server, "victim@example.com", since)).toBe(0);
  });

  it("refuses a malformed e-mail address", async () => {
    const res = await server.client().post("/api/auth/send-verification-email", { email: "nope" });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Invalid email/);
  });

  it("an expired token is refused and the address stays unverified", async () => {
    const { link } = await unverified("expired@example.com");
    const { payload } = decodeJwt(new URL(link).searchParams.get("token") as string);
    const expired = signJwt({ ...payload, iat: now() - 7200, exp: now() - 3600 }, TEST_SECRET);

    const json = await server.client().get("/api/auth/verify-email", { token: expired });
    expect(json.status).toBe(401);
    expect(json.body).toMatchObject({ code: "TOKEN_EXPIRED", message: "Token expired" });

    const redirect = await server.client().get("/api/auth/verify-email", { token: expired, callbackURL: "/verified" });
    expect(redirect.status).toBe(302);
    // SPEC §8 verification error codes: token_expired.
    expect(redirect.location).toBe("/verified?error=token_expired");

    const [row] = await rows(server, "user", { email: "expired@example.com" });
    expect(Boolean(row?.emailVerified)).toBe(false);
  });

  it("the same claims, unexpired and signed with the server secret, do verify (the forgery above is faithful)", async () => {
    const { link } = await unverified("forged@example.com");
    const { payload } = decodeJwt(new URL(link).searchParams.get("token") as string);
    const fresh = signJwt({ ...payload, iat: now(), exp: now() + 60 }, TEST_SECRET);
    const res = await server.client().get("/api/auth/verify-email", { token: fresh });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(true);
  });

  it("an invalid or tampered token is refused with invalid_token", async () => {
    const { link } = await unverified("tampered@example.com");
    const token = new URL(link).searchParams.get("token") as string;
    const tampered = signJwt(decodeJwt(token).payload, "some other secret of enough length 0123456789");
    for (const bad of ["garbage", tampered]) {
      const json = await server.client().get("/api/auth/verify-email", { token: bad });
      expect(json.status).toBe(401);
      expect(json.body).toMatchObject({ code: "INVALID_TOKEN", message: "Invalid token" });
      const redirect = await server.client().get("/api/auth/verify-email", { token: bad, callbackURL: "/verified" });
      expect(redirect.location).toBe("/verified?error=invalid_token");
    }
    const [row] = await rows(server, "user", { email: "tampered@example.com" });
    expect(Boolean(row?.emailVerified)).toBe(false);
  });

  it("a valid token for an address with no user is refused with user_not_found", async () => {
    const token = signJwt({ email: "nobody@example.com", iat: now(), exp: now() + 60 }, TEST_SECRET);
    const json = await server.client().get("/api/auth/verify-email", { token });
    expect(json.status).toBe(401);
    expect(json.body.code).toBe("USER_NOT_FOUND");
    const redirect = await server.client().get("/api/auth/verify-email", { token, callbackURL: "/verified" });
    expect(redirect.location).toBe("/verified?error=user_not_found");
  });
});
