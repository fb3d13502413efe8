import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../helpers/databases.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { mailSettled } from "../helpers/wait.js";

// SPEC §8 "Email not verified (FORBIDDEN, and a verification mail is sent again)".
describe.each(databaseKinds)("sign-in while unverified on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server?.close());

  it("refuses with 403 Email not verified and mails a fresh verification link that works", async () => {
    const email = "unverified@example.com";
    const password = "correct horse battery";
    const client = server.client();
    const signUp = await client.post("/api/auth/sign-up/email", { email, password, name: "Unverified" });
    expect(signUp.status, signUp.text).toBe(200);
    await server.mail.waitFor(email, /verify/i);
    const afterSignUp = server.mail.messages.length;

    const res = await client.post("/api/auth/sign-in/email", { email, password });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: "EMAIL_NOT_VERIFIED", message: "Email not verified" });
    expect(client.sessionCookie).toBeUndefined();

    const again = await server.mail.waitFor(email, /verify/i, { since: afterSignUp });
    const link = again.links.find((l) => l.includes("/verify-email"));
    expect(link).toBeDefined();
    const followed = await server.followMailLink(client, link as string);
    expect(followed.status).toBeLessThan(400);
    const session = await client.get("/api/auth/get-session");
    expect(session.body?.user).toMatchObject({ email, emailVerified: true });
  });

  it("sends nothing for a wrong password", async () => {
    const email = "unverified-wrong@example.com";
    const client = server.client();
    await client.post("/api/auth/sign-up/email", { email, password: "correct horse battery", name: "U" });
    await server.mail.waitFor(email, /verify/i);
    const sent = server.mail.count(email);
    const res = await client.post("/api/auth/sign-in/email", { email, password: "not the password" });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("Invalid email or password");
    await mailSettled(server);
    expect(server.mail.count(email)).toBe(sent);
  });
});
