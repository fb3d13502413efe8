import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD } from "../helpers/auth-flows.js";
import { addPasskeyRow, enableTotp } from "../helpers/mfa.js";
import {
  createAdminWithCli,
  expectRefusal,
  expectStatus,
  type Person,
  sessionOf,
  signUpPerson,
  uniqueEmail,
} from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import {
  clearRedisPrefix,
  createSession,
  createUserWithId,
  rawRedis,
  setupEnv,
  setups,
} from "../helpers/session-fixtures.js";

const RESET = "/api/auth/admin/reset-user-mfa";
const USERS = "/api/admin/users";
const LISTED = "adminmfalisted000000000000000001";

const rowsOf = async (server: TestServer, table: "twoFactor" | "passkey", userId: string) =>
  server.running.database.db.selectFrom(table).select("id").where("userId", "=", userId).execute();

// Issue 16, site admins: see whether a user has MFA and passkeys, and reset them (audited, with a mail).
// With Redis the sessions live there too: a user's open session must learn that two-step is off.
describe.each(setups.filter((s) => s.available))(
  "site admins and users' second factors on $title",
  ({ setup, kind }) => {
    let server: TestServer;
    let root: Person;
    let plain: Person;
    const { env, prefix } = setupEnv(setup, { ADMIN_USER_IDS: LISTED });

    beforeAll(async () => {
      server = await startTestServer(kind, { env });
      [root, plain] = await Promise.all([createAdminWithCli(server, "mfa-root"), signUpPerson(server, "mfa-plain")]);
    });
    afterAll(async () => {
      await server?.close();
      if (prefix) {
        const redis = rawRedis();
        await clearRedisPrefix(redis, prefix);
        redis.disconnect();
      }
    });

    it("lists and shows each user's two-step method and passkey count", async () => {
      const [app, mail, keys] = await Promise.all([
        signUpPerson(server, "mfa-app"),
        signUpPerson(server, "mfa-mail"),
        signUpPerson(server, "mfa-keys"),
      ]);
      await enableTotp(app.client);
      expectStatus(await mail.client.post("/api/auth/two-factor/enable", { password: PASSWORD, method: "otp" }), 200);
      await addPasskeyRow(server, keys.user.id);
      await addPasskeyRow(server, keys.user.id);

      const listed = expectStatus(await root.client.get(USERS, { q: "mfa-", pageSize: "100" }), 200).body.users as {
        id: string;
        mfa: unknown;
      }[];
      const mfaOf = (id: string) => listed.find((u) => u.id === id)?.mfa;
      expect(mfaOf(app.user.id)).toEqual({ twoFactor: "totp", passkeys: 0 });
      expect(mfaOf(mail.user.id)).toEqual({ twoFactor: "otp", passkeys: 0 });
      expect(mfaOf(keys.user.id)).toEqual({ twoFactor: null, passkeys: 2 });
      expect(mfaOf(plain.user.id)).toEqual({ twoFactor: null, passkeys: 0 });

      const detail = expectStatus(await root.client.get(`${USERS}/${keys.user.id}`), 200);
      expect(detail.body.user.mfa).toEqual({ twoFactor: null, passkeys: 2 });
      // Status only: no secret, backup code or public key reaches the console.
      expect(detail.text).not.toMatch(/secret|backupCodes|publicKey|credentialID/i);
    });

    it("resets a user's authenticator and passkeys: audited, mailed in their language, next sign-in is one step", async () => {
      const person = await server.signUp(uniqueEmail("mfa-reset"), { name: "Rita", language: 6 });
      await enableTotp(person.client);
      await addPasskeyRow(server, person.user.id);
      await addPasskeyRow(server, person.user.id);
      const twoStep = await server
        .client()
        .post("/api/auth/sign-in/email", { email: person.user.email, password: PASSWORD });
      expect(twoStep.body).toMatchObject({ twoFactorRedirect: true });

      const since = server.mail.messages.length;
      const res = expectStatus(await root.client.post(RESET, { userId: person.user.id }), 200);
      expect(res.body).toEqual({ status: true, removed: { twoFactor: "totp", passkeys: 2 } });

      expect(await rowsOf(server, "twoFactor", person.user.id)).toEqual([]);
      expect(await rowsOf(server, "passkey", person.user.id)).toEqual([]);
      const detail = expectStatus(await root.client.get(`${USERS}/${person.user.id}`), 200);
      expect(detail.body.user.mfa).toEqual({ twoFactor: null, passkeys: 0 });

      // The password alone signs in now; the sessions the user had stay (the mail says so).
      const client = server.client();
      const signIn = expectStatus(
        await client.post("/api/auth/sign-in/email", { email: person.user.email, password: PASSWORD }),
        200,
      );
      expect(signIn.body.twoFactorRedirect).toBeUndefined();
      expect((await sessionOf(client)).user).toMatchObject({ id: person.user.id, twoFactorEnabled: false });
      expect((await sessionOf(person.client)).user).toMatchObject({ id: person.user.id, twoFactorEnabled: false });

      // German (language 6), to the user, with the way back to Settings → Security.
      const mail = await server.mail.waitFor(person.user.email, /Zwei-Faktor-Authentifizierung und Passkeys/, {
        since,
      });
      expect(mail.text).toContain("Ein Administrator hat die Zwei-Faktor-Authentifizierung Ihres Tessera-Kontos");
      expect(mail.text).toContain("wenden Sie sich an Ihren Administrator");
      expect(mail.links).toContain(`${server.url}/settings/security`);

      const audit = expectStatus(await root.client.get("/api/audit", { action: "admin.mfa_reset" }), 200);
      expect(audit.body.events).toEqual([
        expect.objectContaining({
          action: "admin.mfa_reset",
          actorId: root.user.id,
          targetType: "user",
          targetId: person.user.id,
          detail: { twoFactor: "totp", passkeys: 2 },
        }),
      ]);

      // Nothing left to reset: a clear refusal, no second mail or audit row.
      const again = await root.client.post(RESET, { userId: person.user.id });
      expectRefusal(again, 400, "This user has no two-step verification or passkeys to reset");
      expect(again.body.code).toBe("USER_HAS_NO_MFA");
    });

    it("resets passkeys alone and an e-mail code", async () => {
      const [keys, mail] = await Promise.all([signUpPerson(server, "only-keys"), signUpPerson(server, "only-otp")]);
      await addPasskeyRow(server, keys.user.id);
      expect((await root.client.post(RESET, { userId: keys.user.id })).body.removed).toEqual({
        twoFactor: null,
        passkeys: 1,
      });
      expect(await rowsOf(server, "passkey", keys.user.id)).toEqual([]);

      expectStatus(await mail.client.post("/api/auth/two-factor/enable", { password: PASSWORD, method: "otp" }), 200);
      expect((await root.client.post(RESET, { userId: mail.user.id })).body.removed).toEqual({
        twoFactor: "otp",
        passkeys: 0,
      });
      const signIn = await server
        .client()
        .post("/api/auth/sign-in/email", { email: mail.user.email, password: PASSWORD });
      expect(signIn.body.twoFactorRedirect).toBeUndefined();
    });

    it("answers unknown users, bad input, one's own account, plain users and strangers with 4xx", async () => {
      const missing = await root.client.post(RESET, { userId: "no-such-user" });
      expect(missing.status).toBe(404);
      expect(missing.body.code).toBe("USER_NOT_FOUND");
      for (const body of [{}, { userId: 42 }, { userId: "" }, { userId: "x".repeat(129) }]) {
        const res = await root.client.post(RESET, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(typeof res.body.message).toBe("string");
      }
      const own = await root.client.post(RESET, { userId: root.user.id });
      expect({ status: own.status, code: own.body.code }).toEqual({
        status: 400,
        code: "YOU_CANNOT_RESET_YOUR_OWN_MFA",
      });

      const victim = await signUpPerson(server, "mfa-victim");
      await enableTotp(victim.client);
      const refused = await plain.client.post(RESET, { userId: victim.user.id });
      expectRefusal(refused, 403, "You are not allowed to reset users' two-step verification and passkeys");
      expect(refused.body.code).toBe("YOU_ARE_NOT_ALLOWED_TO_RESET_USERS_MFA");
      expect((await server.client().post(RESET, { userId: victim.user.id })).status).toBe(401);
      // A page elsewhere cannot make an admin's browser call it (the engine's origin check).
      const foreign = await root.client.post(RESET, { userId: victim.user.id }, { Origin: "https://evil.example" });
      expect(foreign.status).toBe(403);
      expect((await rowsOf(server, "twoFactor", victim.user.id)).length).toBe(1);
    });

    it("only ADMIN_USER_IDS admins reset another admin's factors", async () => {
      // A role admin on another role admin, and on the listed admin: refused, nothing removed.
      const other = await createAdminWithCli(server, "mfa-other-admin");
      await addPasskeyRow(server, other.user.id);
      await createUserWithId(server, LISTED, "Listed");
      await addPasskeyRow(server, LISTED);
      for (const userId of [other.user.id, LISTED]) {
        expectRefusal(
          await root.client.post(RESET, { userId }),
          403,
          "Only an admin listed in ADMIN_USER_IDS can act on another admin",
        );
        expect((await rowsOf(server, "passkey", userId)).length).toBe(1);
      }

      // The listed admin (no role at all) may.
      const listed = server.client();
      listed.cookies.set("tessera.session_token", (await createSession(server, LISTED)).cookie);
      expect(expectStatus(await listed.post(RESET, { userId: other.user.id }), 200).body.removed).toEqual({
        twoFactor: null,
        passkeys: 1,
      });
    });

    it("an admin signs in as a user with two-step on without their factor, and the audit log says who", async () => {
      const person = await signUpPerson(server, "mfa-impersonated");
      await enableTotp(person.client);
      const admin = await createAdminWithCli(server, "mfa-impersonator");

      const res = expectStatus(
        await admin.client.post("/api/auth/admin/impersonate-user", { userId: person.user.id }),
        200,
      );
      expect(res.body.twoFactorRedirect).toBeUndefined();
      const acting = await sessionOf(admin.client);
      expect(acting.user).toMatchObject({ id: person.user.id, twoFactorEnabled: true });
      expect(acting.session.impersonatedBy).toBe(admin.user.id);

      const audit = expectStatus(
        await root.client.get("/api/audit", { action: "admin.impersonation_started", actor: admin.user.id }),
        200,
      );
      expect(audit.body.events).toEqual([
        expect.objectContaining({ actorId: admin.user.id, targetType: "user", targetId: person.user.id }),
      ]);
    });
  },
);
