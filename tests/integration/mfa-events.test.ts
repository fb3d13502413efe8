import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, rows, signIn } from "../helpers/auth-flows.js";
import { enableTotp } from "../helpers/mfa.js";
import { uniqueEmail } from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { setupEnv, setups } from "../helpers/session-fixtures.js";
import { mailSettled } from "../helpers/wait.js";

// Mail and audit events of two-step verification (docs/mfa.md "Server rules"): each change a user
// makes is mailed to them in their language and written to the audit log; second-step sign-ins
// and their failures are audited.

describe.each(setups.filter((s) => s.available))("two-step mail and audit on $title", ({ setup, kind }) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { env: setupEnv(setup).env });
  });
  afterAll(() => server?.close());

  const events = async (userId: string, action: string) =>
    (await rows(server, "audit_event", { targetId: userId, action })).map((e) => ({
      ...e,
      detail: e.detail ? JSON.parse(e.detail) : null,
    }));

  async function person(tag: string, language: number) {
    const signedUp = await server.signUp(uniqueEmail(tag), { language });
    return signedUp;
  }

  it("turning on an authenticator app mails the user in German, naming the method, and is audited", async () => {
    const { client, user } = await person("events-totp", 6);
    const since = server.mail.messages.length;
    await enableTotp(client);
    const mail = await server.mail.waitFor(user.email, /Bestätigung in zwei Schritten ist .* eingeschaltet/, { since });
    expect(mail.text).toContain("einen Code aus Ihrer Authenticator-App");
    const [event] = await events(user.id, "two_factor.enabled");
    expect(event).toMatchObject({ actorId: user.id, detail: { method: "totp" } });
  });

  it("turning on codes by e-mail says so, in French", async () => {
    const { client, user } = await person("events-otp", 16);
    const since = server.mail.messages.length;
    const on = await client.post("/api/auth/two-factor/enable", { password: PASSWORD, method: "otp" });
    expect(on.status, on.text).toBe(200);
    const mail = await server.mail.waitFor(user.email, /validation en deux étapes est activée/, { since });
    expect(mail.text).toContain("un code envoyé par e-mail");
    expect((await events(user.id, "two_factor.enabled"))[0]?.detail).toEqual({ method: "otp" });
  });

  it("new backup codes and turning two-step off are mailed (Russian) and audited", async () => {
    const { client, user } = await person("events-codes", 0);
    await enableTotp(client);
    let since = server.mail.messages.length;
    expect((await client.post("/api/auth/two-factor/generate-backup-codes", { password: PASSWORD })).status).toBe(200);
    await server.mail.waitFor(user.email, /Новые резервные коды/, { since });
    expect(await events(user.id, "two_factor.backup_codes_regenerated")).toHaveLength(1);

    since = server.mail.messages.length;
    expect((await client.post("/api/auth/two-factor/disable", { password: PASSWORD })).status).toBe(200);
    await server.mail.waitFor(user.email, /Двухэтапная проверка выключена/, { since });
    expect(await events(user.id, "two_factor.disabled")).toHaveLength(1);
  });

  it("a refused change sends nothing and records nothing", async () => {
    const { client, user } = await person("events-refused", 3);
    const before = server.mail.messages.length;
    await enableTotp(client);
    await server.mail.waitFor(user.email, /Two-step verification is on/, { since: before });
    const since = server.mail.messages.length;
    const wrong = await client.post("/api/auth/two-factor/disable", { password: "not the password" });
    expect(wrong.status).toBe(400);
    await mailSettled(server);
    expect(server.mail.messages.slice(since).filter((m) => m.to.includes(user.email))).toHaveLength(0);
    expect(await events(user.id, "two_factor.disabled")).toHaveLength(0);
  });

  it("records a second-step sign-in, each failed code, and the lock once", async () => {
    const { client, user } = await person("events-signin", 3);
    const { app } = await enableTotp(client);
    const ok = await signIn(server, user.email);
    expect((await ok.client.post("/api/auth/two-factor/verify-totp", { code: app.code(1) })).status).toBe(200);
    const signIns = await events(user.id, "sign_in.succeeded");
    expect(signIns.map((e) => e.detail)).toContainEqual({ method: "email", secondFactor: "totp" });

    const wrong = String((Number(app.code()) + 500_000) % 1_000_000).padStart(6, "0");
    for (let round = 0; round < 2; round++) {
      const { client: c } = await signIn(server, user.email);
      for (let i = 0; i < 5; i++) await c.post("/api/auth/two-factor/verify-totp", { code: wrong });
    }
    const failed = await events(user.id, "two_factor.failed");
    expect(failed.length).toBeGreaterThanOrEqual(10);
    expect(failed[0]).toMatchObject({ actorId: user.id, detail: { method: "totp", code: "INVALID_CODE" } });
    expect(await events(user.id, "two_factor.locked")).toHaveLength(1);
  });
});
