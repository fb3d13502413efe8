import { describe, expect, it } from "vitest";
import { createTestDatabase, postgresURL } from "../../../tests/helpers/databases.js";
import { openDatabase } from "./database.js";

describe.skipIf(!postgresURL)(
  `PostgreSQL connections${postgresURL ? "" : " (SKIPPED: needs TEST_DATABASE_URL)"}`,
  () => {
    it("plan the named session lookup once: every pooled connection uses generic plans from its first query", async () => {
      const test = await createTestDatabase("postgres");
      const database = openDatabase(test.url);
      try {
        const pool = database.pool as NonNullable<typeof database.pool>;
        // Two at once: each is a new connection, and the setting must come before the first query.
        const first = await Promise.all([1, 2].map(() => pool.query("show plan_cache_mode")));
        expect(first.map((r) => r.rows)).toEqual([
          [{ plan_cache_mode: "force_generic_plan" }],
          [{ plan_cache_mode: "force_generic_plan" }],
        ]);
        // A default that is not PostgreSQL's own, so the test cannot pass by accident.
        const other = new (await import("pg")).default.Client({ connectionString: test.url });
        await other.connect();
        expect((await other.query("show plan_cache_mode")).rows).toEqual([{ plan_cache_mode: "auto" }]);
        await other.end();
      } finally {
        await database.close();
        await test.drop();
      }
    });
  },
);
