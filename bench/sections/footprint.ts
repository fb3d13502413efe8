// Start-up time and resident memory of the server as an operator runs it: a process of its own, started
// by its command line, loaded over HTTP; its memory read from /proc (Linux), of the whole process tree.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { freePort } from "../../tests/helpers/ports.js";
import type { BenchContext, SectionResult } from "../lib/context.js";
import { load, median } from "../lib/load.js";

interface Variant {
  name: string;
  args: string[];
  env?: Record<string, string>;
}

const VARIANTS: Variant[] = [
  // What `npm start` ran before issue 21: the TypeScript sources, transpiled by tsx at start.
  { name: "before: tsx src/server/main.ts", args: ["--import", "tsx", "src/server/main.ts"] },
  // The bundle with V8's own heap sizing: what the V8 flag of scripts/start.mjs changes.
  {
    name: "bundle, V8 defaults",
    args: ["dist/server/main.js"],
    env: { NODE_COMPILE_CACHE: "dist/server/.compile-cache" },
  },
  // The bundle with young-generation spaces capped and two malloc arenas, without --optimize-for-size.
  {
    name: "bundle, 16 MB semi-spaces, 2 arenas",
    args: ["--max-semi-space-size=16", "dist/server/main.js"],
    env: { NODE_COMPILE_CACHE: "dist/server/.compile-cache", MALLOC_ARENA_MAX: "2" },
  },
  { name: "npm start (scripts/start.mjs)", args: ["scripts/start.mjs"] },
];
const NPM_START = VARIANTS[VARIANTS.length - 1] as Variant;

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");
const ROUTES = ["/healthz", "/api/auth/get-session", "/api/auth/get-session?disableRefresh=true"];
const PASSWORD = "correct horse battery staple";
const IDLE_TARGET_MB = 120;
const LOADED_TARGET_MB = 170;
const READY_TARGET_MS = 1500;

/** The process and its descendants (Linux /proc). */
function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    // gone, or not Linux
  }
  return [pid, ...children.flatMap(processTree)];
}

function treeStat(pid: number) {
  let rss = 0;
  let cpuTicks = 0;
  for (const p of processTree(pid)) {
    try {
      rss += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0) * 1024;
      // Fields after the command's closing parenthesis: utime is the 12th, stime the 13th.
      const fields = readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
      cpuTicks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // exited in between
    }
  }
  return { rss, cpuMs: cpuTicks * 10 };
}

async function until(what: string, check: () => Promise<boolean>, seconds = 120) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${seconds} s`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Signs up over HTTP, marks the address verified in the database, signs in: the session cookie. */
async function signedIn(url: string, databaseFile: string, tag: string): Promise<string> {
  const email = `${tag}@bench.example`;
  const headers = { "content-type": "application/json", origin: url };
  const up = await fetch(`${url}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password: PASSWORD, name: tag }),
  });
  if (!up.ok) throw new Error(`sign-up: ${up.status} ${await up.text()}`);
  const db = new Database(databaseFile);
  db.prepare(`update "user" set "emailVerified" = 1 where email = ?`).run(email);
  db.close();
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

interface Run {
  readyMs: number;
  idle: number;
  peak: number;
  cpuPerRequest: number;
  /** Requests per second of each of ROUTES. */
  rps: number[];
}

/** One start of `variant` over `dataDir`: time to ready, memory idle (signed in once) and under load. */
async function runOnce(ctx: BenchContext, variant: Variant, dataDir: string, tag: string, measure: boolean) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const databaseFile = join(dataDir, "tessera.db");
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, variant.args, {
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      BASE_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: `file:${databaseFile}`,
      BETTER_AUTH_SECRET: "tessera-bench-secret-0123456789-abcdefghijklmnop",
      MAIL_TRANSPORT: "log",
      RATE_LIMIT_ENABLED: "false",
      LOG_LEVEL: "warn",
      ...variant.env,
    },
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    await until(`${variant.name} ready`, async () => {
      if (child.exitCode !== null) throw new Error(`${variant.name} exited with ${child.exitCode}`);
      return (await fetch(`${url}/readyz`)).status === 200;
    });
    const readyMs = performance.now() - started;
    if (!measure) return undefined;
    const pid = child.pid as number;
    const cookie = await signedIn(url, databaseFile, tag);
    const check = await (await fetch(`${url}/api/auth/get-session`, { headers: { cookie } })).json();
    if (!check?.user?.id) throw new Error(`${variant.name}: the session was not seen`);
    // Settled after the sign-in (its hashing threads started): no forced collection, as in production.
    await new Promise((r) => setTimeout(r, 2000));
    const idle = treeStat(pid).rss;
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, treeStat(pid).rss);
    }, 50);
    const before = treeStat(pid).cpuMs;
    let requests = 0;
    const rps: number[] = [];
    try {
      for (const path of ROUTES) {
        const r = await load(url + path, { headers: { cookie }, seconds: ctx.seconds, connections: ctx.connections });
        requests += r.requests;
        rps.push(r.rps);
      }
    } finally {
      clearInterval(sampler);
    }
    const cpuPerRequest = ((treeStat(pid).cpuMs - before) * 1000) / requests;
    return { readyMs, idle, peak: Math.max(peak, treeStat(pid).rss), cpuPerRequest, rps } satisfies Run;
  } finally {
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    await exited;
    clearTimeout(timer);
  }
}

/** Every variant started `runs` times over its own SQLite database (made by an unmeasured first start). */
export async function footprint(ctx: BenchContext): Promise<SectionResult[]> {
  const result: SectionResult = { title: "Start and memory (SQLite)", rows: [], targets: [], notes: [] };
  result.notes.push(
    "Each start is timed from spawning the command to the first 200 of GET /readyz, over an existing database " +
      "(the first, unmeasured start of each variant made it, built what `npm start` builds and filled the caches).",
    "Idle: the process tree's resident memory 2 s after one sign-in (which starts the hashing threads), " +
      `without a forced collection. Peak: the highest every 50 ms while loaded with ${ROUTES.join(", ")} ` +
      `(${ctx.seconds} s each, ${ctx.connections} connections, signed in). CPU: the tree's, per answered request.`,
  );
  const runs = new Map<string, Run[]>(VARIANTS.map((v) => [v.name, []]));
  const dirs = new Map(VARIANTS.map((v) => [v.name, mkdtempSync(join(tmpdir(), "tessera-footprint-"))]));
  try {
    // `npm start` first: it builds the bundle the other variants run.
    for (const variant of [NPM_START, ...VARIANTS.filter((v) => v !== NPM_START)]) {
      ctx.log(`footprint: first start of ${variant.name}`);
      await runOnce(ctx, variant, dirs.get(variant.name) as string, "warm", false);
    }
    // Interleaved, so a noisy neighbour slows every variant alike.
    for (let run = 0; run < ctx.runs; run++) {
      for (const variant of VARIANTS) {
        ctx.log(`footprint: ${variant.name}, run ${run + 1}`);
        const measured = await runOnce(ctx, variant, dirs.get(variant.name) as string, `run${run}`, true);
        if (measured) runs.get(variant.name)?.push(measured);
      }
    }
  } finally {
    for (const dir of dirs.values()) rmSync(dir, { recursive: true, force: true });
  }
  const mb = (bytes: number) => Math.round(bytes / 1048576);
  for (const variant of VARIANTS) {
    const r = runs.get(variant.name) ?? [];
    const row = {
      variant: variant.name,
      "start to ready ms": Math.round(median(r.map((x) => x.readyMs))),
      "idle MB": mb(median(r.map((x) => x.idle))),
      "peak under load MB": mb(median(r.map((x) => x.peak))),
      "server CPU µs/req": Math.round(median(r.map((x) => x.cpuPerRequest))),
      ...Object.fromEntries(
        ROUTES.map((path, i) => [`${path} req/s`, Math.round(median(r.map((x) => x.rps[i] ?? 0)))]),
      ),
    };
    result.rows.push(row);
    if (variant === VARIANTS[VARIANTS.length - 1]) {
      result.targets.push(
        {
          name: "npm start: start to ready",
          value: row["start to ready ms"],
          unit: "ms",
          target: `< ${READY_TARGET_MS}`,
          met: row["start to ready ms"] < READY_TARGET_MS,
        },
        {
          name: "npm start: resident memory idle",
          value: row["idle MB"],
          unit: "MB",
          target: `≤ ${IDLE_TARGET_MB}`,
          met: row["idle MB"] <= IDLE_TARGET_MB,
        },
        {
          name: "npm start: resident memory under load",
          value: row["peak under load MB"],
          unit: "MB",
          target: `≤ ${LOADED_TARGET_MB}`,
          met: row["peak under load MB"] <= LOADED_TARGET_MB,
        },
      );
    }
  }
  return [result];
}
