import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailWithLink, PASSWORD, rows, signIn, signUpUnverified } from "../helpers/auth-flows.js";
import { authenticatorFor, enableTotp } from "../helpers/mfa.js";
import { type OidcProvider, socialSignIn, startOidcProvider } from "../helpers/oidc-provider.js";
import { createAdminWithCli, sessionOf, signUpPerson, uniqueEmail } from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { setupEnv, setups } from "../helpers/session-fixtures.js";

/** No way in skips the second step (docs/mfa.md "Server rules"), on every storage setup. */
describe.each(setups.filter((s) => s.available))("no bypass of the second step on $title", ({ setup, kind }) => {
  let idp: OidcProvider;
  let server: TestServer;
  beforeAll(async () => {
    idp = await startOidcProvider({ clientId: "tessera-app", clientSecret: "s3cret-for-tests" });
    const provider = { id: "acme", name: "Acme SSO", discoveryUrl: idp.discoveryUrl };
    server = await startTestServer(kind, {
      env: setupEnv(setup, {
        OIDC_PROVIDERS: JSON.stringify([{ ...provider, clientId: idp.clientId, clientSecret: idp.clientSecret }]),
      }).env,
    });
  });
  afterAll(async () => {
    await server?.close();
    await idp?.close();
  });

  it("an OIDC sign-in of a user with two-step on ends at the second-step screen, not signed in", async () => {
    const person = await signUpPerson(server, "mfa-oidc");
    const { app } = await enableTotp(person.client);
    idp.signInAs({ sub: `sub-${person.user.id}`, email: person.user.email, emailVerified: true, name: "P" });

    const client = server.client();
    const back = await socialSignIn(client, "acme", { callbackURL: "/organizations?tab=1" });
    expect(back.status).toBe(302);
    const to = new URL(back.location as string);
    expect(`${to.origin}${to.pathname}`).toBe(`${server.url}/sign-in/two-factor`);
    expect(to.searchParams.get("redirectTo")).toBe("/organizations?tab=1");
    expect(client.sessionCookie).toBeUndefined();
    expect((await client.get("/api/auth/get-session")).body).toBeNull();
    expect(await rows(server, "session", { userId: person.user.id })).toHaveLength(1); // the setup's own

    const verified = await client.post("/api/auth/two-factor/verify-totp", { code: app.code(1) });
    expect(verified.status, verified.text).toBe(200);
    expect((await sessionOf(client)).user.id).toBe(person.user.id);
  });

  it("an OIDC sign-in of a user without two-step still signs straight in", async () => {
    const person = await signUpPerson(server, "mfa-oidc-off");
    idp.signInAs({ sub: `sub-${person.user.id}`, email: person.user.email, emailVerified: true, name: "P" });
    const client = server.client();
    const back = await socialSignIn(client, "acme");
    expect(back.location).toBe("/dashboard");
    expect((await sessionOf(client)).user.id).toBe(person.user.id);
  });

  it("a password reset signs nobody in, and the next sign-in asks for the second factor", async () => {
    const person = await signUpPerson(server, "mfa-reset");
    await enableTotp(person.client);
    const since = server.mail.messages.length;
    await server.client().post("/api/auth/request-password-reset", { email: person.user.email, redirectTo: "/" });
    const { link } = await mailWithLink(server, person.user.email, "/reset-password/", since);
    const resetter = server.client();
    const token = new URL(link).pathname.split("/").pop() as string;
    const newPassword = "another fine passphrase";
    expect((await resetter.post("/api/auth/reset-password", { token, newPassword })).status).toBe(200);
    expect(resetter.sessionCookie).toBeUndefined();
    expect((await resetter.get("/api/auth/get-session")).body).toBeNull();

    const { client, res } = await signIn(server, person.user.email, newPassword);
    expect(res.body).toMatchObject({ twoFactorRedirect: true });
    expect(client.sessionCookie).toBeUndefined();
  });

  it("a site admin impersonates a user with two-step on without their factor, and it is audited", async () => {
    const admin = await createAdminWithCli(server, "mfa-imp-admin");
    const person = await signUpPerson(server, "mfa-imp-target");
    await enableTotp(person.client);
    const res = await admin.client.post("/api/auth/admin/impersonate-user", { userId: person.user.id });
    expect(res.status, res.text).toBe(200);
    const session = await sessionOf(admin.client);
    expect(session.user.id).toBe(person.user.id);
    expect(session.session.impersonatedBy).toBe(admin.user.id);
    const events = await rows(server, "audit_event", {
      action: "admin.impersonation_started",
      targetId: person.user.id,
    });
    expect(events).toHaveLength(1);
    expect(events[0]?.actorId).toBe(admin.user.id);
  });
});

describe.each(setups.filter((s) => s.available))(
  "the verification link of a user with two-step on ($title)",
  ({ setup, kind }) => {
    let server: TestServer;
    beforeAll(async () => {
      // Without required verification, a user can turn two-step on before following the sign-up link.
      server = await startTestServer(kind, { env: setupEnv(setup, { REQUIRE_EMAIL_VERIFICATION: "false" }).env });
    });
    afterAll(() => server?.close());

    it("verifies the address but signs nobody in", async () => {
      const email = uniqueEmail("mfa-verify");
      const { client, since } = await signUpUnverified(server, email, { name: "V" });
      const { link } = await mailWithLink(server, email, "/verify-email", since);
      const enabled = await client.post("/api/auth/two-factor/enable", { password: PASSWORD });
      const app = authenticatorFor(enabled.body.totpURI);
      expect((await client.post("/api/auth/two-factor/verify-totp", { code: app.code() })).status).toBe(200);

      const elsewhere = server.client();
      const res = await server.followMailLink(elsewhere, link);
      expect(res.status).toBeLessThan(400);
      expect(elsewhere.sessionCookie).toBeUndefined();
      expect((await elsewhere.get("/api/auth/get-session")).body).toBeNull();
      const [user] = await rows(server, "user", { email });
      expect(Boolean(user?.emailVerified)).toBe(true);
      // The user's own session is untouched.
      expect((await sessionOf(client)).user.email).toBe(email);
    });
  },
);
