import { availableParallelism } from "node:os";
import type { BenchContext, SectionResult } from "../lib/context.js";
import { startInstance } from "../lib/instance.js";
import { type LoadResult, load, loadInOwnProcess, median, medianResult, round } from "../lib/load.js";

const PROBE_RATE = 200;

const VARIANTS: { label: string; env: Record<string, string>; targets: boolean }[] = [
  { label: `${availableParallelism()} hashing threads at nice 10 (default)`, env: {}, targets: true },
  { label: `${availableParallelism()} hashing threads at nice 19`, env: { PASSWORD_HASH_NICE: "19" }, targets: false },
  { label: `${availableParallelism()} hashing threads at nice 0`, env: { PASSWORD_HASH_NICE: "0" }, targets: false },
];

/**
 * Sign-in is bounded by scrypt. Its throughput is compared with the engine's own hash function
 * run flat out in the same process (libuv's pool, 16 at once), and a light get-session load
 * measures how responsive the server stays meanwhile. Measured as shipped (one hashing thread per
 * core at nice 10, src/server/auth/password-hashing.ts), at nice 19 and at nice 0, to show what the
 * priority buys and costs.
 */
export async function signIn(ctx: BenchContext): Promise<SectionResult[]> {
  const result: SectionResult = { title: "Sign-in storm (SQLite)", rows: [], targets: [], notes: [] };
  for (const variant of VARIANTS) {
    ctx.log(`sign-in: SQLite, ${variant.label}`);
    const instance = await startInstance({ storage: "sqlite", env: variant.env });
    try {
      const figures = await storm(ctx, instance.url, (command, args) => instance.call(command, args));
      const label = variant.label;
      result.rows.push(
        {
          hashing: label,
          figure: "scrypt limit (engine hashPassword, 16 at once)",
          idle: round(figures.scrypt, 1),
          storm: null,
          unit: "hashes/s",
        },
        { hashing: label, figure: "sign-ins", idle: null, storm: round(figures.signIns.rps, 1), unit: "req/s" },
        {
          hashing: label,
          figure: `sign-ins beside the probe (${PROBE_RATE} get-session/s)`,
          idle: null,
          storm: round(figures.signInsProbed.rps, 1),
          unit: "req/s",
        },
        {
          hashing: label,
          figure: "event-loop delay p99",
          idle: figures.loopIdle,
          storm: figures.loopStorm,
          unit: "ms",
        },
        {
          hashing: label,
          figure: `get-session p99 (probe, ${PROBE_RATE} req/s)`,
          idle: figures.sessionIdle.p99,
          storm: figures.sessionStorm.p99,
          unit: "ms",
        },
        {
          hashing: label,
          figure: "hashes finished at normal priority (rescued, all runs)",
          idle: null,
          storm: figures.rescued,
          unit: "",
        },
        {
          hashing: label,
          figure: "get-session answered (probe)",
          idle: Math.round(figures.sessionIdle.rps),
          storm: Math.round(figures.sessionStorm.rps),
          unit: "req/s",
        },
      );
      if (!variant.targets) continue;
      const ratio = figures.signIns.rps / figures.scrypt;
      // Below 1 ms the figures are at the timer's resolution: compare against at least 1 ms.
      const loopRatio = figures.loopStorm / Math.max(figures.loopIdle, 1);
      const sessionRatio = figures.sessionStorm.p99 / Math.max(figures.sessionIdle.p99, 1);
      // The target is the session check's p99; the event loop's is shown beside it: during
      // a storm the loop runs the engine's sign-ins in chunks, which is what the loop delay records.
      result.notes.push(`event-loop p99, storm / idle: ${round(loopRatio)} × (shown for context, not a target)`);
      result.targets.push(
        {
          name: "sign-in throughput / scrypt limit",
          value: round(ratio),
          unit: "×",
          target: "≥ 0.90",
          met: ratio >= 0.9,
        },
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
  // A latency probe at a fixed, light rate, from a process of its own: a closed loop would itself
  // take a core's worth of CPU, and a probe in the sign-in load's process would time that process.
  const light = { headers: { cookie: user.cookie as string }, connections: 1, rate: PROBE_RATE, seconds };
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
  const alone: LoadResult[] = [];
  for (let run = 0; run < ctx.runs; run++) {
    await call("reset");
    hashes.push(await call("scrypt", { seconds, concurrency: 16 }));
    // Sign-in capacity on its own: the probe's requests, on both sides, cost CPU too.
    await call("reset");
    alone.push(await load(signInURL, signInRequest));
    await call("reset");
    const quiet = await loadInOwnProcess(session, light);
    idle.push({ loop: (await call("stats")).loop.p99, session: quiet });
    await call("reset");
    const [signIns, during] = await Promise.all([load(signInURL, signInRequest), loadInOwnProcess(session, light)]);
    stormy.push({ loop: (await call("stats")).loop.p99, session: during, signIn: signIns });
  }
  const { rescued } = (await call("stats")).hashing as { rescued: number };
  return {
    scrypt: median(hashes),
    signIns: medianResult(alone),
    signInsProbed: medianResult(stormy.map((s) => s.signIn)),
    loopIdle: median(idle.map((i) => i.loop)),
    loopStorm: median(stormy.map((s) => s.loop)),
    sessionIdle: medianResult(idle.map((i) => i.session)),
    sessionStorm: medianResult(stormy.map((s) => s.session)),
    rescued,
  };
}
