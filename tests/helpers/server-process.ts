import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TestClient } from "./client.js";
import { freePort } from "./ports.js";
import { serverEnv } from "./server.js";
import { serverMainArgs } from "./server-bundle.js";
import { until } from "./wait.js";

/** GET `url`/api/auth/ok through node:http (a test may patch fetch): its (JSON) body when 200, else false. */
function answersOk(url: string): Promise<unknown> {
  return new Promise((resolve) => {
    const req = request(`${url}/api/auth/ok`, { agent: false }, (res) => {
      let body = "";
      res.on("data", (d: Buffer) => {
        body += d.toString();
      });
      res.on("end", () => {
        if (res.statusCode !== 200) return resolve(false);
        try {
          resolve(JSON.parse(body));
        } catch {
          resolve(body || true);
        }
      });
      res.on("error", () => resolve(false));
    });
    req.on("error", () => resolve(false)); // not listening yet
    req.end();
  });
}

/**
 * Waits until the server process `child` answers at `url`, and returns what GET /api/auth/ok said;
 * fails at once if the process exits first, and after `timeout` ms, with the end of its `output()`.
 */
export async function untilServing(url: string, child: ChildProcess, output: () => string, timeout = 60_000) {
  const tail = () => output().slice(-2000);
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  try {
    return await until(
      `the server at ${url} to answer`,
      () => {
        if (ended()) throw new Error(`the server at ${url} exited (${child.exitCode ?? child.signalCode}): ${tail()}`);
        return answersOk(url);
      },
      { timeout, every: 50 },
    );
  } catch (error) {
    if (ended()) throw error;
    throw new Error(`${(error as Error).message}: ${tail()}`);
  }
}

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
    await untilServing(this.url, child, () => this.stderr, 90_000);
  }

  /** A new browser-like client (own cookie jar) sending this server's Origin, as TestServer's. */
  client() {
    return new TestClient(this.url);
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
    serverEnv({ port, dataDir, databaseURL }, { PATH: process.env.PATH ?? "", ...env }),
    url,
  );
  return { server, dataDir };
}
