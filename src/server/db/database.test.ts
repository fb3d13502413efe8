import { describe, expect, it } from "vitest";
import { createTestDatabase, postgresURL } from "../../../tests/helpers/databases.js";
import { openDatabase } from "./database.js";

describe.skipIf(!postgresURL)(
  `PostgreSQL connections${postgresURL ? "" : " (SKIPPED: needs TEST_DATABASE_URL)"}`,
  () => {
    it("the session lookup's own connections plan once (generic plans from their first query); the app's do not", async () => {
      const test = await createTestDatabase("postgres");
      const database = openDatabase(test.url);
      try {
        const { lookupQuery, pool } = database;
        if (!lookupQuery || !pool) throw new Error("no lookup query");
        const show = { text: "show plan_cache_mode", rowMode: "array" as const };
        // Several at once: new connections, each of which must be set before its first query.
        const first = await Promise.all([1, 2, 3].map(() => lookupQuery(show)));
        expect(first.map((r) => r.rows)).toEqual([
          [["force_generic_plan"]],
          [["force_generic_plan"]],
          [["force_generic_plan"]],
        ]);
        // Everything else keeps PostgreSQL's choice: a prefix search (`like $1`) needs its custom plan.
        expect((await pool.query("show plan_cache_mode")).rows).toEqual([{ plan_cache_mode: "auto" }]);
        // A failed lookup gives its error and leaves the pool working.
        await expect(lookupQuery({ text: "select * from no_such_table", rowMode: "array" })).rejects.toThrow(
          /no_such_table/,
        );
        expect((await lookupQuery(show)).rows).toEqual([["force_generic_plan"]]);
      } finally {
        await database.close();
        await test.drop();
      }
    });
  },
);
