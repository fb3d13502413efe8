import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/databases.js";
import { type Database, openDatabase } from "./database.js";

// Another process on the same file (the admin CLI, a second instance migrating), played by a
// worker thread with a connection of its own: it writes one row when told, waiting on the lock.
const OTHER_WRITER = `
const { parentPort, workerData } = require("node:worker_threads");
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file);
db.pragma("busy_timeout = 5000");
parentPort.on("message", (id) => {
  try {
    db.prepare("insert into item (id) values (?)").run(id);
    parentPort.postMessage({ ok: true });
  } catch (error) {
    parentPort.postMessage({ ok: false, code: error.code });
  }
});
`;

describe("SQLite transactions with another writer on the same file", () => {
  let test: TestDatabase;
  let database: Database;
  let other: Worker;
  afterAll(async () => {
    await other?.terminate();
    await database?.close();
    await test?.drop();
  });

  it("a transaction that reads, waits, then writes commits, and the other writer waits for it", async () => {
    test = await createTestDatabase("sqlite");
    database = openDatabase(test.url);
    const { db } = database;
    await sql`create table item (id text primary key)`.execute(db);
    other = new Worker(OTHER_WRITER, {
      eval: true,
      workerData: {
        file: test.url.slice("file:".length),
        driver: createRequire(import.meta.url).resolve("better-sqlite3"),
      },
    });
    const otherWrites = (id: string) =>
      new Promise<{ ok: boolean; code?: string }>((resolve) => {
        other.once("message", resolve);
        other.postMessage(id);
      });

    let otherResult: Promise<{ ok: boolean; code?: string }> | undefined;
    // The engine's sign-up: read (is the address taken?), hash the password, then insert.
    await db.transaction().execute(async (trx) => {
      await trx.selectFrom("item").selectAll().execute();
      otherResult = otherWrites("from-other");
      await new Promise((resolve) => setTimeout(resolve, 100));
      await trx.insertInto("item").values({ id: "from-transaction" }).execute();
    });
    expect(await otherResult).toEqual({ ok: true });
    const ids = (await db.selectFrom("item").select("id").orderBy("id").execute()).map((row) => row.id);
    expect(ids).toEqual(["from-other", "from-transaction"]);
  });
});
