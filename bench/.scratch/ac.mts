import autocannon from "autocannon";
import { createServer } from "node:http";
const s = createServer((_, res) => res.end("ok")).listen(0);
await new Promise((r) => setTimeout(r, 100));
const r = await autocannon({ url: `http://127.0.0.1:${(s.address() as any).port}/`, connections: 4, duration: 1 });
console.log(r.requests, r.latency, r.duration, r["2xx"], r.non2xx);
s.close();
