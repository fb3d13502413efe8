import type { BenchContext, SectionResult } from "../lib/context.js";
import { startInstance } from "../lib/instance.js";
import { type LoadResult, load, median, medianResult, round } from "../lib/load.js";

/**
 * Sign-in is bounded by scrypt on the libuv pool. Its throughput is compared with the engine's own
 * hash function run flat out in the same process, and a light get-session load measures how
 * responsive the server stays meanwhile.
 */
export async function signIn(ctx: BenchContext): Promise<SectionResult[]> {
  const result: SectionResult = { title: "Sign-in storm (SQLite)", rows: [], targets: [], notes: [] };
  ctx.log("sign-in: SQLite");
  const instance = await startInstance({ storage: "sqlite" });
  try {
    const user = await instance.call("user", { tag: "storm" });
    const session = `${instance.url}/api/auth/get-session`;
    const light = { headers: { cookie: user.cookie as string }, connections: 1, seconds: ctx.seconds };
    const signInRequest = {
      method: "POST" as const,
      headers: { "content-type": "application/json", origin: instance.url },
      body: JSON.stringify({ email: user.email, password: user.password }),
      connections: 16,
      seconds: ctx.seconds,
    };
    await load(`${instance.url}/api/auth/sign-in/email`, { ...signInRequest, seconds: ctx.warmup });

    const hashes: number[] = [];
    const idle: { loop: number; session: LoadResult }[] = [];
    const storm: { loop: number; session: LoadResult; signIn: LoadResult }[] = [];
    for (let run = 0; run < ctx.runs; run++) {
      hashes.push(await instance.call("scrypt", { seconds: ctx.seconds, concurrency: 16 }));
      await instance.call("reset");
      const quiet = await load(session, light);
      idle.push({ loop: (await instance.call("stats")).loop.p99, session: quiet });
      await instance.call("reset");
      const [signIns, during] = await Promise.all([
        load(`${instance.url}/api/auth/sign-in/email`, signInRequest),
        load(session, light),
      ]);
      storm.push({ loop: (await instance.call("stats")).loop.p99, session: during, signIn: signIns });
    }
    const scrypt = median(hashes);
    const signIns = medianResult(storm.map((s) => s.signIn));
    const loopIdle = median(idle.map((i) => i.loop));
    const loopStorm = median(storm.map((s) => s.loop));
    const sessionIdle = medianResult(idle.map((i) => i.session));
    const sessionStorm = medianResult(storm.map((s) => s.session));

    result.rows.push(
      { figure: "scrypt limit (engine hashPassword, 16 at once)", idle: round(scrypt, 1), storm: null, unit: "hashes/s" },
      { figure: "sign-ins", idle: null, storm: round(signIns.rps, 1), unit: "req/s" },
      { figure: "event-loop delay p99", idle: loopIdle, storm: loopStorm, unit: "ms" },
      { figure: "get-session p99 (1 connection)", idle: sessionIdle.p99, storm: sessionStorm.p99, unit: "ms" },
      { figure: "get-session throughput (1 connection)", idle: Math.round(sessionIdle.rps), storm: Math.round(sessionStorm.rps), unit: "req/s" },
    );
    const ratio = signIns.rps / scrypt;
    // Below 1 ms the figures are at the timer's resolution: compare against at least 1 ms.
    const loopRatio = loopStorm / Math.max(loopIdle, 1);
    const sessionRatio = sessionStorm.p99 / Math.max(sessionIdle.p99, 1);
    result.targets.push(
      { name: "sign-in throughput / scrypt limit", value: round(ratio), unit: "×", target: "≥ 0.90", met: ratio >= 0.9 },
      { name: "event-loop p99, storm / idle", value: round(loopRatio), unit: "×", target: "< 2", met: loopRatio < 2 },
      { name: "get-session p99, storm / idle", value: round(sessionRatio), unit: "×", target: "< 2", met: sessionRatio < 2 },
    );
  } finally {
    await instance.stop();
  }
  return [result];
}
