import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../helpers/databases.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { mailSettled } from "../helpers/wait.js";

// SPEC §7: POST /forget-password sits beside /request-password-reset with the same body, checks and mail.
const NEUTRAL = "If this email exists in our system, check your email for the reset link";

describe.each(databaseKinds)("POST /forget-password on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server?.close());

  it("mails a reset link that resets the password, like /request-password-reset", async () => {
    const { user } = await server.signUp("forget@example.com");
    const since = server.mail.messages.length;
    const res = await server.client().post("/api/auth/forget-password", {
      email: user.email,
      redirectTo: "/reset-password",
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ status: true, message: NEUTRAL });

    const mail = await server.mail.waitFor(user.email, /reset your/i, { since });
    const link = mail.links.find((l) => l.includes("/reset-password/"));
    expect(link).toBeDefined();
    const token = new URL(link as string).pathname.split("/").pop() as string;

    const reset = await server.client().post("/api/auth/reset-password", { token, newPassword: "a brand new secret" });
    expect(reset.status, reset.text).toBe(200);
    const signIn = await server.client().post("/api/auth/sign-in/email", {
      email: user.email,
      password: "a brand new secret",
    });
    expect(signIn.status, signIn.text).toBe(200);
  });

  it("answers an unknown address with the same neutral message and sends nothing", async () => {
    const res = await server.client().post("/api/auth/forget-password", { email: "nobody@example.com" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: true, message: NEUTRAL });
    // A mail would have been queued before the answer; once the outbox is empty it would have arrived.
    await mailSettled(server);
    expect(server.mail.count("nobody@example.com")).toBe(0);
  });

  it("refuses a foreign redirectTo with 403, as /request-password-reset does", async () => {
    await server.signUp("forget-redirect@example.com");
    const body = { email: "forget-redirect@example.com", redirectTo: "https://evil.example/steal" };
    const stock = await server.client().post("/api/auth/request-password-reset", body);
    const ours = await server.client().post("/api/auth/forget-password", body);
    expect(stock.status).toBe(403);
    expect(ours.status).toBe(403);
    expect(ours.body).toEqual(stock.body);
    expect(ours.body.message).toMatch(/^Invalid redirectURL/);
  });

  it("refuses a malformed e-mail with 400", async () => {
    const res = await server.client().post("/api/auth/forget-password", { email: "not-an-address" });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/email/i);
  });
});

describe.each(databaseKinds)("POST /forget-password rate limit on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { env: { RATE_LIMIT_ENABLED: "true" } });
  });
  afterAll(() => server?.close());

  it("allows 3 requests a minute per client, then answers 429", async () => {
    const c = server.client();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await c.post("/api/auth/forget-password", { email: `limit-${kind}@example.com` })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
