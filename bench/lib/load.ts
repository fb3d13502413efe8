import { execFile } from "node:child_process";
import { promisify } from "node:util";
import autocannon from "autocannon";

export interface LoadOptions {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  seconds: number;
  /** Requests per second over all connections (an open-loop probe); unset: as fast as answered. */
  rate?: number;
  /** Non-2xx answers expected (a refusal being measured); otherwise any makes the run invalid. */
  allowNon2xx?: boolean;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  requests: number;
}

/** Closed-loop HTTP load from this process over loopback (autocannon); latencies in ms. */
export async function load(url: string, options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url,
    method: options.method ?? "GET",
    headers: options.headers,
    body: options.body,
    connections: options.connections ?? 16,
    ...(options.rate ? { overallRate: options.rate } : {}),
    duration: options.seconds,
    timeout: 30,
  });
  if (result.errors || result.timeouts) throw new Error(`${url}: ${result.errors} errors, ${result.timeouts} timeouts`);
  if (result.non2xx && !options.allowNon2xx) throw new Error(`${url}: ${result.non2xx} answers were not 2xx`);
  // No request finished within the run (each took longer): there is no latency to report.
  if (!result.requests.total) return { rps: 0, p50: Number.NaN, p99: Number.NaN, max: Number.NaN, requests: 0 };
  return {
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    requests: result.requests.total,
  };
}

/**
 * load() against an instance, with the instance process's CPU time (all its threads) per answered
 * request in microseconds; `call` is the instance's IPC (its `stats` command reports `cpu`).
 */
export async function loadWithServerCPU(
  call: (command: string) => Promise<{ cpu: NodeJS.CpuUsage }>,
  url: string,
  options: LoadOptions,
): Promise<{ result: LoadResult; cpuPerRequest: number | undefined }> {
  const before = (await call("stats")).cpu;
  const result = await load(url, options);
  const after = (await call("stats")).cpu;
  const used = after.user + after.system - before.user - before.system;
  return { result, cpuPerRequest: result.requests ? used / result.requests : undefined };
}

/** load(), from a process of its own (see load-process.ts). */
export async function loadInOwnProcess(url: string, options: LoadOptions): Promise<LoadResult> {
  const script = new URL("./load-process.ts", import.meta.url).pathname;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", script, url, JSON.stringify(options)],
    { timeout: (options.seconds + 60) * 1000 },
  );
  return JSON.parse(stdout) as LoadResult;
}

export function median(values: number[]): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The median of each figure over several results. */
export function medianResult(results: LoadResult[]): LoadResult {
  return {
    rps: median(results.map((r) => r.rps)),
    p50: median(results.map((r) => r.p50)),
    p99: median(results.map((r) => r.p99)),
    max: median(results.map((r) => r.max)),
    requests: median(results.map((r) => r.requests)),
  };
}

export const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
