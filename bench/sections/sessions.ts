import type { BenchContext, SectionResult, Target } from "../lib/context.js";
import { type Instance, type Storage, startInstance } from "../lib/instance.js";
import { type LoadResult, load, loadWithServerCPU, median, medianResult, round } from "../lib/load.js";

interface Setup {
  name: string;
  storage: Storage;
  cookieCache?: boolean;
}

const SETUPS: Setup[] = [
  { name: "SQLite", storage: "sqlite" },
  { name: "PostgreSQL", storage: "postgres" },
  { name: "PostgreSQL + Redis", storage: "postgres+redis" },
  { name: "SQLite, cookie cache on", storage: "sqlite", cookieCache: true },
  { name: "PostgreSQL + Redis, cookie cache on", storage: "postgres+redis", cookieCache: true },
];

interface Route {
  key: string;
  label: string;
  path: string;
}

const BARE: Route = { key: "bare", label: "bare Hono JSON route (/healthz)", path: "/healthz" };
const ROUTES: Route[] = [
  BARE,
  { key: "fast", label: "GET /get-session, fast path", path: "/api/auth/get-session" },
  { key: "engine", label: "GET /get-session, engine", path: "/api/auth/get-session?disableRefresh=true" },
  { key: "app-fast", label: "app route, requireSession", path: "/bench/me" },
  { key: "app-engine", label: "app route, auth.api.getSession", path: "/bench/me-engine" },
];
const CACHED_ROUTES: Route[] = [
  BARE,
  { key: "engine-cache", label: "GET /get-session, engine (cookie cache)", path: "/api/auth/get-session" },
  { key: "app-cache", label: "app route, requireSession (engine, cookie cache)", path: "/bench/me" },
];

/** get-session and an app route's session check against the bare route, per storage, in one process each. */
export async function sessions(ctx: BenchContext): Promise<SectionResult[]> {
  const result: SectionResult = { title: "Session check", rows: [], targets: [], notes: [] };
  result.notes.push(
    "The signed-in user has two-step verification on (authenticator app) and signed in with both steps.",
  );
  const memory: SectionResult = { title: "Resident memory of one instance", rows: [], targets: [], notes: [] };
  for (const setup of SETUPS) {
    if (setup.storage !== "sqlite" && !ctx.postgresURL) {
      result.notes.push(`${setup.name}: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)`);
      continue;
    }
    if (setup.storage === "postgres+redis" && !ctx.redisURL) {
      result.notes.push(`${setup.name}: skipped (set BENCH_REDIS_URL or TEST_REDIS_URL)`);
      continue;
    }
    ctx.log(`sessions: ${setup.name}`);
    const instance = await startInstance({
      storage: setup.storage,
      postgresURL: ctx.postgresURL,
      redisURL: ctx.redisURL,
      env: setup.cookieCache ? { SESSION_COOKIE_CACHE_MAX_AGE: "300" } : {},
    });
    try {
      await measureSetup(ctx, instance, setup, result, memory);
    } finally {
      await instance.stop();
    }
  }
  return [result, memory];
}

async function measureSetup(
  ctx: BenchContext,
  instance: Instance,
  setup: Setup,
  result: SectionResult,
  memory: SectionResult,
) {
  // Issue 16: the session check keeps its speed for an account with two-step verification on.
  const user = await instance.call("user", { tag: "session", mfa: true });
  const headers = { cookie: user.cookie as string };
  const routes = setup.cookieCache ? CACHED_ROUTES : ROUTES;
  for (const route of routes.slice(1)) {
    const body = await (await fetch(instance.url + route.path, { headers })).json();
    if (!(body?.user?.id ?? body?.id))
      throw new Error(`${route.path} did not see the session: ${JSON.stringify(body)}`);
  }
  await instance.call("reset");
  const idle = await instance.call("stats");
  for (const route of routes)
    await load(instance.url + route.path, { headers, seconds: ctx.warmup, connections: ctx.connections });

  const runs = new Map<string, LoadResult[]>(routes.map((r) => [r.key, []]));
  const cpu = new Map<string, number[]>(routes.map((r) => [r.key, []]));
  // Interleaved, so a noisy neighbour slows every route alike rather than one of them.
  for (let run = 0; run < ctx.runs; run++) {
    for (const route of routes) {
      const { result, cpuPerRequest } = await loadWithServerCPU(instance.call, instance.url + route.path, {
        headers,
        seconds: ctx.seconds,
        connections: ctx.connections,
      });
      runs.get(route.key)?.push(result);
      if (cpuPerRequest !== undefined) cpu.get(route.key)?.push(cpuPerRequest);
    }
  }
  const loaded = await instance.call("stats");
  const bare = medianResult(runs.get("bare") ?? []);
  for (const route of routes) {
    const m = medianResult(runs.get(route.key) ?? []);
    result.rows.push({
      setup: setup.name,
      route: route.label,
      "req/s": Math.round(m.rps),
      "ratio to bare": round(m.rps / bare.rps),
      "p50 ms": m.p50,
      "p99 ms": m.p99,
      "p99 − bare p99 ms": round(m.p99 - bare.p99),
      "server CPU µs/req": Math.round(median(cpu.get(route.key) ?? [])),
    });
    if (route.key === "fast" || route.key === "app-fast") {
      const ratio = m.rps / bare.rps;
      result.targets.push(
        {
          name: `${setup.name}: ${route.label}, throughput`,
          value: round(ratio),
          unit: "× bare",
          target: "≥ 0.60",
          met: ratio >= 0.6,
        } satisfies Target,
        {
          name: `${setup.name}: ${route.label}, p99`,
          value: round(m.p99 - bare.p99),
          unit: "ms over bare",
          target: "≤ 1",
          met: m.p99 - bare.p99 <= 1,
        },
      );
    }
  }
  memory.rows.push({ setup: setup.name, "idle MB": mb(idle.rss), "peak under load MB": mb(loaded.rssMax) });
  if (!setup.cookieCache && loaded.sessionFastPath.route)
    result.notes.push(`${setup.name}: session fast path off (${loaded.sessionFastPath.route})`);
}

const mb = (bytes: number) => Math.round(bytes / 1048576);
