import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../helpers/ports.js";
import { serverEnv } from "../helpers/server.js";
import { untilServing } from "../helpers/server-process.js";

// `npm start` as docs/operations.md has a service manager run it: scripts/start.mjs builds what is stale
// and serves the server bundle (dist/server/main.js), not the TypeScript through tsx.
describe("npm start (scripts/start.mjs)", () => {
  let child: ChildProcess;
  let url: string;
  let output = "";
  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const dataDir = mkdtempSync(join(tmpdir(), "tessera-start-"));
    child = spawn(process.execPath, ["scripts/start.mjs"], {
      // As docs/operations.md has it: production, rate limits at the engine's default.
      env: serverEnv(
        { port, dataDir, databaseURL: `file:${join(dataDir, "tessera.db")}` },
        {
          PATH: process.env.PATH ?? "",
          NODE_ENV: "production",
          RATE_LIMIT_ENABLED: undefined,
          MAIL_TRANSPORT: "log",
          LOG_LEVEL: "info",
        },
      ),
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (d: Buffer) => {
      output += d.toString();
    });
    child.stderr?.on("data", (d: Buffer) => {
      output += d.toString();
    });
    // It builds what is stale first.
    await untilServing(url, child, () => output, 170_000);
  }, 180_000);
  afterAll(() => {
    if (child?.exitCode === null) child.kill("SIGKILL");
  });

  it("serves the bundle in one process with its Node flags", () => {
    const pid = child.pid as number;
    const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    expect(command).toContain("dist/server/main.js");
    expect(command).toContain("--optimize-for-size");
    expect(command.join(" ")).not.toContain("tsx");
    expect(readFileSync(`/proc/${pid}/environ`, "utf8").split("\0")).toContain("MALLOC_ARENA_MAX=2");
  });

  it("answers the API, the web app and the server's own error page", async () => {
    expect(await (await fetch(`${url}/readyz`)).json()).toEqual({ ok: true });
    const index = await fetch(`${url}/sign-in`);
    expect(index.status).toBe(200);
    expect(await index.text()).toContain('<div id="root">');
    // The error page reads the app's colours from src/web/index.css: from the bundle's folder too.
    const error = await fetch(`${url}/api/auth/error?error=state_not_found`, { headers: { accept: "text/html" } });
    expect(error.headers.get("content-type")).toContain("text/html");
    expect(await error.text()).toContain("--background");
  });

  it("drains and exits 0 on SIGTERM", async () => {
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    const [code] = await exited;
    expect(code).toBe(0);
    expect(output).toContain("draining");
  });
});
