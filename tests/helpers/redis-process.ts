import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createConnection } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./ports.js";
import { until } from "./wait.js";

/** Whether a redis-server binary is on PATH (the outage tests start their own). */
export const redisServerAvailable = (() => {
  try {
    execFileSync("redis-server", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

/**
 * A redis-server of the test's own on a free port, so it can be killed and started again without
 * touching a shared one. Every write is on disk before it is acknowledged (AOF, fsync always): after
 * a SIGKILL and a restart it holds what it held, as a production Redis with persistence does.
 */
export async function startRedisProcess() {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "tessera-redis-"));
  let child: ChildProcess | undefined;

  async function start() {
    child = spawn(
      "redis-server",
      [
        "--port",
        String(port),
        "--bind",
        "127.0.0.1",
        "--dir",
        dir,
        "--appendonly",
        "yes",
        "--appendfsync",
        "always",
        "--save",
        "",
      ],
      { stdio: "ignore" },
    );
    await until(`redis-server on port ${port}`, () => canConnect(port), { timeout: 10_000 });
  }

  /** SIGKILL: the server is gone at once, connections refused until start() runs again. */
  async function kill() {
    const c = child;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((resolve) => c.once("exit", resolve));
    c.kill("SIGKILL");
    await exited;
  }

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    kill,
    start,
    async close() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type RedisProcess = Awaited<ReturnType<typeof startRedisProcess>>;

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
