import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { keepStatements } from "./sqlite-statements.js";

describe("keepStatements", () => {
  let sqlite: SQLite.Database;
  afterEach(() => {
    if (sqlite.open) sqlite.close();
  });

  it("compiles a SQL text once and answers with the statement's current rows", () => {
    sqlite = new SQLite(":memory:");
    const handle = keepStatements(sqlite);
    sqlite.exec("create table t (a integer)");
    const first = handle.prepare("insert into t (a) values (?)");
    first.run([1]);
    expect(handle.prepare("insert into t (a) values (?)")).toBe(first);
    handle.prepare("insert into t (a) values (?)").run([2]);
    const select = handle.prepare("select * from t order by a");
    expect(select.all([])).toEqual([{ a: 1 }, { a: 2 }]);
    // A migration between two runs: SQLite re-compiles the kept statement, and its rows have the new column.
    sqlite.exec("alter table t add column b text default 'x'");
    expect(handle.prepare("select * from t order by a")).toBe(select);
    expect(select.all([])).toEqual([
      { a: 1, b: "x" },
      { a: 2, b: "x" },
    ]);
  });

  it("gives a statement of its own while the kept one is being iterated", () => {
    sqlite = new SQLite(":memory:");
    const handle = keepStatements(sqlite);
    sqlite.exec("create table t (a integer); insert into t values (1), (2)");
    const kept = handle.prepare("select a from t order by a");
    const rows = kept.iterate([]);
    expect(rows.next().value).toEqual({ a: 1 });
    const other = handle.prepare("select a from t order by a");
    expect(other).not.toBe(kept);
    expect(other.all([])).toEqual([{ a: 1 }, { a: 2 }]);
    expect(rows.next().value).toEqual({ a: 2 });
    rows.return?.();
    expect(handle.prepare("select a from t order by a")).toBe(kept);
  });

  it("keeps the most recently used statements, no more than its bound", () => {
    sqlite = new SQLite(":memory:");
    const handle = keepStatements(sqlite, 2);
    const one = handle.prepare("select 1");
    const two = handle.prepare("select 2");
    expect(handle.prepare("select 1")).toBe(one);
    handle.prepare("select 3");
    // "select 2" was the least recently used of three: dropped; "select 1" stays.
    expect(handle.prepare("select 1")).toBe(one);
    expect(handle.prepare("select 2")).not.toBe(two);
  });

  it("serves Kysely's queries, streamed ones included, and closes the database with Kysely", async () => {
    sqlite = new SQLite(":memory:");
    const db = new Kysely<{ t: { a: number } }>({ dialect: new SqliteDialect({ database: keepStatements(sqlite) }) });
    await db.schema.createTable("t").addColumn("a", "integer").execute();
    for (const a of [1, 2, 3]) await db.insertInto("t").values({ a }).execute();
    const query = db.selectFrom("t").select("a").orderBy("a");
    // Run, streamed, run: the stream reads the kept statement and hands it back when done.
    expect(await query.execute()).toHaveLength(3);
    const streamed: number[] = [];
    for await (const row of query.stream()) streamed.push(row.a);
    expect(streamed).toEqual([1, 2, 3]);
    expect(await query.execute()).toEqual([{ a: 1 }, { a: 2 }, { a: 3 }]);
    await db.destroy();
    expect(sqlite.open).toBe(false);
  });
});
