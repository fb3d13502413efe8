import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailsSent, mailWithLink, ms, PASSWORD, rows, signIn } from "../helpers/auth-flows.js";
import { realClock, skipAhead } from "../helpers/clock.js";
import { databaseKinds } from "../helpers/databases.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const SESSION_EXPIRED = "Session expired. Re-authenticate to perform this action."; // SPEC §8

describe.each(databaseKinds)("account management on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server?.close());

  it("POST /delete-user with the password mails a link whose callback deletes the user", async () => {
    const { client, user } = await server.signUp("leaver@example.com");
    const since = server.mail.messages.length;
    const res = await client.post("/api/auth/delete-user", { password: PASSWORD, callbackURL: "/goodbye" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: "Verification email sent" });
    expect(await rows(server, "user", { id: user.id })).toHaveLength(1);

    const { link } = await mailWithLink(server, "leaver@example.com", "/delete-user/callback", since);
    const token = new URL(link).searchParams.get("token") as string;
    expect(token).toMatch(/^[a-z0-9]{32}$/); // SPEC §9
    const [row] = await rows(server, "verification", { identifier: `delete-account-${token}` });
    const lifetime = (ms(row?.expiresAt) - ms(row?.createdAt)) / 1000;
    expect(lifetime).toBeGreaterThan(86395);
    expect(lifetime).toBeLessThanOrEqual(86401);

    const done = await server.followMailLink(client, link);
    expect(done.status).toBe(302);
    expect(done.location).toBe("/goodbye");
    expect(await rows(server, "user", { id: user.id })).toHaveLength(0);
    expect(await rows(server, "session", { userId: user.id })).toHaveLength(0);
    expect(await rows(server, "account", { userId: user.id })).toHaveLength(0);
    expect((await client.get("/api/auth/get-session")).body).toBeNull();
    expect((await signIn(server, "leaver@example.com")).res.body.message).toBe("Invalid email or password");
  });

  it("POST /delete-user refuses a wrong password and sends nothing", async () => {
    const { client } = await server.signUp("stayer@example.com");
    const since = server.mail.messages.length;
    const res = await client.post("/api/auth/delete-user", { password: "not my password" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "INVALID_PASSWORD", message: "Invalid password" });
    expect(await mailsSent(server, "stayer@example.com", since)).toBe(0);
  });

  it("the delete link only works for its own user, and not for a bad token", async () => {
    const { client: owner, user } = await server.signUp("target@example.com");
    const { client: intruder } = await server.signUp("intruder@example.com");
    const since = server.mail.messages.length;
    await owner.post("/api/auth/delete-user", { password: PASSWORD });
    const { link } = await mailWithLink(server, "target@example.com", "/delete-user/callback", since);

    const bad = await owner.get("/api/auth/delete-user/callback", { token: "x".repeat(32) });
    expect(bad.status).toBe(404);
    expect(bad.body.message).toBe("Invalid token");
    const foreign = await server.followMailLink(intruder, link);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe("Invalid token");
    const anonymous = await server.followMailLink(server.client(), link);
    expect(anonymous.status).toBe(404);
    expect(await rows(server, "user", { id: user.id })).toHaveLength(1);
    expect(await rows(server, "user", { email: "intruder@example.com" })).toHaveLength(1);
  });

  it("POST /change-email refuses the current address", async () => {
    const { client } = await server.signUp("same@example.com");
    for (const newEmail of ["same@example.com", "SAME@example.com"]) {
      const res = await client.post("/api/auth/change-email", { newEmail });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Email is the same");
    }
    const bad = await client.post("/api/auth/change-email", { newEmail: "not-an-email" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Invalid email/);
  });

  it("POST /change-email confirms at the old address, verifies at the new one, then the new address is the user's", async () => {
    const { client, user } = await server.signUp("old@example.com");
    let since = server.mail.messages.length;
    const res = await client.post("/api/auth/change-email", { newEmail: "New@Example.com", callbackURL: "/settings" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: true });

    const { mail: confirmation, link: confirmLink } = await mailWithLink(
      server,
      "old@example.com",
      "/verify-email",
      since,
    );
    expect(confirmation.text).toContain("new@example.com");
    expect(server.mail.count("new@example.com")).toBe(0);
    since = server.mail.messages.length;
    const confirmed = await server.followMailLink(client, confirmLink);
    expect(confirmed.status).toBe(302);
    expect(confirmed.location).toBe("/settings");
    expect((await rows(server, "user", { id: user.id }))[0]?.email).toBe("old@example.com");

    const { link: verifyLink } = await mailWithLink(server, "new@example.com", "/verify-email", since);
    const verified = await server.followMailLink(client, verifyLink);
    expect(verified.status).toBe(302);
    expect(verified.location).toBe("/settings");
    expect((await rows(server, "user", { id: user.id }))[0]?.email).toBe("new@example.com");
    expect((await client.get("/api/auth/get-session")).body.user.email).toBe("new@example.com");
    // Whether the new address starts verified is SPEC §4's business (tests/conformance); the old one is gone.
    expect((await signIn(server, "old@example.com")).res.status).toBe(401);
  });

  it("POST /change-email to a taken address changes nothing and mails no one", async () => {
    const { client, user } = await server.signUp("mover@example.com");
    await server.signUp("occupied@example.com");
    const since = server.mail.messages.length;
    const res = await client.post("/api/auth/change-email", { newEmail: "occupied@example.com" });
    expect(res.status).toBe(200);
    expect(await mailsSent(server, "mover@example.com", since)).toBe(0);
    expect(await mailsSent(server, "occupied@example.com", since)).toBe(0);
    expect((await rows(server, "user", { id: user.id }))[0]?.email).toBe("mover@example.com");
  });

  it("GET /list-accounts lists the credential account with its fields", async () => {
    const { client, user } = await server.signUp("lister@example.com");
    const res = await client.get("/api/auth/list-accounts");
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    const [account] = res.body;
    expect(account.providerId ?? account.provider).toBe("credential");
    expect(account.accountId).toBe(user.id);
    expect(account.id).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(Number.isNaN(Date.parse(account.createdAt))).toBe(false);
    expect(Number.isNaN(Date.parse(account.updatedAt))).toBe(false);
    expect(account.scopes).toEqual([]);
    expect(account).not.toHaveProperty("password");
    expect((await server.client().get("/api/auth/list-accounts")).status).toBe(401);
  });

  it("POST /unlink-account refuses the last account", async () => {
    const { client } = await server.signUp("unlinker@example.com");
    const [account] = (await client.get("/api/auth/list-accounts")).body;
    for (const body of [{ providerId: "credential" }, { providerId: "credential", accountId: account.id }]) {
      const res = await client.post("/api/auth/unlink-account", body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("You can't unlink your last account");
    }
    expect((await client.get("/api/auth/list-accounts")).body).toHaveLength(1);
  });

  it("GET /ok answers ok true", async () => {
    const res = await server.client().get("/api/auth/ok");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });

  it("GET /error shows the error page: heading, Return to Application, the code escaped, Unknown by default", async () => {
    const plain = await server.client().get("/api/auth/error");
    expect(plain.status).toBe(200);
    expect(plain.headers.get("content-type")).toMatch(/text\/html/);
    expect(plain.text).toMatch(/<h1>[^<]+<\/h1>/);
    expect(plain.text).toContain("Return to Application");
    expect(plain.text).toContain(">Unknown<");

    const coded = await server.client().get("/api/auth/error", { error: "state_not_found" });
    expect(coded.text).toContain(">state_not_found<");
    const hostile = await server.client().get("/api/auth/error", { error: '<script>alert("x")</script>' });
    expect(hostile.text).not.toContain("<script>alert");
    expect(hostile.text).toMatch(/&(lt|#60);script&(gt|#62);/);
  });
});

describe.each(databaseKinds)("fresh-session rules on %s (SESSION_FRESH_AGE=1)", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { env: { SESSION_FRESH_AGE: "1" } });
  });
  afterAll(() => {
    realClock();
    return server?.close();
  });

  it("POST /delete-user without a password needs a fresh session; with it, or fresh, the link is mailed", async () => {
    const { client } = await server.signUp("stale@example.com");
    skipAhead(1200);
    const since = server.mail.messages.length;
    const stale = await client.post("/api/auth/delete-user", {});
    expect(stale.status).toBe(400);
    expect(stale.body).toMatchObject({ code: "SESSION_EXPIRED", message: SESSION_EXPIRED });
    expect(await mailsSent(server, "stale@example.com", since)).toBe(0);

    const withPassword = await client.post("/api/auth/delete-user", { password: PASSWORD });
    expect(withPassword.body).toEqual({ success: true, message: "Verification email sent" });

    const { client: fresh } = await signIn(server, "stale@example.com");
    const freshRes = await fresh.post("/api/auth/delete-user", {});
    expect(freshRes.body).toEqual({ success: true, message: "Verification email sent" });
    expect(await mailsSent(server, "stale@example.com", since)).toBe(2);
  });

  it("POST /unlink-account needs a fresh session (Session is not fresh)", async () => {
    const { client } = await server.signUp("unlink-stale@example.com");
    skipAhead(1200);
    const res = await client.post("/api/auth/unlink-account", { providerId: "credential" });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("Session is not fresh");
  });
});
