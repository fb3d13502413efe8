import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/db/database.js";
import { migrations } from "../../src/server/db/migrations.js";
import { createTestDatabase, databaseKinds } from "../helpers/databases.js";
import { freePort } from "../helpers/ports.js";
import { serverEnv } from "../helpers/server.js";
import { serverMainArgs } from "../helpers/server-bundle.js";
import { untilServing } from "../helpers/server-process.js";

// DESIGN "many instances": every instance migrates at start; several starting at once on one fresh
// database must both come up (migrate.ts serialises them on a lock) with the schema applied once.
// Without the lock, four simultaneous starts fail reliably here ("table user already exists").
const INSTANCES = 4;
const ROOT = fileURLToPath(new URL("../..", import.meta.url));

function start(port: number, databaseURL: string, dataDir: string) {
  const child = spawn(process.execPath, serverMainArgs(), {
    cwd: ROOT,
    // Rate limits left at the engine's default.
    env: serverEnv(
      { port, dataDir, databaseURL },
      { PATH: process.env.PATH, RATE_LIMIT_ENABLED: undefined, MEMBERSHIP_LIMIT: "42" },
    ),
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (d) => {
    stderr += String(d);
  });
  return { child, port, stderr: () => stderr };
}

function stop(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

describe.each(databaseKinds)(`${INSTANCES} instances starting at once on one fresh %s database`, (kind) => {
  it("all migrate and serve; our migrations and settings are applied once", async () => {
    const database = await createTestDatabase(kind, { empty: true });
    const dataDir = mkdtempSync(join(tmpdir(), "tessera-start-"));
    const ports: number[] = [];
    while (ports.length < INSTANCES) {
      const port = await freePort();
      if (!ports.includes(port)) ports.push(port);
    }
    const instances = ports.map((port) => start(port, database.url, dataDir));
    try {
      const ready = await Promise.all(
        instances.map((i) => untilServing(`http://127.0.0.1:${i.port}`, i.child, i.stderr)),
      );
      expect(ready).toEqual(instances.map(() => ({ ok: true })));
      const db = openDatabase(database.url);
      try {
        const applied = await db.db.selectFrom("tessera_migration").select("name").orderBy("name").execute();
        expect(applied.map((r) => r.name)).toEqual(migrations.map((m) => m.name));
        const setting = await db.db
          .selectFrom("tessera_setting")
          .select("value")
          .where("key", "=", "membership_limit")
          .execute();
        expect(setting).toEqual([{ value: "42" }]);
      } finally {
        await db.close();
      }
    } finally {
      await Promise.all(instances.map((i) => stop(i.child)));
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    }
  }, 120_000);
});
