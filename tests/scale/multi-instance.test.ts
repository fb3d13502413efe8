import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrations } from "../../src/server/db/migrations.js";
import { postgresURL } from "../helpers/databases.js";
import { expectStatus, signUpPerson } from "../helpers/org-fixtures.js";
import { rawRedis, redisURL } from "../helpers/session-fixtures.js";
import { type Cluster, sameBrowserOn, sessionOn, startCluster } from "./cluster.js";

// Several instances behind one address must behave as one (docs/operations.md "Many instances").
// Three in-process instances share one PostgreSQL database (and Redis when TEST_REDIS_URL is set)
// and are driven over HTTP only.

if (!postgresURL) process.stderr.write("[tests] TEST_DATABASE_URL is not set: multi-instance suites are SKIPPED.\n");

const variants = [
  { title: "PostgreSQL", redis: false, available: Boolean(postgresURL) },
  { title: "PostgreSQL + Redis", redis: true, available: Boolean(postgresURL && redisURL) },
];

const PASSWORD = "correct horse battery";

for (const variant of variants) {
  const title = variant.available
    ? variant.title
    : `${variant.title} (SKIPPED: needs TEST_DATABASE_URL${variant.redis ? " and TEST_REDIS_URL" : ""})`;

  describe.skipIf(!variant.available)(`three instances on ${title}`, () => {
    let cluster: Cluster;
    beforeAll(async () => {
      cluster = await startCluster(3, { redis: variant.redis, empty: true });
    }, 120_000);
    afterAll(() => cluster?.close());

    it("started together on a fresh database, applied every migration exactly once", async () => {
      const db = cluster.servers[0]!.running.database.db;
      const rows = await db.selectFrom("tessera_migration").select("name").execute();
      expect(rows.map((r) => r.name).sort()).toEqual(migrations.map((m) => m.name).sort());
      for (const server of cluster.servers) expect((await server.client().get("/readyz")).body).toEqual({ ok: true });
    });

    it("reads a session made on A on B and C; revoked on C it is refused on A and B at once", async () => {
      const [a, b, c] = cluster.servers as [
        (typeof cluster.servers)[0],
        (typeof cluster.servers)[0],
        (typeof cluster.servers)[0],
      ];
      const person = await signUpPerson(a, "scale-revoke");
      const onB = await sessionOn(b, person.client);
      expect(onB?.user.email).toBe(person.user.email);
      expect((await sessionOn(c, person.client))?.session.id).toBe(onB?.session.id);

      const other = await signUpPerson(c, "scale-other");
      const revoke = await sameBrowserOn(c, person.client).post("/api/auth/revoke-session", {
        token: onB?.session.token,
      });
      expectStatus(revoke, 200);
      expect(await sessionOn(a, person.client)).toBeNull();
      expect(await sessionOn(b, person.client)).toBeNull();
      // Only that session went.
      expect((await sessionOn(a, other.client))?.user.email).toBe(other.user.email);
    });

    it("refuses a user banned through one instance on every other at once, and signs them in nowhere", async () => {
      const [a, b, c] = cluster.servers as [
        (typeof cluster.servers)[0],
        (typeof cluster.servers)[0],
        (typeof cluster.servers)[0],
      ];
      const admin = await signUpPerson(a, "scale-admin");
      await a.running.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", admin.user.id).execute();
      const adminOnC = c.client();
      expectStatus(
        await adminOnC.post("/api/auth/sign-in/email", { email: admin.user.email, password: PASSWORD }),
        200,
      );

      const target = await signUpPerson(a, "scale-banned");
      const second = b.client();
      expectStatus(await second.post("/api/auth/sign-in/email", { email: target.user.email, password: PASSWORD }), 200);
      expect((await sessionOn(b, target.client))?.user.id).toBe(target.user.id);

      expectStatus(await adminOnC.post("/api/auth/admin/ban-user", { userId: target.user.id, banReason: "spam" }), 200);
      for (const server of [a, b]) {
        expect(await sessionOn(server, target.client)).toBeNull();
        expect(await sessionOn(server, second)).toBeNull();
      }
      const again = await a.client().post("/api/auth/sign-in/email", { email: target.user.email, password: PASSWORD });
      expect({ status: again.status, code: again.body?.code }).toEqual({ status: 403, code: "BANNED_USER" });
    });

    it("sees a user's sessions listed and revoked alike from any instance", async () => {
      const [a, b, c] = cluster.servers as [
        (typeof cluster.servers)[0],
        (typeof cluster.servers)[0],
        (typeof cluster.servers)[0],
      ];
      const person = await signUpPerson(a, "scale-list");
      const browsers = [person.client];
      for (const server of [b, c]) {
        const browser = server.client();
        expectStatus(
          await browser.post("/api/auth/sign-in/email", { email: person.user.email, password: PASSWORD }),
          200,
        );
        browsers.push(browser);
      }
      const listed = await sameBrowserOn(b, person.client).get("/api/auth/list-sessions");
      expect(expectStatus(listed, 200).body).toHaveLength(3);
      expectStatus(await sameBrowserOn(c, person.client).post("/api/auth/revoke-other-sessions"), 200);
      expect(await sessionOn(a, browsers[1]!)).toBeNull();
      expect(await sessionOn(b, browsers[2]!)).toBeNull();
      expect((await sessionOn(b, person.client))?.user.id).toBe(person.user.id);
    });
  });

  describe.skipIf(!variant.available)(`rate limits across three instances on ${title}`, () => {
    let cluster: Cluster;
    beforeAll(async () => {
      cluster = await startCluster(3, { redis: variant.redis, env: { RATE_LIMIT_ENABLED: "true" } });
    }, 120_000);
    afterAll(() => cluster?.close());

    it("trips the shared sign-in limit (3 per 10 s) on the fourth attempt, wherever it lands", async () => {
      const [a, b, c] = cluster.servers as [
        (typeof cluster.servers)[0],
        (typeof cluster.servers)[0],
        (typeof cluster.servers)[0],
      ];
      const attempt = (server: typeof a) =>
        server.client().post("/api/auth/sign-in/email", { email: "nobody@example.com", password: "wrong password" });
      const statuses = [];
      for (const server of [a, b, c]) statuses.push((await attempt(server)).status);
      expect(statuses).toEqual([401, 401, 401]);
      const fourth = await attempt(a);
      expect(fourth.status).toBe(429);
      expect(fourth.body.message).toBe("Too many requests. Please try again later.");
      if (cluster.redisPrefix) {
        // The counter lives in Redis and goes away by itself.
        const redis = rawRedis();
        // Two counters: the engine's per-address one and our per-account one; both expire.
        const keys = await redis.keys(`${cluster.redisPrefix}*sign-in*`);
        const perAddress = keys.filter((k) => k.includes("/sign-in/email"));
        const perAccount = keys.filter((k) => k.includes("sign-in:nobody@example.com"));
        expect(perAddress).toHaveLength(1);
        expect(perAccount).toHaveLength(1);
        for (const key of keys) expect(await redis.ttl(key)).toBeGreaterThan(0);
        redis.disconnect();
      }
    });

    it("does not limit reading one's own session (GET /get-session)", async () => {
      const b = cluster.servers[1]!;
      const replies = await Promise.all(Array.from({ length: 150 }, () => b.client().get("/api/auth/get-session")));
      expect(new Set(replies.map((r) => r.status))).toEqual(new Set([200]));
    });
  });
}

describe.skipIf(!postgresURL)("instances starting together", () => {
  it("five instances racing on a fresh database all start, and the schema is made once", async () => {
    const cluster = await startCluster(5, { empty: true });
    try {
      const db = cluster.servers[0]!.running.database.db;
      const applied = await db.selectFrom("tessera_migration").select("name").execute();
      expect(applied).toHaveLength(migrations.length);
      const tables = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables
        where table_schema = 'public' and table_name in ('user', 'session', 'account', 'verification', 'organization', 'member')`.execute(
        db,
      );
      expect(tables.rows[0]?.n).toBe(6);
      const person = await signUpPerson(cluster.servers[4]!, "scale-race");
      expect((await sessionOn(cluster.servers[0]!, person.client))?.user.id).toBe(person.user.id);
    } finally {
      await cluster.close();
    }
  }, 120_000);
});
