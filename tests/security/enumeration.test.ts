import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESET_REQUEST_MIN_MS } from "../../src/server/auth/reset-request-floor.js";
import { PASSWORD, signUpUnverified } from "../helpers/auth-flows.js";
import type { Reply } from "../helpers/client.js";
import { databaseKinds } from "../helpers/databases.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { clearRedisPrefix, rawRedis, setupEnv, setups } from "../helpers/session-fixtures.js";
import { recordCount, uid } from "./support.js";

// Sign-up and reset requests must not tell whether an address has an account. With
// REQUIRE_EMAIL_VERIFICATION on (the default), a taken address gets the sign-up answer a new one could
// have got. The comparison is generic (every key, recursively; every value's kind; every value that does
// not differ by nature), so a field any plugin adds to the user later is compared without anyone listing
// it here. Timing is measured by `npm run test:security` (scripts/security-summary.ts), not here: what
// is checked here is that reset requests are held to their floor (src/server/auth/reset-request-floor.ts).

const ID = /^[A-Za-z0-9]{32}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/**
 * An answer with what differs by nature between two sign-ups replaced by its kind: ids (SPEC §9: 32
 * random characters), timestamps, and the address each request signed up with. Every other value,
 * and every key, must be the same.
 */
function comparable(value: unknown, email: string): unknown {
  if (Array.isArray(value)) return value.map((v) => comparable(v, email));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, comparable(v, email)]));
  }
  if (typeof value !== "string") return value;
  if (value === email) return "<the address signed up with>";
  if (ID.test(value)) return "<id>";
  if (ISO_DATE.test(value)) return "<date>";
  return value;
}

/** How many values the comparison looked at. */
function leaves(value: unknown): number {
  if (value !== null && typeof value === "object")
    return Object.values(value).reduce<number>((n, v) => n + leaves(v), 0);
  return 1;
}

/** What a caller sees of a reply, made comparable: status, header names, cookies, body. */
function seen(reply: Reply, email: string) {
  const headers = [...reply.headers.keys()].filter((h) => h !== "date" && h !== "content-length").sort();
  return {
    status: reply.status,
    headers,
    cookies: reply.headers.getSetCookie(),
    body: comparable(reply.body, email.toLowerCase()),
  };
}

const BODIES: [string, Record<string, unknown>][] = [
  ["name only", {}],
  ["with a language", { language: 6 }],
  ["with an image", { image: "https://example.com/a.png" }],
];

for (const info of setups) {
  describe.skipIf(!info.available)(`enumeration by sign-up and reset request on ${info.title}`, () => {
    let server: TestServer;
    let redisPrefix: string | undefined;
    let verified: string;
    let unverified: string;
    beforeAll(async () => {
      const { env, prefix } = setupEnv(info.setup);
      redisPrefix = prefix;
      server = await startTestServer(info.kind, { env });
      verified = `taken-${uid()}@example.com`;
      await server.signUp(verified);
      unverified = `taken-unverified-${uid()}@example.com`;
      await signUpUnverified(server, unverified);
    });
    afterAll(async () => {
      await server?.close();
      if (redisPrefix) {
        const redis = rawRedis();
        await clearRedisPrefix(redis, redisPrefix);
        redis.disconnect();
      }
    });

    const signUp = (email: string, extra: Record<string, unknown>) =>
      server
        .client()
        .post("/api/auth/sign-up/email", { email, password: "another password 1", name: "Someone", ...extra });

    it.each(BODIES)("answers like a new address (%s): status, headers, every key and value kind", async (_n, extra) => {
      let compared = 0;
      for (const taken of [verified, unverified, verified.toUpperCase()]) {
        const fresh = `new-${uid()}@example.com`;
        const a = await signUp(taken, extra);
        const b = await signUp(fresh, extra);
        expect(b.status, b.text).toBe(200);
        expect(seen(a, taken), `taken ${taken}: ${a.text}\nnew: ${b.text}`).toEqual(seen(b, fresh));
        compared += leaves(a.body);
      }
      recordCount("enumeration: sign-up answer fields compared", compared, info.kind);
    });

    it("writes nothing for the taken address, and its owner is told by mail, once an hour", async () => {
      const db = server.running.database.db;
      // An address no other test here has tried, so the hourly notice is still due.
      const verified = `taken-once-${uid()}@example.com`;
      await server.signUp(verified);
      const count = async (table: "user" | "account") =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = { users: await count("user"), accounts: await count("account") };
      const since = server.mail.messages.length;
      expect((await signUp(verified, {})).status).toBe(200);
      expect({ users: await count("user"), accounts: await count("account") }).toEqual(before);
      const mail = await server.mail.waitFor(verified, /tried to sign up/, { since });
      // A second attempt answers the same but sends no second notice within the hour.
      expect((await signUp(verified, {})).status).toBe(200);
      expect((await signUp(verified.toUpperCase(), {})).status).toBe(200);
      // Queued before the answer (the outbox), so counting its rows is exact.
      const notices = await db
        .selectFrom("outbox")
        .select("id")
        .where("kind", "=", "sign-up-attempt")
        .where("recipient", "=", verified)
        .execute();
      expect(notices).toHaveLength(1);
      // The audit log records the attempt on the owner's account, never a sign-up of a user that does not exist.
      const ownerRow = await db.selectFrom("user").select("id").where("email", "=", verified).executeTakeFirstOrThrow();
      const events = await db.selectFrom("audit_event").select(["action", "targetId"]).execute();
      const userIds = new Set((await db.selectFrom("user").select("id").execute()).map((u) => u.id));
      expect(events.filter((e) => e.action === "user.signed_up" && !userIds.has(e.targetId ?? ""))).toEqual([]);
      expect(events).toContainEqual({ action: "user.sign_up_attempted", targetId: ownerRow.id });
      expect(mail.links).toContain(`${server.url}/sign-in`);
      // The owner's password still works; the attempt's does not.
      const owner = await server.client().post("/api/auth/sign-in/email", { email: verified, password: PASSWORD });
      expect(owner.status).toBe(200);
      const attempt = await server
        .client()
        .post("/api/auth/sign-in/email", { email: verified, password: "another password 1" });
      expect(attempt.status).toBe(401);
    });

    it(`reset requests (both routes) answer a known and an unknown address alike, after ${RESET_REQUEST_MIN_MS} ms`, async () => {
      // All six at once, each timed on its own: one after another they waited out the floor six times.
      const requests = ["/api/auth/request-password-reset", "/api/auth/forget-password"].flatMap((path) =>
        [verified, unverified, `nobody-${uid()}@example.com`].map((email) => ({ path, email })),
      );
      const answers = await Promise.all(
        requests.map(async ({ path, email }) => {
          const started = performance.now();
          const res = await server.client().post(path, { email, redirectTo: "/reset" });
          const took = performance.now() - started;
          expect(res.status, res.text).toBe(200);
          expect(took, `${path} ${email}`).toBeGreaterThanOrEqual(RESET_REQUEST_MIN_MS - 1);
          return seen(res, email);
        }),
      );
      for (const answer of answers) expect(answer).toEqual(answers[0]);
      recordCount("enumeration: reset requests held to the floor", answers.length, info.kind);
    });
  });
}

describe.each(databaseKinds)("sign-up of a taken address with REQUIRE_EMAIL_VERIFICATION=false on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { env: { REQUIRE_EMAIL_VERIFICATION: "false" } });
  });
  afterAll(() => server?.close());

  it("says the address is taken (SPEC §8 'User already exists'): a new address is signed in at once", async () => {
    const email = `open-${uid()}@example.com`;
    const first = await server.client().post("/api/auth/sign-up/email", { email, password: PASSWORD, name: "O" });
    expect(first.status).toBe(200);
    expect(first.body.token).toEqual(expect.any(String));
    const again = await server.client().post("/api/auth/sign-up/email", { email, password: PASSWORD, name: "O" });
    expect({ status: again.status, body: again.body }).toEqual({
      status: 422,
      body: { code: "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL", message: "User already exists. Use another email." },
    });
  });
});
