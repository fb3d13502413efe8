import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, TEST_SECRET } from "./server.js";
import { serverMainArgs } from "./server-bundle.js";

/** The server as an operator runs it (`npm start`'s bundle, tests/helpers/server-bundle.ts), with only `env`; killed and started again at will. */
export class ServerProcess {
  child?: ChildProcess;
  stderr = "";
  constructor(
    readonly env: Record<string, string>,
    readonly url: string,
  ) {}

  async start() {
    this.stderr = "";
    const child = spawn(process.execPath, serverMainArgs(), {
      cwd: process.cwd(),
      env: this.env,
      stdio: ["ignore", "ignore", "pipe"],
    });
    child.stderr?.on("data", (d: Buffer) => {
      this.stderr += d.toString();
    });
    this.child = child;
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${this.stderr.slice(-2000)}`);
      try {
        const res = await fetch(`${this.url}/api/auth/ok`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`server not ready: ${this.stderr.slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async kill(signal: NodeJS.Signals) {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, "exit");
    child.kill(signal);
    await exited;
  }
}

/**
 * A server process on a free port over `databaseURL`, with its own data folder, rate limits off and the
 * logs silent; `env` adds to or overrides that.
 */
export async function serverProcess(databaseURL: string, env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), "tessera-process-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = new ServerProcess(
    {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(port),
      BASE_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseURL,
      BETTER_AUTH_SECRET: TEST_SECRET,
      RATE_LIMIT_ENABLED: "false",
      LOG_LEVEL: "silent",
      ...env,
    },
    url,
  );
  return { server, dataDir };
}
