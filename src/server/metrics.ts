import { timingSafeEqual } from "node:crypto";
import { Counter, collectDefaultMetrics, Gauge, Registry } from "prom-client";
import type { Database } from "./db/database.js";

/**
 * Prometheus metrics (GET /metrics, docs/operations.md "Metrics"). Off unless METRICS_TOKEN or
 * METRICS_PORT is set: then nothing is registered or counted, and /metrics is a 404.
 *
 * Labels stay few: requests are counted per route group (the route's pattern, or for the engine's
 * calls their first path segment), never per raw path.
 */

export type FastPathCheck = "get-session" | "app-route" | "organization-read";
export type FastPathOutcome = "answered" | "engine";

/** What the metrics read when scraped. */
export interface MetricSources {
  database?: Database;
  /** Hashes asked for and not yet answered (auth/password-hashing.ts). */
  passwordHashesPending?: () => number;
}

/** Seconds: from a fast-path session check (well under a millisecond) to a slow sign-in. */
const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The outbox tables of the leased queue (src/server/queue/leased-queue.ts) and their waiting states. */
const QUEUES = [
  { queue: "mail", table: "outbox" },
  { queue: "webhook", table: "webhook_delivery" },
] as const;

/** The session fast lane's own counters, bound once (it answers without Hono, see fast-path/node-lane.ts). */
export interface LaneMetrics {
  answered(seconds: number): void;
  handedOver(): void;
}

export interface Metrics {
  readonly enabled: boolean;
  readonly token: string | undefined;
  /** One answered request: method, route group (see routeGroup), status, seconds. */
  request(method: string, route: string, path: string, status: number, seconds: number): void;
  fastPath(check: FastPathCheck, outcome: FastPathOutcome): void;
  lane: LaneMetrics;
  redisError(kind: "connection" | "command"): void;
  watch(sources: MetricSources): void;
  /** The engine's first path segments (e.g. "sign-in", "get-session"), for route groups. */
  setEngineSegments(segments: Iterable<string>): void;
  /** The text exposition format. */
  scrape(): Promise<{ contentType: string; body: string }>;
  /** True when the request may read the metrics (its bearer token matches METRICS_TOKEN, or none is set). */
  authorized(authorization: string | undefined): boolean;
}

const NOOP_LANE: LaneMetrics = { answered() {}, handedOver() {} };

/** Metrics that count nothing: what runs when metrics are off. */
export function disabledMetrics(): Metrics {
  return {
    enabled: false,
    token: undefined,
    request() {},
    fastPath() {},
    lane: NOOP_LANE,
    redisError() {},
    watch() {},
    setEngineSegments() {},
    scrape: () => Promise.reject(new Error("metrics are off")),
    authorized: () => false,
  };
}

export interface MetricsOptions {
  /** METRICS_TOKEN: the bearer token a scrape must send; undefined when only METRICS_PORT guards it. */
  token?: string;
}

export function createMetrics({ token }: MetricsOptions = {}): Metrics {
  // A registry per server: tests run several in one process.
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "tessera_" });
  const sources: MetricSources = {};

  // The per-request metrics are counted in plain objects, bound once per route group, and turned into
  // the text format when scraped: prom-client's labelled inc/observe hash their labels on every call
  // (about 1 µs each), a sizeable share of a fast-path session check's ~35 µs.
  const http = new RequestSeries();
  registry.registerMetric(http.counter() as never);
  registry.registerMetric(http.histogram() as never);
  const fastPath = new Map<string, { check: string; outcome: string; n: number }>();
  const fastPathSeries = (check: FastPathCheck, outcome: FastPathOutcome) => {
    const key = `${check} ${outcome}`;
    let series = fastPath.get(key);
    if (!series) {
      series = { check, outcome, n: 0 };
      fastPath.set(key, series);
    }
    return series;
  };
  registry.registerMetric(
    customMetric(
      "tessera_session_fast_path_total",
      "Session checks answered by the fast path, or handed over to the engine (docs/decisions/006-session-fast-path.md).",
      "counter",
      () => [...fastPath.values()].map(({ check, outcome, n }) => ({ labels: { check, outcome }, value: n })),
    ) as never,
  );
  const signIns = new Counter({
    name: "tessera_sign_ins_total",
    help: "Sign-in calls (POST /api/auth/sign-in/*) by method and result: success, failure (4xx, 5xx) or rate_limited (429).",
    labelNames: ["method", "result"] as const,
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: "tessera_rate_limit_hits_total",
    help: "Requests refused with 429 by a rate limit, by route group.",
    labelNames: ["route"] as const,
    registers: [registry],
  });
  const redisErrors = new Counter({
    name: "tessera_redis_errors_total",
    help: "Redis errors: connection (the client lost or could not reach Redis) and command (a command failed).",
    labelNames: ["kind"] as const,
    registers: [registry],
  });
  new Gauge({
    name: "tessera_password_hash_pending",
    help: "Password hashes asked for and not yet answered (queued plus running on the hashing threads).",
    registers: [registry],
    collect() {
      this.set(sources.passwordHashesPending?.() ?? 0);
    },
  });
  new Gauge({
    name: "tessera_db_pool_connections",
    help: "PostgreSQL pool connections of this process by state: total, idle, waiting (clients waiting for one).",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const pool = sources.database?.pool;
      if (!pool) return;
      this.set({ state: "total" }, pool.totalCount);
      this.set({ state: "idle" }, pool.idleCount);
      this.set({ state: "waiting" }, pool.waitingCount);
    },
  });
  // One read of the outbox tables per scrape, shared by the gauges below (prom-client collects them at once).
  let reading: Promise<OutboxSnapshot | undefined> | undefined;
  const outbox = () => {
    reading ??= (sources.database ? readOutbox(sources.database) : Promise.resolve(undefined)).finally(() => {
      reading = undefined;
    });
    return reading;
  };
  const outboxGauge = (name: string, help: string, pick: (q: OutboxSnapshot[string]) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ["queue"] as const,
      registers: [registry],
      async collect() {
        const snapshot = await outbox();
        if (!snapshot) return;
        for (const [queue, values] of Object.entries(snapshot)) this.set({ queue }, pick(values));
      },
    });
  outboxGauge(
    "tessera_outbox_depth",
    "Mail and webhook deliveries waiting to be sent (pending or being sent), across all instances.",
    (q) => q.depth,
  );
  outboxGauge(
    "tessera_outbox_oldest_age_seconds",
    "Age of the oldest mail or webhook delivery still waiting to be sent; 0 when none waits.",
    (q) => q.oldestAgeSeconds,
  );
  outboxGauge(
    "tessera_outbox_failed",
    "Mail and webhook deliveries given up after their last attempt, as kept in the database (mail 7 days, webhooks 30).",
    (q) => q.failed,
  );
  new Gauge({
    name: "tessera_outbox_readable",
    help: "1 when the outbox tables could be read for this scrape, 0 when the database did not answer.",
    registers: [registry],
    async collect() {
      if (sources.database) this.set((await outbox()) ? 1 : 0);
    },
  });

  let engineSegments = new Set<string>();
  const laneSeries = http.series("GET", "/api/auth/get-session");
  const laneAnswered = fastPathSeries("get-session", "answered");
  const laneHandedOver = fastPathSeries("get-session", "engine");
  const expected = token ? Buffer.from(`Bearer ${token}`) : undefined;

  return {
    enabled: true,
    token,
    request(method, route, path, status, seconds) {
      const group = route === "/api/auth/*" ? engineGroup(path, engineSegments) : route;
      http.series(method, group).observe(status, seconds);
      if (status === 429) rateLimited.inc({ route: group });
      if (method === "POST" && group === "/api/auth/sign-in") {
        const kind = path.slice("/api/auth/sign-in/".length);
        signIns.inc({
          method: /^[a-z0-9-]{1,32}$/.test(kind) && engineSegments.has(`sign-in/${kind}`) ? kind : "other",
          result: status === 429 ? "rate_limited" : status < 400 ? "success" : "failure",
        });
      }
    },
    fastPath(check, outcome) {
      fastPathSeries(check, outcome).n++;
    },
    lane: {
      answered(seconds) {
        laneSeries.observe(200, seconds);
        laneAnswered.n++;
      },
      handedOver() {
        laneHandedOver.n++;
      },
    },
    redisError(kind) {
      redisErrors.inc({ kind });
    },
    watch(more) {
      Object.assign(sources, more);
    },
    setEngineSegments(segments) {
      engineSegments = new Set(segments);
    },
    async scrape() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
    authorized(authorization) {
      if (!expected) return true;
      const given = Buffer.from(authorization ?? "");
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/** One route group's requests: counts by status, and the latency histogram. */
class Series {
  readonly statuses = new Map<number, number>();
  readonly buckets = new Float64Array(DURATION_BUCKETS.length);
  sum = 0;
  count = 0;
  constructor(
    readonly method: string,
    readonly route: string,
  ) {}
  observe(status: number, seconds: number) {
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    this.sum += seconds;
    this.count++;
    // Counted in the first bucket that holds it; made cumulative when scraped.
    for (let i = 0; i < DURATION_BUCKETS.length; i++) {
      if (seconds <= (DURATION_BUCKETS[i] as number)) {
        (this.buckets[i] as number)++;
        return;
      }
    }
  }
}

/** tessera_http_requests_total and tessera_http_request_duration_seconds, as prom-client metrics when scraped. */
class RequestSeries {
  private readonly all = new Map<string, Series>();
  series(method: string, route: string): Series {
    const key = `${method} ${route}`;
    let series = this.all.get(key);
    if (!series) {
      series = new Series(method, route);
      this.all.set(key, series);
    }
    return series;
  }
  counter() {
    return customMetric(
      "tessera_http_requests_total",
      "HTTP requests answered, by method, route group and status code.",
      "counter",
      () => {
        const values: MetricValue[] = [];
        for (const s of this.all.values()) {
          for (const [status, n] of s.statuses) {
            values.push({ labels: { method: s.method, route: s.route, status: String(status) }, value: n });
          }
        }
        return values;
      },
    );
  }
  histogram() {
    const name = "tessera_http_request_duration_seconds";
    return customMetric(name, "Time to answer an HTTP request, by method and route group.", "histogram", () => {
      const values: MetricValue[] = [];
      for (const s of this.all.values()) {
        const labels = { method: s.method, route: s.route };
        let cumulative = 0;
        for (let i = 0; i < DURATION_BUCKETS.length; i++) {
          cumulative += s.buckets[i] as number;
          values.push({
            metricName: `${name}_bucket`,
            labels: { le: DURATION_BUCKETS[i] as number, ...labels },
            value: cumulative,
          });
        }
        values.push({ metricName: `${name}_bucket`, labels: { le: "+Inf", ...labels }, value: s.count });
        values.push({ metricName: `${name}_sum`, labels, value: s.sum });
        values.push({ metricName: `${name}_count`, labels, value: s.count });
      }
      return values;
    });
  }
}

interface MetricValue {
  metricName?: string;
  labels: Record<string, string | number>;
  value: number;
}

/** A metric prom-client's registry prints (registerMetric): its values are read when scraped. */
function customMetric(name: string, help: string, type: "counter" | "histogram", values: () => MetricValue[]) {
  return { name, help, type, get: async () => ({ name, help, type, values: values() }) };
}

type OutboxSnapshot = Record<string, { depth: number; oldestAgeSeconds: number; failed: number }>;

/** Waiting and failed rows of each outbox table; undefined when the database does not answer. */
async function readOutbox(database: Database): Promise<OutboxSnapshot | undefined> {
  try {
    const now = Date.now();
    const snapshot: OutboxSnapshot = {};
    for (const { queue, table } of QUEUES) {
      const rows = await database.db
        .selectFrom(table)
        .select((eb) => ["status", eb.fn.countAll<number>().as("n"), eb.fn.min<number>("createdAt").as("oldest")])
        .where("status", "in", ["pending", "sending", "failed"])
        .groupBy("status")
        .execute();
      let depth = 0;
      let oldest = Number.POSITIVE_INFINITY;
      let failed = 0;
      for (const row of rows as { status: string; n: number | string; oldest: number | string | null }[]) {
        if (row.status === "failed") failed = Number(row.n);
        else {
          depth += Number(row.n);
          if (row.oldest !== null) oldest = Math.min(oldest, Number(row.oldest));
        }
      }
      const oldestAgeSeconds = depth && Number.isFinite(oldest) ? Math.max(0, (now - oldest) / 1000) : 0;
      snapshot[queue] = { depth, oldestAgeSeconds, failed };
    }
    return snapshot;
  } catch {
    return undefined;
  }
}

/**
 * An engine call's group: /api/auth/ and its first path segment when the engine has calls there
 * (sign-in, get-session, organization, …), else /api/auth/other; never a token or an id from the path.
 */
export function engineGroup(path: string, segments: ReadonlySet<string>): string {
  const rest = path.slice("/api/auth/".length);
  const end = rest.indexOf("/");
  const first = end === -1 ? rest : rest.slice(0, end);
  return segments.has(first) ? `/api/auth/${first}` : "/api/auth/other";
}

/**
 * The engine's first path segments, and for sign-in its second ("sign-in/email"), from the paths
 * of its endpoints (auth.api).
 */
export function engineSegmentsOf(api: Record<string, unknown>): Set<string> {
  const segments = new Set<string>();
  for (const endpoint of Object.values(api)) {
    const path = (endpoint as { path?: unknown } | undefined)?.path;
    if (typeof path !== "string" || !path.startsWith("/")) continue;
    const parts = path.slice(1).split("/");
    if (parts[0] && !parts[0].startsWith(":")) segments.add(parts[0]);
    if (parts[0] === "sign-in" && parts[1] && !parts[1].startsWith(":")) segments.add(`sign-in/${parts[1]}`);
  }
  return segments;
}
