import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbDate, signIn } from "../helpers/auth-flows.js";
import { enableTotp } from "../helpers/mfa.js";
import { sessionOf, signUpPerson } from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { setupEnv, setups } from "../helpers/session-fixtures.js";

describe.each(setups.filter((s) => s.available))(
  "two-factor sign-in with an authenticator app on $title",
  ({ setup, kind }) => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(kind, { env: setupEnv(setup).env });
    });
    afterAll(() => server?.close());

    it("asks for the code after the password and signs in only with it", async () => {
      const person = await signUpPerson(server, "totp");
      const { app } = await enableTotp(person.client);
      expect((await sessionOf(person.client)).user).toMatchObject({ twoFactorEnabled: true });

      const { client, res } = await signIn(server, person.user.email);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ twoFactorRedirect: true });
      expect(client.sessionCookie).toBeUndefined();
      expect((await client.get("/api/auth/get-session")).body).toBeNull();

      const verified = await client.post("/api/auth/two-factor/verify-totp", { code: app.code(1) });
      expect(verified.status).toBe(200);
      expect((await sessionOf(client)).user.email).toBe(person.user.email);
    });

    it("accepts the codes one step away and refuses those two steps away", async () => {
      const person = await signUpPerson(server, "totp-window");
      const { app } = await enableTotp(person.client);
      for (const steps of [-2, 2]) {
        const { client } = await signIn(server, person.user.email);
        const refused = await client.post("/api/auth/two-factor/verify-totp", { code: app.code(steps) });
        expect(refused.status, `${steps} steps`).toBe(401);
        expect(refused.body?.code).toBe("INVALID_CODE");
      }
      for (const steps of [-1, 1]) {
        const { client } = await signIn(server, person.user.email);
        const accepted = await client.post("/api/auth/two-factor/verify-totp", { code: app.code(steps) });
        expect(accepted.status, `${steps} steps: ${accepted.text}`).toBe(200);
      }
    });

    it("refuses a code that already signed in, for that user only", async () => {
      const person = await signUpPerson(server, "totp-replay");
      const { app } = await enableTotp(person.client);
      // The next step's code: the setup used the current one, and a step boundary between the two must not
      // make this one the setup's (the previous step's code would be, just after a boundary).
      const code = app.code(1);
      const first = await signIn(server, person.user.email);
      expect((await first.client.post("/api/auth/two-factor/verify-totp", { code })).status).toBe(200);

      const second = await signIn(server, person.user.email);
      const replay = await second.client.post("/api/auth/two-factor/verify-totp", { code });
      expect(replay.status).toBe(401);
      expect(replay.body?.code).toBe("TOTP_CODE_ALREADY_USED");
      expect((await second.client.get("/api/auth/get-session")).body).toBeNull();
    });

    it("lets one of several concurrent sign-ins with the same code through", async () => {
      const person = await signUpPerson(server, "totp-race");
      const { app } = await enableTotp(person.client);
      const code = app.code(1);
      const challenges = await Promise.all([0, 1, 2, 3].map(() => signIn(server, person.user.email)));
      const answers = await Promise.all(
        challenges.map(({ client }) => client.post("/api/auth/two-factor/verify-totp", { code })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401, 401]);
    });

    it("does not spend a code the engine refused: it stays usable", async () => {
      const person = await signUpPerson(server, "totp-release");
      const { app } = await enableTotp(person.client);
      const { client } = await signIn(server, person.user.email);
      const code = app.code(1);
      const table = server.running.database.db.updateTable("twoFactor").where("userId", "=", person.user.id);
      await table.set({ lockedUntil: dbDate(server, new Date(Date.now() + 60_000)) }).execute();
      const locked = await client.post("/api/auth/two-factor/verify-totp", { code });
      expect(locked.body, locked.text).toMatchObject({ code: "ACCOUNT_TEMPORARILY_LOCKED" });
      await table.set({ lockedUntil: null }).execute();
      const ok = await client.post("/api/auth/two-factor/verify-totp", { code });
      expect(ok.status, ok.text).toBe(200);
    });

    it("refuses an over-long or odd code with a 4xx, not a server error", async () => {
      const person = await signUpPerson(server, "totp-odd");
      await enableTotp(person.client);
      const { client } = await signIn(server, person.user.email);
      for (const code of ["1".repeat(5000), "12 34 56", "", "\u0000"]) {
        const res = await client.post("/api/auth/two-factor/verify-totp", { code });
        expect([400, 401], res.text).toContain(res.status);
      }
    });
  },
);
