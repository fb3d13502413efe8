import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/** Builds the web app once for the whole e2e run (E2E_SKIP_BUILD=1 reuses dist/web as it is). */
export default function setup() {
  if (process.env.E2E_SKIP_BUILD === "1" && existsSync("dist/web/index.html")) return;
  const build = spawnSync("npx", ["vite", "build", "--logLevel", "warn"], { stdio: "inherit" });
  if (build.status !== 0) throw new Error("vite build failed");
}
