import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailWithLink, PASSWORD } from "../helpers/auth-flows.js";
import { enableTotp, signInWithTotp, TRUST_COOKIE } from "../helpers/mfa.js";
import { signUpPerson } from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { engineContext, setupEnv, setups } from "../helpers/session-fixtures.js";

/**
 * "Trust this device for 30 days" (docs/mfa.md "Server rules"): the cookie is signed and bound to
 * its user, and every device's trust ends when two-step goes off (by anyone) or the password is reset.
 */
describe.each(setups.filter((s) => s.available))("trusted devices on $title", ({ setup, kind }) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { env: setupEnv(setup).env });
  });
  afterAll(() => server?.close());

  /** A user with TOTP on and a device (client) that ticked "trust this device"; `steps` keeps codes apart. */
  async function trustedUser(tag: string) {
    const person = await signUpPerson(server, tag);
    const { app } = await enableTotp(person.client);
    const device = server.client();
    const trusted = await signInWithTotp(device, person.user.email, app, { trustDevice: true, steps: 1 });
    expect(trusted.res.status, trusted.res.text).toBe(200);
    expect(device.cookies.get(TRUST_COOKIE)).toBeTruthy();
    return { person, app, device };
  }

  /** The same device signing in again later: only its trust cookie, no session. */
  function laterOn(device: ReturnType<TestServer["client"]>) {
    const again = server.client();
    again.cookies.set(TRUST_COOKIE, device.cookies.get(TRUST_COOKIE) as string);
    return again;
  }

  it("a trusted device signs in with the password alone", async () => {
    const { person, device } = await trustedUser("trust-baseline");
    const again = laterOn(device);
    const res = await again.post("/api/auth/sign-in/email", { email: person.user.email, password: PASSWORD });
    expect(res.body?.twoFactorRedirect).toBeUndefined();
    expect(again.sessionCookie).toBeTruthy();
  });

  it("a cookie trusted by user A does not skip user B's second step", async () => {
    const a = await trustedUser("trust-a");
    const b = await trustedUser("trust-b");
    const borrowed = laterOn(a.device);
    const res = await borrowed.post("/api/auth/sign-in/email", { email: b.person.user.email, password: PASSWORD });
    expect(res.body).toMatchObject({ twoFactorRedirect: true });
    expect(borrowed.sessionCookie).toBeUndefined();
  });

  it("turning two-step off on another device ends the trust: after turning it on again, the code is asked", async () => {
    const { person, device } = await trustedUser("trust-disable");
    const off = await person.client.post("/api/auth/two-factor/disable", { password: PASSWORD });
    expect(off.status, off.text).toBe(200);
    await enableTotp(person.client);
    const res = await laterOn(device).post("/api/auth/sign-in/email", { email: person.user.email, password: PASSWORD });
    expect(res.body).toMatchObject({ twoFactorRedirect: true });
  });

  it("two-step turned off server-side (an admin's reset through the internal adapter) ends the trust", async () => {
    const { person, device } = await trustedUser("trust-admin-reset");
    const ctx = await engineContext(server);
    await ctx.internalAdapter.updateUser(person.user.id, { twoFactorEnabled: false });
    await ctx.adapter.delete({ model: "twoFactor", where: [{ field: "userId", value: person.user.id }] });
    await enableTotp(person.client);
    const res = await laterOn(device).post("/api/auth/sign-in/email", { email: person.user.email, password: PASSWORD });
    expect(res.body).toMatchObject({ twoFactorRedirect: true });
  });

  it("a password reset ends the trust: the next sign-in asks for the code", async () => {
    const { person, device } = await trustedUser("trust-reset");
    const since = server.mail.messages.length;
    await server.client().post("/api/auth/request-password-reset", { email: person.user.email, redirectTo: "/" });
    const { link } = await mailWithLink(server, person.user.email, "/reset-password/", since);
    const token = new URL(link).pathname.split("/").pop() as string;
    const newPassword = "a brand new passphrase";
    const reset = await server.client().post("/api/auth/reset-password", { token, newPassword });
    expect(reset.status, reset.text).toBe(200);
    expect(reset.body?.token ?? null).toBeNull();

    const res = await laterOn(device).post("/api/auth/sign-in/email", {
      email: person.user.email,
      password: newPassword,
    });
    expect(res.body).toMatchObject({ twoFactorRedirect: true });
  });

  it("a device trusted after the revocation is trusted again", async () => {
    const { person, device } = await trustedUser("trust-after");
    await person.client.post("/api/auth/two-factor/disable", { password: PASSWORD });
    const { app: next } = await enableTotp(person.client);
    const fresh = await signInWithTotp(device, person.user.email, next, { trustDevice: true, steps: 1 });
    expect(fresh.res.status, fresh.res.text).toBe(200);
    const res = await laterOn(device).post("/api/auth/sign-in/email", { email: person.user.email, password: PASSWORD });
    expect(res.body?.twoFactorRedirect).toBeUndefined();
  });
});
