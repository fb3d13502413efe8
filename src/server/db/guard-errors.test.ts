import { isAPIError } from "better-auth/api";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, postgresURL, type TestDatabase } from "../../../tests/helpers/databases.js";
import { type Database, openDatabase } from "./database.js";

async function errorOf(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("expected the query to fail");
}

describe("database errors through the guarded dialect", () => {
  const opened: { database: Database; test: TestDatabase }[] = [];
  async function open(kind: "sqlite" | "postgres") {
    const test = await createTestDatabase(kind);
    const database = openDatabase(test.url);
    opened.push({ database, test });
    return database;
  }
  afterAll(async () => {
    for (const { database, test } of opened) {
      await database.close();
      await test.drop();
    }
  });

  it("turns a duplicate organization slug into the spec's 4xx, by statement kind", async () => {
    const { db } = await open("sqlite");
    await sql`create table organization (id text primary key, slug text unique)`.execute(db);
    await db.insertInto("organization").values({ id: "1", slug: "acme" }).execute();
    await db.insertInto("organization").values({ id: "2", slug: "other" }).execute();
    const insert = await errorOf(() => db.insertInto("organization").values({ id: "3", slug: "acme" }).execute());
    expect(isAPIError(insert) && insert.body?.message).toBe("Organization already exists");
    const update = await errorOf(() =>
      db.updateTable("organization").set({ slug: "acme" }).where("id", "=", "2").execute(),
    );
    expect(isAPIError(update) && update.body?.message).toBe("Organization slug already taken");
  });

  it("passes other errors through unchanged", async () => {
    const { db } = await open("sqlite");
    const error = await errorOf(() => sql`select * from no_such_table`.execute(db));
    expect(isAPIError(error)).toBe(false);
  });

  it.skipIf(!postgresURL)("answers a value PostgreSQL refuses (class 22) as 400 Invalid input", async () => {
    const { db } = await open("postgres");
    for (const bad of [sql`select 'abc'::int`, sql`select '2026-13-45'::date`, sql`select 1 limit -1`]) {
      const error = await errorOf(() => bad.execute(db));
      expect(isAPIError(error)).toBe(true);
      expect(isAPIError(error) && error.statusCode).toBe(400);
      expect(isAPIError(error) && error.body).toMatchObject({ code: "INVALID_INPUT", message: "Invalid input" });
    }
  });
});
