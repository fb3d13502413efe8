// npm run bench:metrics [-- --seconds=3 --runs=3]
// What the metrics (METRICS_TOKEN, src/server/metrics.ts) cost the session check: two SQLite
// instances, one with metrics off and one with them on, loaded in turn (interleaved, so a noisy
// neighbour slows both alike), on GET /get-session (the session fast path's Node lane answers it)
// and an app route's requireSession.
import { parseArgs } from "node:util";
import { startInstance } from "./lib/instance.js";
import { load, median, round } from "./lib/load.js";

const { values } = parseArgs({
  options: { seconds: { type: "string", default: "3" }, runs: { type: "string", default: "3" } },
});
const seconds = Number(values.seconds);
const runs = Number(values.runs);
const ROUTES = [
  { label: "GET /api/auth/get-session (session fast path)", path: "/api/auth/get-session" },
  { label: "app route with requireSession", path: "/bench/me" },
];

const off = await startInstance({ storage: "sqlite" });
const on = await startInstance({ storage: "sqlite", env: { METRICS_TOKEN: "bench-metrics-token-0123456789" } });
try {
  const instances = [
    { name: "metrics off", instance: off },
    { name: "metrics on", instance: on },
  ];
  const cookies = new Map<string, string>();
  for (const { name, instance } of instances) {
    const user = await instance.call("user", { tag: "metrics", mfa: false });
    cookies.set(name, user.cookie as string);
    for (const route of ROUTES)
      await load(instance.url + route.path, { headers: { cookie: user.cookie }, seconds: 1, connections: 16 });
  }
  const rps = new Map<string, number[]>();
  for (let run = 0; run < runs; run++) {
    for (const route of ROUTES) {
      for (const { name, instance } of instances) {
        const result = await load(instance.url + route.path, {
          headers: { cookie: cookies.get(name) ?? "" },
          seconds,
          connections: 16,
        });
        const key = `${route.label} · ${name}`;
        rps.set(key, [...(rps.get(key) ?? []), result.rps]);
      }
    }
  }
  const scrape = await fetch(`${on.url}/metrics`, {
    headers: { authorization: "Bearer bench-metrics-token-0123456789" },
  });
  const counted =
    /tessera_http_requests_total\{method="GET",route="\/api\/auth\/get-session",status="200"\} (\d+)/.exec(
      await scrape.text(),
    );
  console.log(`\nmedian req/s of ${runs} runs of ${seconds} s, 16 connections (SQLite):`);
  for (const route of ROUTES) {
    const a = median(rps.get(`${route.label} · metrics off`) ?? []);
    const b = median(rps.get(`${route.label} · metrics on`) ?? []);
    console.log(`${route.label}: off ${Math.round(a)} · on ${Math.round(b)} · on/off ${round(b / a)}`);
  }
  console.log(`get-session requests counted by the instance with metrics: ${counted?.[1] ?? "none"}`);
} finally {
  await off.stop();
  await on.stop();
}
