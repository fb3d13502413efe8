import type { BenchContext, SectionResult } from "../lib/context.js";
import { type Storage, startInstance } from "../lib/instance.js";
import { type LoadResult, loadWithServerCPU, medianResult, round } from "../lib/load.js";

const STORAGES: { name: string; storage: Storage }[] = [
  { name: "SQLite", storage: "sqlite" },
  { name: "PostgreSQL", storage: "postgres" },
];

// A query parameter the organization read fast path hands to the engine and the engine ignores:
// the same read answered by the engine, in the same process and run (docs/decisions/014-organization-reads.md).
const ENGINE = "tesseraBench=engine";
const TARGET_SPEEDUP = 10;

/**
 * The organization reads the web app makes, fast path and engine: list-members of a 100-member
 * organization, its invitations (20, statuses mixed) and teams (10), get-full-organization of it (all
 * three at once, by slug as the web app asks), and GET /organization/list for a user in 1,000 organizations.
 */
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
      const { organizationId, slug } = await instance.call("members", { cookie: owner.cookie, count: 100 });
      await instance.call("teams-and-invitations", {
        organizationId,
        inviterId: owner.userId,
        teams: 10,
        invitations: 20,
      });
      const joiner = await instance.call("user", { tag: "joiner" });
      await instance.call("organizations", { userId: joiner.userId, count: 1000 });

      const reads = [
        {
          label: "list-members, 100 members",
          path: `/api/auth/organization/list-members?organizationId=${organizationId}`,
          cookie: owner.cookie,
          count: (b: any) => `${b.members?.length} of ${b.total}`,
        },
        {
          label: "list-invitations, 20",
          path: `/api/auth/organization/list-invitations?organizationId=${organizationId}`,
          cookie: owner.cookie,
          count: (b: any) => `${b.length}`,
        },
        {
          label: "list-teams, 10",
          path: `/api/auth/organization/list-teams?organizationId=${organizationId}`,
          cookie: owner.cookie,
          count: (b: any) => `${b.length}`,
        },
        {
          // The web app's organization page: the organization by its slug, with members, invitations and teams.
          label: "full organization by slug, 100 members",
          path: `/api/auth/organization/get-full-organization?organizationSlug=${slug}`,
          cookie: owner.cookie,
          count: (b: any) =>
            `${b.members?.length} members, ${b.invitations?.length} invitations, ${b.teams?.length} teams`,
        },
        {
          label: "list organizations, member of 1,000",
          // The web app's read: GET /api/organizations a page (100) at a time, by name; the engine's
          // GET /organization/list has no pages and answers 100 of the 1,000 (docs/behaviour.md#organizations).
          path: "/api/organizations?limit=100",
          enginePath: `/api/auth/organization/list?${ENGINE}`,
          cookie: joiner.cookie,
          count: (b: any) => (Array.isArray(b) ? `${b.length} of 1000` : `${b.organizations?.length} of ${b.total}`),
        },
      ];
      const routes: {
        label: string;
        path: string;
        cookie: string;
        read?: (typeof reads)[number];
        via?: string;
        churn?: boolean;
      }[] = [{ label: "bare Hono JSON route (/healthz)", path: "/healthz", cookie: owner.cookie }];
      for (const read of reads as ((typeof reads)[number] & { enginePath?: string })[]) {
        const engine = read.enginePath ?? `${read.path}${read.path.includes("?") ? "&" : "?"}${ENGINE}`;
        routes.push({ label: `${read.label}, fast path`, path: read.path, cookie: read.cookie, read, via: "fast" });
        routes.push({ label: `${read.label}, engine`, path: engine, cookie: read.cookie, read, via: "engine" });
      }
      // The same reads while a writer changes one of the organization's teams all along (bench/server-process.ts
      // `churn`): answers kept between requests go stale at once, so this is what a read costs made afresh.
      for (const read of reads.filter((r) => r.label.startsWith("list-members") || r.label.startsWith("full"))) {
        const engine = `${read.path}&${ENGINE}`;
        const label = `${read.label}, organization written meanwhile`;
        routes.push({
          label: `${label}, fast path`,
          path: read.path,
          cookie: read.cookie,
          read,
          via: "fast",
          churn: true,
        });
        routes.push({ label: `${label}, engine`, path: engine, cookie: read.cookie, read, via: "engine", churn: true });
      }
      // Both ways must give the same answer before either is measured.
      const returned: (string | null)[] = [];
      for (const r of routes) {
        const res = await fetch(instance.url + r.path, { headers: { cookie: r.cookie } });
        const body = await res.json();
        if (res.status !== 200) throw new Error(`${r.path}: ${res.status} ${JSON.stringify(body)}`);
        returned.push(r.read ? r.read.count(body) : null);
      }
      for (let i = 1; i < routes.length; i += 2) {
        // The organization pages have no engine counterpart to equal: the engine's list is 100 unordered.
        if (routes[i]!.path.startsWith("/api/organizations")) continue;
        const [a, b] = await Promise.all(
          [routes[i], routes[i + 1]].map(async (r) =>
            (await fetch(instance.url + r!.path, { headers: { cookie: r!.cookie } })).text(),
          ),
        );
        if (JSON.stringify(JSON.parse(a!)) !== JSON.stringify(JSON.parse(b!))) {
          throw new Error(`${routes[i]!.label}: the fast path and the engine answered differently`);
        }
      }
      result.notes.push(
        `${name}: list organizations: the fast path is GET /api/organizations?limit=100 (a page of the 1,000, by name; the web app reads every page), the engine GET /organization/list (100 of the 1,000, its default findMany limit, no pages)`,
      );

      const runs: LoadResult[][] = routes.map(() => []);
      const cpu: number[][] = routes.map(() => []);
      const call = (command: string) => instance.call(command);
      /** Load on one route, with the writer running for a `churn` route; the writer's CPU counts as the server's. */
      const load = async (r: (typeof routes)[number], seconds: number) => {
        if (r.churn) await instance.call("churn", { organizationId, on: true });
        try {
          return await loadWithServerCPU(call, instance.url + r.path, {
            headers: { cookie: r.cookie },
            seconds,
            connections: ctx.connections,
          });
        } finally {
          if (r.churn) await instance.call("churn", { organizationId, on: false });
        }
      };
      for (const r of routes) await load(r, ctx.warmup);
      for (let run = 0; run < ctx.runs; run++) {
        for (const [i, r] of routes.entries()) {
          const { result: measured, cpuPerRequest } = await load(r, ctx.seconds);
          runs[i]!.push(measured);
          if (cpuPerRequest !== undefined) cpu[i]!.push(cpuPerRequest);
        }
      }
      const medians = runs.map((r) => medianResult(r));
      const bare = medians[0]!;
      const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
      for (const [i, r] of routes.entries()) {
        const m = medians[i]!;
        const engine = r.via === "fast" ? medians[i + 1] : undefined;
        result.rows.push({
          setup: name,
          route: r.label,
          returned: returned[i] ?? null,
          "req/s": Math.round(m.rps),
          "ratio to bare": round(m.rps / bare.rps),
          "× engine": engine ? round(m.rps / engine.rps, 1) : null,
          "p50 ms": m.p50,
          "p99 ms": m.p99,
          "server CPU µs/req": cpu[i]!.length ? Math.round(medianOf(cpu[i]!) as number) : null,
        });
        if (engine && !r.churn) {
          const speedup = m.rps / engine.rps;
          result.targets.push({
            name: `${name} ${r.read!.label}: fast path ÷ engine`,
            value: round(speedup, 1),
            unit: "×",
            target: `≥ ${TARGET_SPEEDUP}×`,
            met: speedup >= TARGET_SPEEDUP,
          });
        }
      }
    } finally {
      await instance.stop();
    }
  }
  return [result];
}
