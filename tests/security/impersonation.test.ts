import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailWithLink } from "../helpers/auth-flows.js";
import { SESSION_COOKIE, type TestClient } from "../helpers/client.js";
import { makeUser, sessionClient } from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import {
  clearRedisPrefix,
  createUserWithId,
  rawRedis,
  setupDatabase,
  setupEnv,
  setups,
} from "../helpers/session-fixtures.js";
import { recordCount, uid } from "./support.js";

// An impersonation session lives at most an hour, always: no cookie a client drops extends it, on
// the session fast path, the engine's path and with the cookie cache; and it ends when its admin stops
// being one. The victim sees it in their session list as an impersonation.

const HOUR = 3_600_000;
const SLACK = 5_000;
const LISTED = "impersonationlisted00000000000001";
const DONT_REMEMBER = "tessera.dont_remember";

for (const info of setups) {
  describe.skipIf(!info.available)(`impersonation sessions on ${info.title}`, () => {
    // The same database behind the session fast path, the engine alone, and the engine with a cookie cache.
    let fast: TestServer;
    let engine: TestServer;
    let cached: TestServer;
    let prefix: string | undefined;
    const servers = () =>
      [
        ["session fast path", fast],
        ["engine", engine],
        ["cookie cache", cached],
      ] as const;

    beforeAll(async () => {
      const database = await setupDatabase(info);
      const setup = setupEnv(info.setup, { ADMIN_USER_IDS: LISTED });
      prefix = setup.prefix;
      fast = await startTestServer(info.kind, { database, env: setup.env });
      engine = await startTestServer(info.kind, {
        database,
        mail: fast.mail,
        env: { ...setup.env, SESSION_FAST_PATH: "false" },
      });
      cached = await startTestServer(info.kind, {
        database,
        mail: fast.mail,
        env: { ...setup.env, SESSION_COOKIE_CACHE_MAX_AGE: "60" },
      });
      await createUserWithId(fast, LISTED, "Listed");
    }, 120_000);
    afterAll(async () => {
      await cached?.close();
      await engine?.close();
      await fast?.close();
      await fast?.database.drop();
      if (prefix) {
        const redis = rawRedis();
        await clearRedisPrefix(redis, prefix);
        redis.disconnect();
      }
    });

    async function impersonation(server: TestServer) {
      const [admin, victim] = await Promise.all([
        makeUser(server, `imp-admin-${uid()}@example.com`, { role: "admin" }),
        makeUser(server, `imp-victim-${uid()}@example.com`),
      ]);
      const { client } = await sessionClient(server, admin.id);
      const res = await client.post("/api/auth/admin/impersonate-user", { userId: victim.id });
      expect(res.status, res.text).toBe(200);
      return { admin, victim, client, started: Date.now() };
    }

    const rowsBy = (adminId: string) =>
      fast.running.database.db
        .selectFrom("session")
        .select(["expiresAt"])
        .where("impersonatedBy", "=", adminId)
        .execute();
    const ms = (v: unknown) => new Date(v as string).getTime();

    it("is never extended, whatever cookie the client drops, on every path", async () => {
      let refreshes = 0;
      for (const [name, server] of servers()) {
        const { admin, victim, client, started } = await impersonation(server);
        // A tampering client: without the remember-me marker the engine used to refresh it to 7 days.
        expect(client.cookies.has(DONT_REMEMBER)).toBe(true);
        client.cookies.delete(DONT_REMEMBER);
        const replies = [
          await client.get("/api/auth/get-session"),
          await client.get("/api/auth/get-session", { disableCookieCache: "true" }),
          await client.get("/api/auth/get-session"),
        ];
        for (const res of replies) {
          refreshes += 1;
          expect({ path: name, user: res.body?.user?.id }).toEqual({ path: name, user: victim.id });
          expect(ms(res.body.session.expiresAt), name).toBeLessThanOrEqual(started + HOUR + SLACK);
        }
        // The app's own routes check the session through the same paths.
        const listed = await client.get("/api/account/sessions");
        refreshes += 1;
        expect(listed.status, name).toBe(200);
        const rows = await rowsBy(admin.id);
        expect(rows.length, name).toBe(1);
        for (const row of rows) expect(ms(row.expiresAt), name).toBeLessThanOrEqual(started + HOUR + SLACK);
        // Every instance answers the stored expiry, never a longer one.
        for (const [other, s] of servers()) {
          const bare = s.client();
          bare.cookies.set(SESSION_COOKIE, client.cookies.get(SESSION_COOKIE) ?? "");
          const res = await bare.get("/api/auth/get-session");
          refreshes += 1;
          expect(ms(res.body.session.expiresAt), `${name} then ${other}`).toBeLessThanOrEqual(started + HOUR + SLACK);
        }
      }
      recordCount("impersonation: refreshes that kept the hour", refreshes, info.setup);
    }, 60_000);

    it("shows in the victim's own session list as an impersonation", async () => {
      const { victim } = await impersonation(fast);
      const { client } = await sessionClient(fast, victim.id);
      const res = await client.get("/api/account/sessions");
      expect(res.status).toBe(200);
      const flags = (res.body.sessions as { current: boolean; impersonated: boolean }[])
        .map((s) => ({ current: s.current, impersonated: s.impersonated }))
        .sort((a, b) => Number(a.current) - Number(b.current));
      expect(flags).toEqual([
        { current: false, impersonated: true },
        { current: true, impersonated: false },
      ]);
    });

    it("ends when its admin is banned, demoted, removed or deletes their account", async () => {
      const { client: listed } = await sessionClient(fast, LISTED);
      const ways: [string, (adminId: string, adminEmail: string) => Promise<void>][] = [
        ["banned", async (id) => expectOk(await listed.post("/api/auth/admin/ban-user", { userId: id }))],
        [
          "demoted by set-role",
          async (id) => expectOk(await listed.post("/api/auth/admin/set-role", { userId: id, role: "user" })),
        ],
        [
          "demoted by update-user",
          async (id) =>
            expectOk(await listed.post("/api/auth/admin/update-user", { userId: id, data: { role: "user" } })),
        ],
        ["removed", async (id) => expectOk(await listed.post("/api/auth/admin/remove-user", { userId: id }))],
        [
          "deleted their own account",
          async (id, email) => {
            const { client } = await sessionClient(fast, id);
            const since = fast.mail.messages.length;
            expectOk(await client.post("/api/auth/delete-user", { callbackURL: "/" }));
            const { link } = await mailWithLink(fast, email, "/delete-user/callback", since);
            expect((await fast.followMailLink(client, link)).status).toBe(302);
          },
        ],
      ];
      let ended = 0;
      for (const [way, act] of ways) {
        const { admin, victim, client } = await impersonation(fast);
        const check = async (s: TestServer) => {
          const bare = s.client();
          bare.cookies.set(SESSION_COOKIE, tokenCookie(client));
          return (await bare.get("/api/auth/get-session")).body;
        };
        for (const [, s] of servers()) expect((await check(s))?.user.id).toBe(victim.id);
        await act(admin.id, admin.email);
        for (const [name, s] of servers()) expect(await check(s), `${way}, then ${name}`).toBeNull();
        expect(await rowsBy(admin.id), way).toEqual([]);
        ended += 1;
      }
      recordCount("impersonation: sessions ended with their admin's rights", ended, info.setup);
    }, 60_000);
  });
}

const tokenCookie = (client: TestClient) => client.cookies.get(SESSION_COOKIE) ?? "";

function expectOk(res: { status: number; text: string }) {
  expect(res.status, res.text).toBe(200);
}
