import { availableParallelism } from "node:os";
import type { BenchContext, SectionResult } from "../lib/context.js";
import { startInstance } from "../lib/instance.js";
import { type LoadResult, load, median, medianResult, round } from "../lib/load.js";

/**
 * Sign-in is bounded by scrypt on the libuv pool. Its throughput is compared with the engine's own
 * hash function run flat out in the same process, and a light get-session load measures how
 * responsive the server stays meanwhile. Measured with Node's default pool (4 threads, what ships)
 * and with one thread per core, to show what sizing the pool to the machine changes.
 */
export async function signIn(ctx: BenchContext): Promise<SectionResult[]> {
  const result: SectionResult = { title: "Sign-in storm (SQLite)", rows: [], targets: [], notes: [] };
  const pools = [...new Set([4, availableParallelism()])];
  for (const pool of pools) {
    ctx.log(`sign-in: SQLite, UV_THREADPOOL_SIZE=${pool}`);
    const instance = await startInstance({ storage: "sqlite", env: { UV_THREADPOOL_SIZE: String(pool) } });
    try {
      const figures = await storm(ctx, instance.url, (command, args) => instance.call(command, args));
      const label = pool === 4 ? "4 threads (default)" : `${pool} threads (one per core)`;
      result.rows.push(
        {
          pool: label,
          figure: "scrypt limit (engine hashPassword, 16 at once)",
          idle: round(figures.scrypt, 1),
          storm: null,
          unit: "hashes/s",
        },
        { pool: label, figure: "sign-ins", idle: null, storm: round(figures.signIns.rps, 1), unit: "req/s" },
        { pool: label, figure: "event-loop delay p99", idle: figures.loopIdle, storm: figures.loopStorm, unit: "ms" },
        {
          pool: label,
          figure: "get-session p99 (1 connection)",
          idle: figures.sessionIdle.p99,
          storm: figures.sessionStorm.p99,
          unit: "ms",
        },
        {
          pool: label,
          figure: "get-session (1 connection)",
          idle: Math.round(figures.sessionIdle.rps),
          storm: Math.round(figures.sessionStorm.rps),
          unit: "req/s",
        },
      );
      if (pool !== 4) continue;
      const ratio = figures.signIns.rps / figures.scrypt;
      // Below 1 ms the figures are at the timer's resolution: compare against at least 1 ms.
      const loopRatio = figures.loopStorm / Math.max(figures.loopIdle, 1);
      const sessionRatio = figures.sessionStorm.p99 / Math.max(figures.sessionIdle.p99, 1);
      result.targets.push(
        {
          name: "sign-in throughput / scrypt limit",
          value: round(ratio),
          unit: "×",
          target: "≥ 0.90",
          met: ratio >= 0.9,
        },
        { name: "event-loop p99, storm / idle", value: round(loopRatio), unit: "×", target: "< 2", met: loopRatio < 2 },
        {
          name: "get-session p99, storm / idle",
          value: round(sessionRatio),
          unit: "×",
          target: "< 2",
          met: sessionRatio < 2,
        },
      );
    } finally {
      await instance.stop();
    }
  }
  return [result];
}

async function storm(ctx: BenchContext, url: string, call: (command: string, args?: unknown) => Promise<any>) {
  const user = await call("user", { tag: "storm" });
  const session = `${url}/api/auth/get-session`;
  // A sign-in costs one scrypt (tens of ms): runs must last long enough for many to finish.
  const seconds = Math.max(ctx.seconds * 2, 4);
  const light = { headers: { cookie: user.cookie as string }, connections: 1, seconds };
  const signInURL = `${url}/api/auth/sign-in/email`;
  const signInRequest = {
    method: "POST" as const,
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email: user.email, password: user.password }),
    connections: 16,
    seconds,
  };
  await load(signInURL, { ...signInRequest, seconds: Math.max(ctx.warmup, 2) });

  const hashes: number[] = [];
  const idle: { loop: number; session: LoadResult }[] = [];
  const stormy: { loop: number; session: LoadResult; signIn: LoadResult }[] = [];
  for (let run = 0; run < ctx.runs; run++) {
    hashes.push(await call("scrypt", { seconds, concurrency: 16 }));
    await call("reset");
    const quiet = await load(session, light);
    idle.push({ loop: (await call("stats")).loop.p99, session: quiet });
    await call("reset");
    const [signIns, during] = await Promise.all([load(signInURL, signInRequest), load(session, light)]);
    stormy.push({ loop: (await call("stats")).loop.p99, session: during, signIn: signIns });
  }
  return {
    scrypt: median(hashes),
    signIns: medianResult(stormy.map((s) => s.signIn)),
    loopIdle: median(idle.map((i) => i.loop)),
    loopStorm: median(stormy.map((s) => s.loop)),
    sessionIdle: medianResult(idle.map((i) => i.session)),
    sessionStorm: medianResult(stormy.map((s) => s.session)),
  };
}
