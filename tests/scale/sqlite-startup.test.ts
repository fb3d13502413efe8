import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { migrations } from "../../src/server/db/migrations.js";
import { freePort } from "../helpers/ports.js";
import { serverEnv } from "../helpers/server.js";
import { serverMainArgs } from "../helpers/server-bundle.js";
import { untilServing } from "../helpers/server-process.js";

// One SQLite file, three processes starting at the same moment (a restart under a process manager,
// say): each migrates inside BEGIN IMMEDIATE, so the schema is made once and all three serve.

const dir = mkdtempSync(join(tmpdir(), "tessera-sqlite-start-"));
const children: ChildProcess[] = [];

async function startProcess(port: number) {
  const child = spawn(process.execPath, serverMainArgs(), {
    env: {
      ...process.env,
      ...serverEnv(
        { port, dataDir: dir, databaseURL: `file:${join(dir, "tessera.db")}` },
        // Rate limits as this process's environment has them (unset here: the engine's default).
        { RATE_LIMIT_ENABLED: undefined, MAIL_TRANSPORT: "log", SMTP_URL: "", REDIS_URL: "", LOG_LEVEL: "warn" },
      ),
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  children.push(child);
  let stderr = "";
  child.stderr?.on("data", (d) => {
    stderr += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  await untilServing(`http://127.0.0.1:${port}`, child, () => stderr);
  return { child, exited };
}

describe("processes starting together on one SQLite file", () => {
  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  });

  it("all three start and serve, and every migration is applied once", async () => {
    const ports = [await freePort(), await freePort(), await freePort()];
    const started = await Promise.all(ports.map((port) => startProcess(port)));
    for (const { child, exited } of started) {
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
    }
    const db = new SQLite(join(dir, "tessera.db"), { readonly: true });
    const names = db.prepare("select name from tessera_migration").all() as { name: string }[];
    db.close();
    expect(names.map((n) => n.name).sort()).toEqual(migrations.map((m) => m.name).sort());
  }, 120_000);
});
