import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpUnverified } from "../helpers/auth-flows.js";
import type { TestClient } from "../helpers/client.js";
import { databaseKinds } from "../helpers/databases.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { mailSettled } from "../helpers/wait.js";

// SPEC §4 "A change-email token sets the new e-mail with emailVerified false and sends a new verification."
describe.each(databaseKinds)("change e-mail on %s", (kind) => {
  let server: TestServer;
  let lenient: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
    // Unverified users can only hold a session when sign-in does not require verification.
    lenient = await startTestServer(kind, { env: { REQUIRE_EMAIL_VERIFICATION: "false" } });
  });
  afterAll(async () => {
    await server?.close();
    await lenient?.close();
  });

  async function user(client: TestClient) {
    const res = await client.get("/api/auth/get-session");
    return res.body?.user as { email: string; emailVerified: boolean };
  }

  /** The verification link of the newest mail to `to` after `since`, with its subject checked. */
  async function linkIn(s: TestServer, to: string, subject: RegExp, since: number) {
    const mail = await s.mail.waitFor(to, subject, { since });
    const link = mail.links.find((l) => l.includes("/verify-email"));
    expect(link, `${mail.subject}: ${mail.text}`).toBeDefined();
    return link as string;
  }

  it("verified user: confirm at the old address, then the new address is set unverified until its own link", async () => {
    const { client } = await server.signUp("change-old@example.com");
    const newEmail = "change-new@example.com";
    let since = server.mail.messages.length;
    const res = await client.post("/api/auth/change-email", { newEmail, callbackURL: "/account" });
    expect(res.status, res.text).toBe(200);

    // 1. The engine's confirmation step, at the old address.
    const confirm = await linkIn(server, "change-old@example.com", /confirm/i, since);
    since = server.mail.messages.length;
    expect((await server.followMailLink(client, confirm)).status).toBe(302);
    expect(await user(client)).toMatchObject({ email: "change-old@example.com", emailVerified: true });

    // 2. The link to the new address sets it, unverified, and sends a fresh verification.
    const change = await linkIn(server, newEmail, /verify/i, since);
    since = server.mail.messages.length;
    const changed = await server.followMailLink(client, change);
    expect(changed.status).toBe(302);
    expect(changed.location).toBe("/account");
    expect(await user(client)).toMatchObject({ email: newEmail, emailVerified: false });
    const fresh = await linkIn(server, newEmail, /verify/i, since);
    await mailSettled(server);
    expect(
      server.mail.messages.slice(since).filter((m) => m.to.includes(newEmail) && /verify/i.test(m.subject)),
    ).toHaveLength(1);

    // Signing in with the new address is refused until it is verified.
    const other = server.client();
    const refused = await other.post("/api/auth/sign-in/email", { email: newEmail, password: "correct horse battery" });
    expect(refused.status).toBe(403);

    // 3. Following the fresh verification makes it verified.
    expect((await server.followMailLink(client, fresh)).status).toBeLessThan(400);
    expect(await user(client)).toMatchObject({ email: newEmail, emailVerified: true });
    const signIn = await server.client().post("/api/auth/sign-in/email", {
      email: newEmail,
      password: "correct horse battery",
    });
    expect(signIn.status, signIn.text).toBe(200);
  });

  it("unverified user: the link to the new address sets it unverified and sends a fresh verification", async () => {
    const { client } = await signUpUnverified(lenient, "lenient-old@example.com", { name: "Lenient" });
    expect(await user(client)).toMatchObject({ emailVerified: false });
    const newEmail = "lenient-new@example.com";
    let since = lenient.mail.messages.length;
    const res = await client.post("/api/auth/change-email", { newEmail });
    expect(res.status, res.text).toBe(200);

    const change = await linkIn(lenient, newEmail, /verify/i, since);
    since = lenient.mail.messages.length;
    expect((await lenient.followMailLink(client, change)).status).toBe(302);
    expect(await user(client)).toMatchObject({ email: newEmail, emailVerified: false });

    const fresh = await linkIn(lenient, newEmail, /verify/i, since);
    await mailSettled(lenient);
    expect(
      lenient.mail.messages.slice(since).filter((m) => m.to.includes(newEmail) && /verify/i.test(m.subject)),
    ).toHaveLength(1);
    expect((await lenient.followMailLink(client, fresh)).status).toBeLessThan(400);
    expect(await user(client)).toMatchObject({ email: newEmail, emailVerified: true });
  });

  it("a used or tampered change link changes nothing", async () => {
    const { client } = await server.signUp("change-tamper@example.com");
    const since = server.mail.messages.length;
    await client.post("/api/auth/change-email", { newEmail: "change-tamper-new@example.com" });
    const confirm = await linkIn(server, "change-tamper@example.com", /confirm/i, since);
    const url = new URL(confirm);
    const token = url.searchParams.get("token") as string;
    url.searchParams.set("token", `${token.slice(0, -2)}xx`);
    const res = await server.followMailLink(client, url.toString());
    expect(res.status).toBe(302);
    expect(new URL(res.location as string, server.url).searchParams.get("error")).toMatch(/^invalid_token$/i);
    expect(await user(client)).toMatchObject({ email: "change-tamper@example.com", emailVerified: true });
  });
});
