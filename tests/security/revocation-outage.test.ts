import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Reply, TestClient } from "../helpers/client.js";
import { SESSION_COOKIE } from "../helpers/client.js";
import { type DatabaseKind, databaseKinds } from "../helpers/databases.js";
import { makeUser, sessionClient } from "../helpers/org-fixtures.js";
import { type RedisProcess, redisServerAvailable, startRedisProcess } from "../helpers/redis-process.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { until } from "../helpers/wait.js";
import { recordCount, uid } from "./support.js";

// Issue 15, item 7: a sign-out or a revocation that could not reach every place the session lives
// (Redis, the database) must not answer success: 503 SESSION_STORE_UNAVAILABLE, the cookie kept,
// the session still working once the store is back (nothing half-done), and the retry then really
// ends it, on the session fast path (GET /get-session over HTTP) and on the app's own routes alike.

interface Outage {
  name: string;
  /** Whether reading a session fails too (then that is 503, not "signed out"). */
  readsFail: boolean;
  /** Extra server environment (e.g. REDIS_URL). */
  env(): Record<string, string>;
  begin(server: TestServer): Promise<void>;
  end(server: TestServer): Promise<void>;
  close(): Promise<void>;
}

/** The database refuses to delete sessions, as one that went away mid-request would. */
function databaseRefusesDeletes(kind: DatabaseKind): Outage {
  return {
    name: "the database failing session deletes",
    readsFail: false,
    env: () => ({}),
    async begin(server) {
      const db = server.running.database.db;
      if (kind === "sqlite") {
        await sql`create trigger outage before delete on session begin select raise(abort, 'session store down'); end`.execute(
          db,
        );
      } else {
        await sql`create function outage() returns trigger language plpgsql as $$ begin raise exception 'session store down'; end $$`.execute(
          db,
        );
        await sql`create trigger outage before delete on "session" for each row execute function outage()`.execute(db);
      }
    },
    async end(server) {
      const db = server.running.database.db;
      if (kind === "sqlite") await sql`drop trigger outage`.execute(db);
      else {
        await sql`drop trigger outage on "session"`.execute(db);
        await sql`drop function outage()`.execute(db);
      }
    },
    async close() {},
  };
}

/** Redis (sessions are there and in the database) killed, then started again with its data. */
function redisDown(): Outage & { setup(): Promise<void> } {
  let redis: RedisProcess | undefined;
  return {
    name: "Redis down",
    readsFail: true,
    async setup() {
      redis = await startRedisProcess();
    },
    env: () => ({ REDIS_URL: redis?.url ?? "" }),
    async begin() {
      await redis?.kill();
    },
    async end(server) {
      await redis?.start();
      // The server reconnects by itself; /readyz pings its Redis.
      await until("the server's Redis connection", async () => (await fetch(`${server.url}/readyz`)).status === 200, {
        timeout: 10_000,
      });
    },
    async close() {
      await redis?.close();
    },
  };
}

interface Prepared {
  /** The call under test, sent by the signed-in actor. */
  call: () => Promise<Reply>;
  actor: TestClient;
  /** Cookies the call must end, and cookies it must leave working. */
  ended: string[];
  kept: string[];
}

interface Case {
  name: string;
  prepare(server: TestServer): Promise<Prepared>;
}

const SESSION_STORE_DOWN = { status: 503, code: "SESSION_STORE_UNAVAILABLE" };

const cookieOf = (client: TestClient) => client.cookies.get(SESSION_COOKIE) ?? "";

async function userWithSessions(server: TestServer, count: number) {
  const user = await makeUser(server, `outage-${uid()}@example.com`);
  const sessions = [];
  for (let i = 0; i < count; i++) sessions.push(await sessionClient(server, user.id));
  return { user, sessions };
}

async function siteAdmin(server: TestServer) {
  const admin = await makeUser(server, `outage-admin-${uid()}@example.com`, { role: "admin" });
  return (await sessionClient(server, admin.id)).client;
}

const cases: Case[] = [
  {
    name: "POST /sign-out",
    async prepare(server) {
      const { sessions } = await userWithSessions(server, 2);
      const [a, b] = sessions.map((s) => s.client) as [TestClient, TestClient];
      return { call: () => a.post("/api/auth/sign-out"), actor: a, ended: [cookieOf(a)], kept: [cookieOf(b)] };
    },
  },
  {
    name: "POST /revoke-session",
    async prepare(server) {
      const { sessions } = await userWithSessions(server, 3);
      const [a, b, c] = sessions as [(typeof sessions)[0], (typeof sessions)[0], (typeof sessions)[0]];
      return {
        call: () => a.client.post("/api/auth/revoke-session", { token: b.token }),
        actor: a.client,
        ended: [cookieOf(b.client)],
        kept: [cookieOf(a.client), cookieOf(c.client)],
      };
    },
  },
  {
    name: "POST /revoke-other-sessions",
    async prepare(server) {
      const { sessions } = await userWithSessions(server, 3);
      const [a, ...others] = sessions.map((s) => s.client) as [TestClient, TestClient, TestClient];
      return {
        call: () => a.post("/api/auth/revoke-other-sessions"),
        actor: a,
        ended: others.map(cookieOf),
        kept: [cookieOf(a)],
      };
    },
  },
  {
    name: "POST /revoke-sessions",
    async prepare(server) {
      const { sessions } = await userWithSessions(server, 2);
      const [a, b] = sessions.map((s) => s.client) as [TestClient, TestClient];
      const other = (await userWithSessions(server, 1)).sessions[0]?.client as TestClient;
      return {
        call: () => a.post("/api/auth/revoke-sessions"),
        actor: a,
        ended: [cookieOf(a), cookieOf(b)],
        kept: [cookieOf(other)],
      };
    },
  },
  {
    name: "POST /api/account/sessions/:id/revoke",
    async prepare(server) {
      const { sessions } = await userWithSessions(server, 2);
      const [a, b] = sessions.map((s) => s.client) as [TestClient, TestClient];
      const list = await a.get("/api/account/sessions");
      const id = (list.body.sessions as { id: string; current: boolean }[]).find((s) => !s.current)?.id;
      return {
        call: () => a.post(`/api/account/sessions/${id}/revoke`),
        actor: a,
        ended: [cookieOf(b)],
        kept: [cookieOf(a)],
      };
    },
  },
  {
    name: "POST /admin/revoke-user-session",
    async prepare(server) {
      const { sessions } = await userWithSessions(server, 2);
      const [a, b] = sessions as [(typeof sessions)[0], (typeof sessions)[0]];
      const admin = await siteAdmin(server);
      return {
        call: () => admin.post("/api/auth/admin/revoke-user-session", { sessionToken: a.token }),
        actor: admin,
        ended: [cookieOf(a.client)],
        kept: [cookieOf(b.client), cookieOf(admin)],
      };
    },
  },
  {
    name: "POST /admin/revoke-user-sessions",
    async prepare(server) {
      const { user, sessions } = await userWithSessions(server, 2);
      const admin = await siteAdmin(server);
      return {
        call: () => admin.post("/api/auth/admin/revoke-user-sessions", { userId: user.id }),
        actor: admin,
        ended: sessions.map((s) => cookieOf(s.client)),
        kept: [cookieOf(admin)],
      };
    },
  },
];

/** Whether a session cookie still signs in: on the session fast path and on an app route behind requireSession. */
async function works(server: TestServer, cookie: string) {
  const client = server.client();
  client.cookies.set(SESSION_COOKIE, cookie);
  const session = await client.get("/api/auth/get-session");
  const route = await client.get("/api/account/sessions");
  const fast = session.status === 200 && Boolean(session.body?.session);
  const app = route.status === 200;
  if (fast !== app) throw new Error(`get-session says ${fast}, /api/account/sessions says ${route.status}`);
  return fast;
}

const outages = (kind: DatabaseKind) => [databaseRefusesDeletes(kind), ...(redisServerAvailable ? [redisDown()] : [])];

describe.each(databaseKinds)("revocations while the session store is down, on %s", (kind) => {
  for (const outage of outages(kind)) {
    describe(outage.name, () => {
      let server: TestServer;
      let checks = 0;
      beforeAll(async () => {
        if ("setup" in outage) await (outage as ReturnType<typeof redisDown>).setup();
        server = await startTestServer(kind, { env: outage.env() });
      });
      afterAll(async () => {
        await server?.close();
        await outage.close();
        recordCount("sign-out: revocations with the session store down", checks, kind);
      });

      for (const c of cases) {
        it(`${c.name}: 503 SESSION_STORE_UNAVAILABLE, cookie kept, nothing half-done, the retry ends it`, async () => {
          const { call, actor, ended, kept } = await c.prepare(server);
          const actorCookie = cookieOf(actor);
          for (const cookie of [...ended, ...kept]) expect(await works(server, cookie)).toBe(true);

          await outage.begin(server);
          let failed: Reply;
          try {
            failed = await call();
            if (outage.readsFail) {
              const probe = server.client();
              probe.cookies.set(SESSION_COOKIE, actorCookie);
              // Both at once: each read waits for the server's Redis client to give up a reconnect, and its
              // tries come further apart the longer Redis is gone (ioredis's back-off: one at a time took 2–4 s).
              const reads = await Promise.all([probe.get("/api/auth/get-session"), probe.get("/api/account/sessions")]);
              for (const read of reads) {
                expect({ status: read.status, code: read.body?.code }).toEqual(SESSION_STORE_DOWN);
              }
            }
          } finally {
            await outage.end(server);
          }
          expect({ status: failed.status, code: failed.body?.code }).toEqual(SESSION_STORE_DOWN);
          expect(typeof failed.body?.message).toBe("string");
          // The browser keeps its cookie, so pressing the button again is the retry.
          expect(failed.headers.getSetCookie()).toEqual([]);
          expect(cookieOf(actor)).toBe(actorCookie);
          // Back up: every session still works, none was ended half-way (e.g. gone from one store only).
          for (const cookie of [...ended, ...kept]) expect(await works(server, cookie)).toBe(true);

          const retried = await call();
          expect(retried.status).toBe(200);
          for (const cookie of ended) expect(await works(server, cookie)).toBe(false);
          for (const cookie of kept) expect(await works(server, cookie)).toBe(true);
          checks++;
        });
      }
    });
  }
});
