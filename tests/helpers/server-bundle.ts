import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { stale } from "../../scripts/lib/stale.mjs";
import { untilSync } from "./wait.js";

// The server as its own process starts in about 1 s from the bundle `npm start` serves, against 5–13 s
// through tsx on a busy 2-core machine (it compiles every module on each start); the crash, shutdown
// and outbox suites start dozens. The CLI likewise: `create-admin` took 4 s of wall time and 5 s of CPU
// through tsx on the slow 2-core machine, and the suite makes its site admins with it about 60 times.
// So tests run bundles, built from this checkout's sources the first time a test asks in a run after
// they changed (`vite.server.config.ts`, into dist/test-server and dist/test-cli, which resolve packages
// from node_modules as dist/server does). tests/integration/oidc-jwt.test.ts runs the CLI through tsx,
// exactly as `npm run cli` does.

// Vitest runs from the project root (and under jsdom, import.meta.url is not a file URL).
const ROOT = process.cwd();
const ROOT_OUT = join(ROOT, "dist");
const SOURCES = ["src/server", "src/shared", "vite.server.config.ts", "node_modules/.package-lock.json"].map((p) =>
  join(ROOT, p),
);

const ENTRIES = {
  main: { source: "src/server/main.ts", out: join(ROOT_OUT, "test-server") },
  cli: { source: "src/server/cli.ts", out: join(ROOT_OUT, "test-cli") },
};
type Entry = keyof typeof ENTRIES;

const built = new Set<Entry>();

/** Takes the build lock (a folder) if it is free; takes it over when a build left it behind 2 minutes ago. */
function takeLock(lock: string): boolean {
  try {
    mkdirSync(lock, { recursive: false });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 120_000)
      rmSync(lock, { recursive: true, force: true });
    return false;
  }
}

/** The up-to-date bundle of `entry`, built here when stale. */
function bundle(entry: Entry): string {
  const { source, out } = ENTRIES[entry];
  const file = join(out, `${entry}.js`);
  if (built.has(entry)) return file;
  const lock = `${out}.lock`;
  // One build at a time across the run's worker processes: whoever holds the lock builds, the others
  // wait for it (then find the bundle fresh).
  mkdirSync(ROOT_OUT, { recursive: true });
  untilSync(`the ${entry} bundle's build lock`, () => takeLock(lock), { timeout: 300_000, every: 200 });
  try {
    if (stale(file, SOURCES)) {
      const run = spawnSync(
        "npx",
        ["vite", "build", "--config", "vite.server.config.ts", "--ssr", source, "--outDir", out, "--logLevel", "warn"],
        { cwd: ROOT, encoding: "utf8", env: { ...process.env, NODE_ENV: "production" } },
      );
      if (run.status !== 0) throw new Error(`building the ${entry} bundle failed: ${run.stderr || run.stdout}`);
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
  built.add(entry);
  return file;
}

/** Node's arguments to run the server (src/server/main.ts) as a process: the up-to-date bundle (built here when needed). */
export function serverMainArgs(): string[] {
  return [bundle("main")];
}

/** Node's arguments to run the CLI (src/server/cli.ts, what `npm run cli` runs) as a process, from its bundle. */
export function cliArgs(): string[] {
  return [bundle("cli")];
}
