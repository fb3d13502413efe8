import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD } from "../helpers/auth-flows.js";
import type { TestClient } from "../helpers/client.js";
import { enableTotp } from "../helpers/mfa.js";
import { uniqueEmail } from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { setupEnv, setups } from "../helpers/session-fixtures.js";

// Code attempts are limited per account, not only per IP (docs/mfa.md "Server rules"). Each request
// comes from its own address (X-Forwarded-For from a trusted proxy), so only a per-account limit can hold.

let ip = 0;
const freshIp = () => {
  ip += 1;
  return `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;
};

const cases = setups
  .filter((s) => s.available)
  .flatMap((s) => [
    { ...s, rateLimit: "false" },
    { ...s, rateLimit: "true" },
  ]);

describe.each(cases)(
  "second-factor code limits on $title, RATE_LIMIT_ENABLED=$rateLimit",
  ({ setup, kind, rateLimit }) => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(kind, {
        env: setupEnv(setup, { RATE_LIMIT_ENABLED: rateLimit, TRUSTED_PROXIES: "127.0.0.1" }).env,
      });
    });
    afterAll(() => server?.close());

    /** The same browser (cookie jar) seen from a new address for each call. */
    function post(client: TestClient, path: string, body: unknown = {}) {
      return client.post(path, body, { "X-Forwarded-For": freshIp() });
    }

    /** A verified, signed-in user whose browser has an address of its own (sign-up is limited per address too). */
    function signUpPerson(tag: string) {
      return server.signUp(uniqueEmail(tag), { name: tag, headers: { "X-Forwarded-For": freshIp() } });
    }

    async function challenge(email: string) {
      const client = server.client();
      const res = await post(client, "/api/auth/sign-in/email", { email, password: PASSWORD });
      expect(res.body, res.text).toMatchObject({ twoFactorRedirect: true });
      return client;
    }

    async function mailedCode(email: string, since: number) {
      // The code's own mail: the "two-step verification is on" notice may still be on its way.
      const mail = await server.mail.waitFor(email, /sign-in code/, { since });
      const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
      if (!code) throw new Error(`no code in ${mail.text}`);
      return code;
    }

    it("locks an account after 10 wrong authenticator codes across challenges and addresses", async () => {
      const person = await signUpPerson("lock-totp");
      const { app } = await enableTotp(person.client);
      const wrong = String((Number(app.code()) + 500_000) % 1_000_000).padStart(6, "0");
      for (let round = 0; round < 2; round++) {
        const client = await challenge(person.user.email);
        for (let i = 0; i < 5; i++) {
          const res = await post(client, "/api/auth/two-factor/verify-totp", { code: wrong });
          expect(res.body?.code, res.text).toBe("INVALID_CODE");
        }
        // The challenge's own budget (5 tries) is spent.
        const spent = await post(client, "/api/auth/two-factor/verify-totp", { code: wrong });
        expect(spent.body?.code, spent.text).toMatch(/TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE|ACCOUNT_TEMPORARILY_LOCKED/);
      }
      const client = await challenge(person.user.email);
      const locked = await post(client, "/api/auth/two-factor/verify-totp", { code: app.code(1) });
      expect(locked.status).toBe(429);
      expect(locked.body?.code).toBe("ACCOUNT_TEMPORARILY_LOCKED");
      expect((await client.get("/api/auth/get-session")).body).toBeNull();
    });

    it("gives an e-mailed code 5 tries, and an e-mail-code account 10 tries however many codes are sent", async () => {
      const person = await signUpPerson("lock-otp");
      const on = await person.client.post("/api/auth/two-factor/enable", { password: PASSWORD, method: "otp" });
      expect(on.status, on.text).toBe(200);
      const client = await challenge(person.user.email);

      let since = server.mail.messages.length;
      expect((await post(client, "/api/auth/two-factor/send-otp")).status).toBe(200);
      let code = await mailedCode(person.user.email, since);
      const wrong = code === "000000" ? "111111" : "000000";
      for (let i = 0; i < 5; i++) {
        expect((await post(client, "/api/auth/two-factor/verify-otp", { code: wrong })).body?.code).toBe(
          "INVALID_CODE",
        );
      }
      const spent = await post(client, "/api/auth/two-factor/verify-otp", { code });
      expect(spent.body?.code).toBe("TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE");

      // A new code brings new tries for that code, but not for the account: 10 in all.
      since = server.mail.messages.length;
      expect((await post(client, "/api/auth/two-factor/send-otp")).status).toBe(200);
      code = await mailedCode(person.user.email, since);
      for (let i = 0; i < 4; i++) {
        expect((await post(client, "/api/auth/two-factor/verify-otp", { code: wrong })).body?.code).toBe(
          "INVALID_CODE",
        );
      }
      const refused = await post(client, "/api/auth/two-factor/verify-otp", { code });
      expect(refused.status).toBe(429);
      expect(refused.body?.code).toBe("TOO_MANY_TWO_FACTOR_ATTEMPTS");
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await client.get("/api/auth/get-session")).body).toBeNull();
    });

    it("an accepted e-mailed code clears the account's count", async () => {
      const person = await signUpPerson("otp-clear");
      await person.client.post("/api/auth/two-factor/enable", { password: PASSWORD, method: "otp" });
      for (let round = 0; round < 3; round++) {
        const client = await challenge(person.user.email);
        const since = server.mail.messages.length;
        await post(client, "/api/auth/two-factor/send-otp");
        const code = await mailedCode(person.user.email, since);
        for (let i = 0; i < 4; i++) await post(client, "/api/auth/two-factor/verify-otp", { code: "999999x" });
        const ok = await post(client, "/api/auth/two-factor/verify-otp", { code });
        expect(ok.status, ok.text).toBe(200);
      }
    });

    it("sends at most 5 codes per account in the window", async () => {
      const person = await signUpPerson("otp-sends");
      await person.client.post("/api/auth/two-factor/enable", { password: PASSWORD, method: "otp" });
      const statuses = [];
      for (let i = 0; i < 6; i++) {
        const client = await challenge(person.user.email);
        const res = await post(client, "/api/auth/two-factor/send-otp");
        statuses.push(res.status === 429 ? res.body?.code : res.status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, "TOO_MANY_TWO_FACTOR_CODES_SENT"]);
    });

    it.runIf(rateLimit === "true")("also limits code tries per address (the engine's 3 per 10 s)", async () => {
      const person = await signUpPerson("ip-limit");
      await enableTotp(person.client);
      const client = await challenge(person.user.email);
      const sameIp = freshIp();
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        const res = await client.post(
          "/api/auth/two-factor/verify-totp",
          { code: "000000" },
          { "X-Forwarded-For": sameIp },
        );
        statuses.push(res.status);
      }
      expect(statuses.at(-1)).toBe(429);
    });
  },
);
