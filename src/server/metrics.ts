import { timingSafeEqual } from "node:crypto";
import { Counter, collectDefaultMetrics, Gauge, Registry } from "prom-client";
import type { Database } from "./db/database.js";
import { engineGroup } from "./metrics/engine-groups.js";
import { outboxGauges } from "./metrics/outbox.js";
import { customMetric, RequestSeries } from "./metrics/request-series.js";

/**
 * Prometheus metrics (GET /metrics, docs/operations.md "Metrics"). Off unless METRICS_TOKEN or
 * METRICS_PORT is set: then nothing is registered or counted, and /metrics is a 404.
 *
 * Labels stay few: requests are counted per route group (the route's pattern, or for the engine's
 * calls their first path segment), never per raw path.
 */

type FastPathCheck = "get-session" | "app-route" | "organization-read";
type FastPathOutcome = "answered" | "engine";

/** What the metrics read when scraped. */
interface MetricSources {
  database?: Database;
  /** Hashes asked for and not yet answered (auth/password-hashing.ts). */
  passwordHashesPending?: () => number;
}

/** The session fast path's Node lane's own counters, bound once (it answers without Hono, see auth/fast-path/node-lane.ts). */
export interface NodeLaneMetrics {
  answered(seconds: number): void;
  handedOver(): void;
}

export interface Metrics {
  readonly enabled: boolean;
  readonly token: string | undefined;
  /** One answered request: method, route group (see routeGroup), status, seconds. */
  request(method: string, route: string, path: string, status: number, seconds: number): void;
  /** tessera_session_fast_path_total: the session fast path's checks (get-session, app-route) and the organization reads'. */
  fastPath(check: FastPathCheck, outcome: FastPathOutcome): void;
  nodeLane: NodeLaneMetrics;
  redisError(kind: "connection" | "command"): void;
  watch(sources: MetricSources): void;
  /** The engine's first path segments (e.g. "sign-in", "get-session"), for route groups. */
  setEngineSegments(segments: Iterable<string>): void;
  /** The text exposition format. */
  scrape(): Promise<{ contentType: string; body: string }>;
  /** True when the request may read the metrics (its bearer token matches METRICS_TOKEN, or none is set). */
  authorized(authorization: string | undefined): boolean;
}

const NOOP_NODE_LANE: NodeLaneMetrics = { answered() {}, handedOver() {} };

/** Metrics that count nothing: what runs when metrics are off. */
export function disabledMetrics(): Metrics {
  return {
    enabled: false,
    token: undefined,
    request() {},
    fastPath() {},
    nodeLane: NOOP_NODE_LANE,
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
  outboxGauges(registry, () => sources.database);

  let engineSegments = new Set<string>();
  const nodeLaneSeries = http.series("GET", "/api/auth/get-session");
  const nodeLaneAnswered = fastPathSeries("get-session", "answered");
  const nodeLaneHandedOver = fastPathSeries("get-session", "engine");
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
    nodeLane: {
      answered(seconds) {
        nodeLaneSeries.observe(200, seconds);
        nodeLaneAnswered.n++;
      },
      handedOver() {
        nodeLaneHandedOver.n++;
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
