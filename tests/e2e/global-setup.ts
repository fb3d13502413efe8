import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/** Builds the web app once for the whole e2e run (E2E_SKIP_BUILD=1 reuses dist/web as it is). */
export default function setup() {
  if (process.env.E2E_SKIP_BUILD === "1" && existsSync("dist/web/index.html")) return;
  // As `npm run build` makes it: vitest sets NODE_ENV=test, which would give Vite React's development build
  // (twice the bytes; tests/e2e/first-visit.e2e.ts measures what visitors download).
  const build = spawnSync("npx", ["vite", "build", "--logLevel", "warn"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (build.status !== 0) throw new Error("vite build failed");
}
