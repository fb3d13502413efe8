import parsePrometheusTextFormat, { type MetricFamily, type Sample } from "parse-prometheus-text-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, postgresURL } from "../helpers/databases.js";
import { freePort } from "../helpers/ports.js";
import { type RedisProcess, redisServerAvailable, startRedisProcess } from "../helpers/redis-process.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { until } from "../helpers/wait.js";

// Issue 21 "Metrics": GET /metrics in the Prometheus text format, read here by a separate parser of
// that format (parse-prometheus-text-format), after real traffic over HTTP.

const TOKEN = "metrics-token-0123456789abcdef";

async function scrape(url: string, token: string | null = TOKEN) {
  const res = await fetch(`${url}/metrics`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  return { status: res.status, contentType: res.headers.get("content-type") ?? "", text: await res.text() };
}

function family(families: MetricFamily[], name: string): MetricFamily {
  const found = families.find((f) => f.name === name);
  if (!found) throw new Error(`no metric ${name}`);
  return found;
}

/** The sample whose labels include `labels`. */
function sample(families: MetricFamily[], name: string, labels: Record<string, string> = {}): Sample | undefined {
  return family(families, name).metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
}

const value = (s: Sample | undefined) => Number(s?.value ?? 0);

/**
 * One series of a labelled histogram, parsed. parse-prometheus-text-format 1.1.1 folds every series
 * of a histogram into one set of buckets and drops a labelled series' _sum and _count, so the
 * series' own lines are taken from the text and its labels (all but le) removed before parsing.
 */
function histogramSeries(text: string, name: string, labels: Record<string, string>): Sample | undefined {
  const pairs = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const lines = text.split("\n").filter((line) => {
    if (line === `# TYPE ${name} histogram` || line.startsWith(`# HELP ${name} `)) return true;
    return /^[a-z_]+\{/.test(line) && line.startsWith(name) && pairs.every((p) => line.includes(p));
  });
  const unlabelled = lines.map((line) =>
    pairs.reduce((l, p) => l.replace(`,${p}`, "").replace(`${p},`, "").replace(p, ""), line).replace("{}", ""),
  );
  return family(parsePrometheusTextFormat(`${unlabelled.join("\n")}\n`), name).metrics[0];
}

describe.each(databaseKinds)("GET /metrics on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { env: { METRICS_TOKEN: TOKEN, RATE_LIMIT_ENABLED: "true" } });
  }, 60_000);
  afterAll(() => server?.close());

  it("refuses a scrape without the token, or with a wrong one, with 401", async () => {
    for (const token of [null, "metrics-token-0123456789abcdeX", "wrong"]) {
      const res = await scrape(server.url, token);
      expect(res.status).toBe(401);
      expect(JSON.parse(res.text)).toMatchObject({ code: "UNAUTHORIZED" });
    }
    const basic = await fetch(`${server.url}/metrics`, { headers: { authorization: `Basic ${TOKEN}` } });
    expect(basic.status).toBe(401);
    expect(basic.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });

  it("counts a sign-up, a failed sign-in, rate-limit hits and session checks, with route groups, not paths", async () => {
    const before = parsePrometheusTextFormat((await scrape(server.url)).text);
    const { client } = await server.signUp(`metrics-${kind}@example.com`);
    // A session check the session fast path's Node lane answers, and an app route's check (requireSession).
    expect((await client.get("/api/auth/get-session")).status).toBe(200);
    expect((await client.get("/api/account/mfa")).status).toBe(200);
    // A failed sign-in, then more until the engine's per-address limit answers 429.
    const failed = await server
      .client()
      .post("/api/auth/sign-in/email", { email: `metrics-${kind}@example.com`, password: "not the password" });
    expect(failed.status).toBe(401);
    let limited = 0;
    for (let i = 0; i < 10 && !limited; i++) {
      const res = await server
        .client()
        .post("/api/auth/sign-in/email", { email: `nobody-${kind}@example.com`, password: "not the password" });
      if (res.status === 429) limited++;
    }
    expect(limited).toBe(1);
    // A token in the path must not become a label.
    await server.client().get("/api/auth/reset-password/secret-token-in-path?callbackURL=/x");
    // Nor an engine path that names no call of the engine.
    await server.client().get("/api/auth/no-such-call-4f2a/xyz");

    const res = await scrape(server.url);
    expect(res.status).toBe(200);
    expect(res.contentType).toContain("text/plain");
    const after = parsePrometheusTextFormat(res.text);
    const moved = (name: string, labels: Record<string, string>) =>
      value(sample(after, name, labels)) - value(sample(before, name, labels));

    expect(family(after, "tessera_http_requests_total").type).toBe("COUNTER");
    expect(moved("tessera_http_requests_total", { method: "POST", route: "/api/auth/sign-up", status: "200" })).toBe(1);
    expect(
      moved("tessera_http_requests_total", { method: "GET", route: "/api/auth/get-session", status: "200" }),
    ).toBeGreaterThanOrEqual(2);
    expect(moved("tessera_http_requests_total", { method: "GET", route: "/api/account/mfa", status: "200" })).toBe(1);
    expect(moved("tessera_sign_ins_total", { method: "email", result: "failure" })).toBeGreaterThanOrEqual(1);
    expect(moved("tessera_sign_ins_total", { method: "email", result: "rate_limited" })).toBe(1);
    expect(moved("tessera_rate_limit_hits_total", { route: "/api/auth/sign-in" })).toBe(1);
    expect(moved("tessera_session_fast_path_total", { check: "get-session", outcome: "answered" })).toBeGreaterThan(0);
    expect(moved("tessera_session_fast_path_total", { check: "app-route", outcome: "answered" })).toBe(1);

    // Low cardinality: route labels are patterns and groups, never a raw path with a token or an id.
    const routes = new Set(family(after, "tessera_http_requests_total").metrics.map((m) => m.labels?.route));
    expect(routes).toContain("/api/auth/reset-password");
    expect(routes).toContain("/api/auth/other");
    expect(res.text).not.toContain("secret-token-in-path");
    expect(res.text).not.toContain("no-such-call-4f2a");
    for (const route of routes) expect(route).toMatch(/^(?:web|\/api\/[a-z-]+(?:\/[a-z:A-Z*-]+)*|\/[a-z]+)$/);

    // Latency histograms per route group, with buckets.
    expect(family(after, "tessera_http_request_duration_seconds").type).toBe("HISTOGRAM");
    const session = histogramSeries(res.text, "tessera_http_request_duration_seconds", {
      method: "GET",
      route: "/api/auth/get-session",
    });
    expect(Object.keys(session?.buckets ?? {})).toEqual(expect.arrayContaining(["0.001", "0.01", "1", "+Inf"]));
    expect(Number(session?.count)).toBeGreaterThanOrEqual(2);
    expect(Number(session?.buckets?.["+Inf"])).toBe(Number(session?.count));

    // Queues, hashing, process.
    expect(sample(after, "tessera_outbox_depth", { queue: "mail" })).toBeDefined();
    expect(sample(after, "tessera_outbox_depth", { queue: "webhook" })).toBeDefined();
    expect(value(sample(after, "tessera_outbox_oldest_age_seconds", { queue: "mail" }))).toBeGreaterThanOrEqual(0);
    expect(sample(after, "tessera_outbox_failed", { queue: "mail" })).toBeDefined();
    expect(value(sample(after, "tessera_outbox_readable"))).toBe(1);
    // A hash may still be running (a failed sign-in's decoy hash is not awaited by the answer).
    expect(value(sample(after, "tessera_password_hash_pending"))).toBeGreaterThanOrEqual(0);
    expect(value(sample(after, "tessera_process_resident_memory_bytes"))).toBeGreaterThan(0);
    if (kind === "postgres") {
      expect(value(sample(after, "tessera_db_pool_connections", { state: "total" }))).toBeGreaterThan(0);
    }
  });
});

describe("GET /metrics when not configured, and on a port of its own", () => {
  let plain: TestServer;
  let separate: TestServer;
  let metricsPort = 0;
  beforeAll(async () => {
    plain = await startTestServer("sqlite");
    metricsPort = await freePort();
    separate = await startTestServer("sqlite", { env: { METRICS_PORT: String(metricsPort) } });
  }, 60_000);
  afterAll(async () => {
    await plain?.close();
    await separate?.close();
  });

  it("is a 404 when neither METRICS_TOKEN nor METRICS_PORT is set", async () => {
    expect((await scrape(plain.url)).status).toBe(404);
    expect((await scrape(plain.url, null)).status).toBe(404);
  });

  it("with METRICS_PORT is served only on that port", async () => {
    expect((await scrape(separate.url, null)).status).toBe(404);
    await separate.client().get("/api/public-config");
    const res = await scrape(`http://127.0.0.1:${metricsPort}`, null);
    expect(res.status).toBe(200);
    const parsed = parsePrometheusTextFormat(res.text);
    expect(value(sample(parsed, "tessera_http_requests_total", { route: "/api/public-config" }))).toBe(1);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/api/public-config`)).status).toBe(404);
  });
});

describe.skipIf(!postgresURL || !redisServerAvailable)("Redis errors in /metrics", () => {
  let redis: RedisProcess;
  let server: TestServer;
  beforeAll(async () => {
    redis = await startRedisProcess();
    server = await startTestServer("postgres", { env: { METRICS_TOKEN: TOKEN, REDIS_URL: redis.url } });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await redis?.close();
  });

  it("counts connection errors and failed commands while Redis is down", async () => {
    const { client } = await server.signUp("metrics-redis@example.com");
    const before = parsePrometheusTextFormat((await scrape(server.url)).text);
    expect(before.find((f) => f.name === "tessera_redis_errors_total")?.metrics ?? []).toEqual([]);
    await redis.kill();
    // A sign-out needs Redis: refused with 503 while it is gone (docs/operations.md), a command failed.
    expect((await client.post("/api/auth/sign-out", {})).status).toBe(503);
    await redis.start();
    await until("the server's Redis connection", async () => (await fetch(`${server.url}/readyz`)).status === 200, {
      timeout: 10_000,
    });
    const after = parsePrometheusTextFormat((await scrape(server.url)).text);
    expect(value(sample(after, "tessera_redis_errors_total", { kind: "connection" }))).toBeGreaterThan(0);
    expect(value(sample(after, "tessera_redis_errors_total", { kind: "command" }))).toBeGreaterThan(0);
  });
});
