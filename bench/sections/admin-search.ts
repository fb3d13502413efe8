import type { BenchContext, SectionResult } from "../lib/context.js";
import { type Storage, startInstance } from "../lib/instance.js";
import { median, round } from "../lib/load.js";

const STORAGES: { name: string; storage: Storage }[] = [
  { name: "SQLite", storage: "sqlite" },
  { name: "PostgreSQL", storage: "postgres" },
];
const USERS = 100_000;

/**
 * The admin console's user search: first page of 20, by e-mail prefix and anywhere in the e-mail
 * (issue 22 item 12: trigram indexes on PostgreSQL, a scan on SQLite), among 100,000 users.
 */
export async function adminSearch(ctx: BenchContext): Promise<SectionResult[]> {
  const result: SectionResult = { title: "Admin user search, 100,000 users", rows: [], targets: [], notes: [] };
  for (const { name, storage } of STORAGES) {
    if (storage !== "sqlite" && !ctx.postgresURL) {
      result.notes.push(`${name}: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)`);
      continue;
    }
    ctx.log(`admin search: ${name} (seeding ${USERS} users)`);
    const instance = await startInstance({ storage, postgresURL: ctx.postgresURL });
    try {
      const admin = await instance.call("user", { tag: "admin", role: "admin" });
      await instance.call("users", { count: USERS });
      const requests = ctx.quick ? 20 : 60;
      // Emails run user000000 … user099999: "user0" + 3 digits matches 100, "user0" + 1 digit 10,000.
      const searches = [
        ["console (GET /api/admin/users), prefix of 8 characters (100 matches)", 3, "console"],
        ["console (GET /api/admin/users), prefix of 6 characters (10,000 matches)", 1, "console"],
        ["console (GET /api/admin/users), 7 characters inside the e-mail (100 matches)", 3, "console-inside"],
        ["console (GET /api/admin/users), 5 characters inside the e-mail (10,000 matches)", 1, "console-inside"],
        ["engine (GET /admin/list-users, starts_with), prefix of 8 characters (100 matches)", 3, "engine"],
        ["engine (GET /admin/list-users, starts_with), prefix of 6 characters (10,000 matches)", 1, "engine"],
      ] as const;
      for (const [label, digits, route] of searches) {
        const times: number[] = [];
        let total = 0;
        for (let i = 0; i < requests + 3; i++) {
          const prefix = `user0${String((i * 37) % 1000).padStart(3, "0")}`.slice(0, 5 + digits);
          const url =
            route === "console"
              ? `${instance.url}/api/admin/users?pageSize=20&q=${prefix}`
              : route === "console-inside"
                ? `${instance.url}/api/admin/users?pageSize=20&q=${prefix.slice(1)}`
                : `${instance.url}/api/auth/admin/list-users?searchField=email&searchOperator=starts_with&limit=20&searchValue=${prefix}`;
          const started = performance.now();
          const res = await fetch(url, { headers: { cookie: admin.cookie } });
          const body = await res.json();
          const elapsed = performance.now() - started;
          if (res.status !== 200 || !Array.isArray(body.users))
            throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
          if (i >= 3) times.push(elapsed); // the first few warm the caches
          if (body.total !== 10 ** (5 - digits)) throw new Error(`list-users ${prefix}: ${body.total} matches`);
          total = body.total;
        }
        const sorted = [...times].sort((a, b) => a - b);
        const med = median(times);
        result.rows.push({
          setup: name,
          search: label,
          matches: total,
          "median ms": round(med, 1),
          "p90 ms": round(sorted[Math.floor(sorted.length * 0.9)] ?? Number.NaN, 1),
        });
        if (digits === 3 && route !== "engine") {
          result.targets.push({
            name: `${name}: admin search, ${label}, median`,
            value: round(med, 1),
            unit: "ms",
            target: "< 50",
            met: med < 50,
          });
        }
      }
    } finally {
      await instance.stop();
    }
  }
  return [result];
}
