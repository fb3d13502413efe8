// `npm start`: build the web app and the server bundle when missing or older than their sources, then
// serve the bundle (dist/server/main.js) in this very process when Node can replace itself
// (process.execve, Node 22.15+), else in a child. `npm run dev` runs the TypeScript through tsx instead.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { stale } from "./lib/stale.mjs";

/**
 * How the server's Node runs (`npm run bench`, section "Start and memory"; docs/operations.md "Memory").
 * V8's default heap sizing lets a busy server's young generation grow to 2 × 64 MB and piles up garbage and
 * compiler memory; --optimize-for-size keeps an instance near 120 MB idle and 150 MB under the bench's load,
 * at a cost in throughput on the engine's routes (about half in the bench of 2026-11-27; cheap routes
 * alike). Two malloc arenas instead of one per thread keep the native memory of V8's and libuv's threads
 * from fragmenting (a MALLOC_ARENA_MAX of your own is kept). For throughput over memory, serve the bundle
 * with V8's defaults: `npm run build && node dist/server/main.js`.
 */
const SERVER_NODE_FLAGS = ["--optimize-for-size"];
const SERVER_ENV = { MALLOC_ARENA_MAX: "2" };

function build(what, args) {
  console.log(`Building ${what}…`);
  const run = spawnSync("npx", ["vite", "build", "--logLevel", "warn", ...args], { stdio: "inherit" });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

if (stale("dist/web/index.html", ["src/web", "src/shared"])) build("the web app", []);
// The installed packages are in the bundle too: `npm ci` rewrites node_modules/.package-lock.json.
const serverSources = [
  "src/server",
  "src/shared",
  "vite.server.config.ts",
  "package-lock.json",
  "node_modules/.package-lock.json",
];
if (stale("dist/server/main.js", serverSources)) build("the server", ["--config", "vite.server.config.ts"]);

const envFile = existsSync(".env") ? ["--env-file=.env"] : [];
const args = [...SERVER_NODE_FLAGS, ...envFile, "dist/server/main.js"];
// V8's compiled code of the bundle, kept on disk from the last start (main.ts writes it once listening):
// the next start skips most of the parsing and compiling.
const env = { ...SERVER_ENV, NODE_COMPILE_CACHE: resolve("dist/server/.compile-cache"), ...process.env };
if (typeof process.execve === "function") {
  // One process: a supervisor's signals reach the server itself, and no second Node stays resident.
  process.execve(process.execPath, [process.execPath, ...args], env);
} else {
  const server = spawn(process.execPath, args, { stdio: "inherit", env });
  // A supervisor's SIGTERM must reach the server so it can drain.
  for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => server.kill(signal));
  server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
