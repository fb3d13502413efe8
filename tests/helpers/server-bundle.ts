import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { stale } from "../../scripts/lib/stale.mjs";
import { untilSync } from "./wait.js";

// The server as its own process starts in about 1 s from the bundle `npm start` serves, against 5–13 s
// through tsx on a busy 2-core machine (it compiles every module on each start); the crash, shutdown
// and outbox suites start dozens. So tests run the bundle, built from this checkout's sources the
// first time a test asks in a run after they changed (`vite.server.config.ts`, into dist/test-server,
// which resolves packages from node_modules as dist/server does).

// Vitest runs from the project root (and under jsdom, import.meta.url is not a file URL).
const ROOT = process.cwd();
const ROOT_OUT = join(ROOT, "dist");
const OUT = join(ROOT_OUT, "test-server");
const BUNDLE = join(OUT, "main.js");
const LOCK = `${OUT}.lock`;
const SOURCES = ["src/server", "src/shared", "vite.server.config.ts", "node_modules/.package-lock.json"].map((p) =>
  join(ROOT, p),
);

let built = false;

/** Takes the build lock (a folder) if it is free; takes it over when a build left it behind 2 minutes ago. */
function takeLock(): boolean {
  try {
    mkdirSync(LOCK, { recursive: false });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    if (existsSync(LOCK) && Date.now() - statSync(LOCK).mtimeMs > 120_000)
      rmSync(LOCK, { recursive: true, force: true });
    return false;
  }
}

function build() {
  // One build at a time across the run's worker processes: whoever holds the lock builds, the others
  // wait for it (then find the bundle fresh).
  mkdirSync(ROOT_OUT, { recursive: true });
  untilSync("the server bundle's build lock", takeLock, { timeout: 300_000, every: 200 });
  try {
    if (!stale(BUNDLE, SOURCES)) return;
    const run = spawnSync(
      "npx",
      ["vite", "build", "--config", "vite.server.config.ts", "--outDir", OUT, "--logLevel", "warn"],
      {
        cwd: ROOT,
        encoding: "utf8",
        env: { ...process.env, NODE_ENV: "production" },
      },
    );
    if (run.status !== 0) throw new Error(`building the server bundle failed: ${run.stderr || run.stdout}`);
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

/** Node's arguments to run the server (src/server/main.ts) as a process: the up-to-date bundle (built here when needed). */
export function serverMainArgs(): string[] {
  if (!built) build();
  built = true;
  return [BUNDLE];
}
