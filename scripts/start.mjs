// `npm start`: build the web app when it is missing or older than its sources, then serve.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const built = "dist/web/index.html";

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const sources = ["src/web", "src/shared"].filter(existsSync);
const stale = !existsSync(built) || Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs;
if (stale) {
  console.log("Building the web app…");
  const build = spawnSync("npx", ["vite", "build", "--logLevel", "warn"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const envFile = existsSync(".env") ? ["--env-file=.env"] : [];
const server = spawn(process.execPath, [...envFile, "--import", "tsx", "src/server/main.ts"], { stdio: "inherit" });
// A supervisor's SIGTERM must reach the server so it can drain.
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
