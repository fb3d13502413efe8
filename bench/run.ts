// npm run bench [-- --quick] [-- --only=sessions,sign-in,organizations,admin-search,oidc,footprint]
// Starts each Tessera instance in its own process and loads it from this one over loopback;
// writes bench/results/<date>.json and .md. See bench/README.md.
import { cpus, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { BenchContext, SectionResult } from "./lib/context.js";
import { type BenchReport, writeReport } from "./lib/report.js";
import { adminSearch } from "./sections/admin-search.js";
import { footprint } from "./sections/footprint.js";
import { oidcProvider } from "./sections/oidc.js";
import { organizations } from "./sections/organizations.js";
import { sessions } from "./sections/sessions.js";
import { signIn } from "./sections/sign-in.js";

const SECTIONS: Record<string, (ctx: BenchContext) => Promise<SectionResult[]>> = {
  sessions,
  "sign-in": signIn,
  organizations,
  "admin-search": adminSearch,
  oidc: oidcProvider,
  footprint,
};
// The whole run stays bounded: a section that would start after this is skipped and said so (a full
// run takes about 15 minutes on the 2-core machine since the organization reads are also measured
// with a writer running).
const BUDGET_MS = 20 * 60_000;

const { values } = parseArgs({ options: { quick: { type: "boolean", default: false }, only: { type: "string" } } });
const quick = Boolean(values.quick);
const only = values.only ? values.only.split(",").map((s) => s.trim()) : Object.keys(SECTIONS);
const unknown = only.filter((s) => !SECTIONS[s]);
if (unknown.length) {
  process.stderr.write(`unknown section(s): ${unknown.join(", ")}; known: ${Object.keys(SECTIONS).join(", ")}\n`);
  process.exit(64);
}

const started = Date.now();
const ctx: BenchContext = {
  quick,
  seconds: quick ? 1 : 3,
  runs: quick ? 2 : 3,
  warmup: quick ? 0.5 : 1,
  connections: 16,
  postgresURL: process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL,
  redisURL: process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL,
  log: (message) => process.stderr.write(`[bench ${Math.round((Date.now() - started) / 1000)}s] ${message}\n`),
};

const report: BenchReport = {
  startedAt: new Date(started).toISOString(),
  finishedAt: "",
  quick,
  machine: {
    node: process.version,
    cpus: cpus().length,
    cpu: cpus()[0]?.model ?? "?",
    loadBefore: loadavg(),
    loadAfter: [],
  },
  settings: { seconds: ctx.seconds, runs: ctx.runs, warmup: ctx.warmup, connections: ctx.connections },
  sections: [],
  errors: [],
};

for (const name of only) {
  if (Date.now() - started > BUDGET_MS) {
    report.errors.push(`${name}: skipped, the run passed its ${BUDGET_MS / 60_000}-minute budget`);
    continue;
  }
  try {
    report.sections.push(...(await (SECTIONS[name] as (c: BenchContext) => Promise<SectionResult[]>)(ctx)));
  } catch (error) {
    report.errors.push(`${name}: ${(error as Error).message}`);
    ctx.log(`${name} failed: ${(error as Error).stack}`);
  }
}

report.finishedAt = new Date().toISOString();
report.machine.loadAfter = loadavg();
const stamp = `${report.startedAt.slice(0, 19).replace(/:/g, "-")}${quick ? "-quick" : ""}`;
const files = writeReport(join(dirname(fileURLToPath(import.meta.url)), "results"), stamp, report);
ctx.log(`done in ${Math.round((Date.now() - started) / 1000)} s: ${files.join(", ")}`);
for (const t of report.sections.flatMap((s) => s.targets)) {
  process.stdout.write(`${t.met ? "met    " : "MISSED "} ${t.name}: ${t.value} ${t.unit} (wanted ${t.target})\n`);
}
if (report.errors.length) process.exitCode = 1;
