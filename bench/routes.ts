// For working on one route: a few routes on one storage, interleaved, with the server's CPU time per
// request (not part of `npm run bench`; see bench/README.md).
// node --import tsx bench/routes.ts sqlite|postgres|postgres+redis [seconds] [runs] [paths...]
import { type Storage, startInstance } from "./lib/instance.js";
import { type LoadResult, load, loadWithServerCPU, medianResult } from "./lib/load.js";

const [storage = "sqlite", seconds = "3", runs = "3", ...paths] = process.argv.slice(2);
const routes = paths.length ? paths : ["/healthz", "/api/auth/get-session", "/bench/me"];
const instance = await startInstance({
  storage: storage as Storage,
  postgresURL: process.env.TEST_DATABASE_URL,
  redisURL: process.env.TEST_REDIS_URL,
});
try {
  const user = await instance.call("user", { tag: "q" });
  const headers = { cookie: user.cookie as string };
  for (const p of routes) await load(instance.url + p, { headers, seconds: 1, connections: 16 });
  const results = new Map<string, LoadResult[]>(routes.map((r) => [r, []]));
  const cpu = new Map<string, number[]>(routes.map((r) => [r, []]));
  for (let i = 0; i < Number(runs); i++)
    for (const p of routes) {
      const options = { headers, seconds: Number(seconds), connections: 16 };
      const { result, cpuPerRequest } = await loadWithServerCPU(instance.call, instance.url + p, options);
      results.get(p)?.push(result);
      if (cpuPerRequest !== undefined) cpu.get(p)?.push(cpuPerRequest);
    }
  const bare = medianResult(results.get(routes[0] as string) ?? []);
  for (const p of routes) {
    const m = medianResult(results.get(p) ?? []);
    console.log(
      `${p.padEnd(30)} ${Math.round(m.rps)} req/s  ratio ${(m.rps / bare.rps).toFixed(2)}  p50 ${m.p50} p99 ${m.p99}  server cpu/req ${cpu
        .get(p)
        ?.map((x) => x.toFixed(1))
        .join(" ")} µs`,
    );
  }
} finally {
  await instance.stop();
}
