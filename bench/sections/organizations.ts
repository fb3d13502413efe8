import type { BenchContext, SectionResult } from "../lib/context.js";
import { type Storage, startInstance } from "../lib/instance.js";
import { type LoadResult, load, medianResult, round } from "../lib/load.js";

const STORAGES: { name: string; storage: Storage }[] = [
  { name: "SQLite", storage: "sqlite" },
  { name: "PostgreSQL", storage: "postgres" },
];

/** list-members of a 100-member organization, and the organization list of a user in 1,000. */
export async function organizations(ctx: BenchContext): Promise<SectionResult[]> {
  const result: SectionResult = { title: "Organizations", rows: [], targets: [], notes: [] };
  for (const { name, storage } of STORAGES) {
    if (storage !== "sqlite" && !ctx.postgresURL) {
      result.notes.push(`${name}: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)`);
      continue;
    }
    ctx.log(`organizations: ${name}`);
    const instance = await startInstance({ storage, postgresURL: ctx.postgresURL });
    try {
      const owner = await instance.call("user", { tag: "owner" });
      const { organizationId } = await instance.call("members", { cookie: owner.cookie, count: 100 });
      const joiner = await instance.call("user", { tag: "joiner" });
      await instance.call("organizations", { userId: joiner.userId, count: 1000 });

      const routes = [
        { label: "bare Hono JSON route (/healthz)", path: "/healthz", cookie: owner.cookie },
        {
          label: "list-members, 100 members",
          path: `/api/auth/organization/list-members?organizationId=${organizationId}`,
          cookie: owner.cookie,
        },
        { label: "list organizations, member of 1,000", path: "/api/auth/organization/list", cookie: joiner.cookie },
      ];
      const members = await (await fetch(instance.url + routes[1]!.path, { headers: { cookie: owner.cookie } })).json();
      const orgs = await (await fetch(instance.url + routes[2]!.path, { headers: { cookie: joiner.cookie } })).json();
      const counts = [null, `${members.members?.length} of ${members.total}`, `${orgs.length} of 1000`];
      if (Array.isArray(orgs) && orgs.length < 1000) {
        result.notes.push(
          `${name}: GET /organization/list returned ${orgs.length} of the user's 1,000 organizations (the engine's default findMany limit)`,
        );
      }

      const runs: LoadResult[][] = routes.map(() => []);
      for (const r of routes)
        await load(instance.url + r.path, {
          headers: { cookie: r.cookie },
          seconds: ctx.warmup,
          connections: ctx.connections,
        });
      for (let run = 0; run < ctx.runs; run++) {
        for (const [i, r] of routes.entries()) {
          runs[i]!.push(
            await load(instance.url + r.path, {
              headers: { cookie: r.cookie },
              seconds: ctx.seconds,
              connections: ctx.connections,
            }),
          );
        }
      }
      const bare = medianResult(runs[0]!);
      for (const [i, r] of routes.entries()) {
        const m = medianResult(runs[i]!);
        result.rows.push({
          setup: name,
          route: r.label,
          returned: counts[i] ?? null,
          "req/s": Math.round(m.rps),
          "ratio to bare": round(m.rps / bare.rps),
          "p50 ms": m.p50,
          "p99 ms": m.p99,
        });
      }
    } finally {
      await instance.stop();
    }
  }
  return [result];
}
