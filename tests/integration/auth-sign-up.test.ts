import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES } from "../../src/shared/languages.js";
import { mailsSent, mailWithLink, PASSWORD, rows, signIn } from "../helpers/auth-flows.js";
import { databaseKinds } from "../helpers/databases.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const ID = /^[A-Za-z0-9]{32}$/; // SPEC §9: random, 32 characters

const signUp = (server: TestServer, body: Record<string, unknown>) =>
  server.client().post("/api/auth/sign-up/email", { name: "Someone", password: PASSWORD, ...body });

describe.each(databaseKinds)("sign-up on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server?.close());

  it("creates a user, credential account and (after verification) session with 32-character ids", async () => {
    const { user } = await server.signUp("ids@example.com");
    expect(user.id).toMatch(ID);
    const [account] = await rows(server, "account", { userId: user.id });
    expect(account?.id).toMatch(ID);
    expect(account?.providerId).toBe("credential");
    const sessions = await rows(server, "session", { userId: user.id });
    expect(sessions.length).toBeGreaterThan(0);
    for (const s of sessions) expect(s.id).toMatch(ID);
  });

  it("stores the e-mail lower-cased and signs in whatever the case", async () => {
    const res = await signUp(server, { email: "Mixed.Case@Example.COM" });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe("mixed.case@example.com");
    expect(res.body.user.emailVerified).toBe(false);
    expect(await rows(server, "user", { email: "mixed.case@example.com" })).toHaveLength(1);
    await mailWithLink(server, "mixed.case@example.com", "/verify-email");
    // Unverified: the case-insensitive lookup finds the user and says why it refuses.
    const { res: signedIn } = await signIn(server, "MIXED.case@example.com");
    expect(signedIn.body.message).toBe("Email not verified");
  });

  it("does not reveal an existing e-mail while verification is required: same answer, no second user, a notice to the owner", async () => {
    await server.signUp("taken@example.com");
    const since = server.mail.messages.length;
    const res = await signUp(server, { email: "Taken@example.com", password: "another password" });
    expect(res.status).toBe(200);
    expect(res.body.token).toBeNull();
    expect(res.body.user.email).toBe("taken@example.com");
    expect(await rows(server, "user", { email: "taken@example.com" })).toHaveLength(1);
    // Only a notice to the owner (tests/security/enumeration.test.ts); no verification link for the attempt.
    expect(await mailsSent(server, "taken@example.com", since)).toBe(1);
    const notice = server.mail.messages.slice(since).find((m) => m.to.includes("taken@example.com"));
    expect(notice?.subject).toBe("Someone tried to sign up for Tessera with your address");
    expect(notice?.links.some((l) => l.includes("/verify-email"))).toBe(false);
    // The old password still signs in; the new one does not.
    expect((await signIn(server, "taken@example.com")).res.status).toBe(200);
    expect((await signIn(server, "taken@example.com", "another password")).res.status).toBe(401);
  });

  it("enforces the default password length 8..128 (Password too short / too long)", async () => {
    const short = await signUp(server, { email: "short@example.com", password: "x".repeat(7) });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ code: "PASSWORD_TOO_SHORT", message: "Password too short" });
    const long = await signUp(server, { email: "long@example.com", password: "x".repeat(129) });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ code: "PASSWORD_TOO_LONG", message: "Password too long" });
    expect(await rows(server, "user", { email: "short@example.com" })).toHaveLength(0);
    expect(await rows(server, "user", { email: "long@example.com" })).toHaveLength(0);

    expect((await signUp(server, { email: "min@example.com", password: "x".repeat(8) })).status).toBe(200);
    expect((await signUp(server, { email: "max@example.com", password: "x".repeat(128) })).status).toBe(200);
  });

  it("refuses a malformed e-mail on sign-up and sign-in", async () => {
    const res = await signUp(server, { email: "not-an-email" });
    expect(res.status).toBe(400);
    // The engine's body schema answers "[body.email] Invalid email address".
    expect(res.body.message).toMatch(/Invalid email/);
    const { res: signedIn } = await signIn(server, "not-an-email");
    expect(signedIn.status).toBe(400);
    expect(signedIn.body).toMatchObject({ code: "INVALID_EMAIL", message: "Invalid email" });
  });

  it("stores language 3 (ENG) when none is given", async () => {
    const res = await signUp(server, { email: "lang-default@example.com" });
    expect(res.body.user.language).toBe(3);
    const [row] = await rows(server, "user", { email: "lang-default@example.com" });
    expect(Number(row?.language)).toBe(3);
  });

  it.each(LANGUAGES.map((l) => [l.name, l.code] as const))("accepts language %s (%i)", async (_name, code) => {
    const email = `lang-${code}@example.com`;
    const res = await signUp(server, { email, language: code });
    expect(res.status).toBe(200);
    expect(res.body.user.language).toBe(code);
    const [row] = await rows(server, "user", { email });
    expect(Number(row?.language)).toBe(code);
  });

  it.each([2, "3", 99, -1, 3.5, null])("refuses language %j with 400 and creates no user", async (language) => {
    const email = `bad-lang-${String(language).replace(/\W/g, "_")}@example.com`;
    const res = await signUp(server, { email, language });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/language/i);
    expect(await rows(server, "user", { email })).toHaveLength(0);
  });

  it("POST /update-user changes the language to a valid code and refuses others", async () => {
    const { client } = await server.signUp("lang-update@example.com");
    const ok = await client.post("/api/auth/update-user", { language: 16 });
    expect(ok.status).toBe(200);
    expect((await client.get("/api/auth/get-session")).body.user.language).toBe(16);

    for (const language of [2, "4", 99]) {
      const bad = await client.post("/api/auth/update-user", { language });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/language/i);
    }
    expect((await client.get("/api/auth/get-session")).body.user.language).toBe(16);
  });
});

describe.each(databaseKinds)("sign-up without required verification on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { env: { REQUIRE_EMAIL_VERIFICATION: "false" } });
  });
  afterAll(() => server?.close());

  it('refuses an existing e-mail with "User already exists"', async () => {
    const first = await signUp(server, { email: "dup@example.com" });
    expect(first.status).toBe(200);
    expect(first.body.token).toMatch(/^[A-Za-z0-9]{32}$/);
    const again = await signUp(server, { email: "DUP@example.com" });
    expect(again.status).toBe(422);
    // SPEC §8 "User already exists"; the engine adds ". Use another email."
    expect(again.body.message).toMatch(/^User already exists/);
    expect(again.body.code).toBe("USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL");
    expect(await rows(server, "user", { email: "dup@example.com" })).toHaveLength(1);
  });
});

describe.each(databaseKinds)("sign-up with PASSWORD_MIN_LENGTH=12, PASSWORD_MAX_LENGTH=20 on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { env: { PASSWORD_MIN_LENGTH: "12", PASSWORD_MAX_LENGTH: "20" } });
  });
  afterAll(() => server?.close());

  it("enforces the configured lengths on sign-up", async () => {
    expect((await signUp(server, { email: "a@example.com", password: "x".repeat(11) })).body.message).toBe(
      "Password too short",
    );
    expect((await signUp(server, { email: "b@example.com", password: "x".repeat(21) })).body.message).toBe(
      "Password too long",
    );
    expect((await signUp(server, { email: "c@example.com", password: "x".repeat(12) })).status).toBe(200);
    expect((await signUp(server, { email: "d@example.com", password: "x".repeat(20) })).status).toBe(200);
  });

  it("refuses a too-long password on sign-in before looking it up", async () => {
    const { res } = await signIn(server, "c@example.com", "x".repeat(21));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Password too long");
  });
});
