import type SQLite from "better-sqlite3";
import type { SqliteDatabase } from "kysely";

/**
 * How many compiled statements a SQLite database keeps: Kysely writes one SQL text per query shape.
 * Each holds about 8 KB, so at most about 4 MB (docs/operations.md "Memory and start-up").
 */
const KEPT_STATEMENTS = 500;

/**
 * The SQLite handle Kysely's driver is given, keeping each statement it compiles. The driver calls
 * `prepare` on every query, and better-sqlite3 compiles the SQL each time: that compile was the
 * largest single cost on the CPU profile of a SQLite test file (13 % of it, more than the queries
 * themselves). Kysely writes the same query shape as the same SQL text, parameters apart, so the
 * statements are kept by their text, the `max` most recently used ones.
 *
 * A kept statement is the same object as a fresh one: SQLite re-compiles it by itself when the schema
 * changes (a migration), and its rows carry the columns of that run. One that an open iterator is
 * still reading (Kysely's streamQuery) is busy; that query gets a statement of its own.
 */
export function keepStatements(sqlite: SQLite.Database, max = KEPT_STATEMENTS): SqliteDatabase {
  const kept = new Map<string, SQLite.Statement>();
  return {
    prepare(sql) {
      const statement = kept.get(sql);
      if (statement && !statement.busy) {
        // Most recently used last, so the first entry is the one to drop.
        kept.delete(sql);
        kept.set(sql, statement);
        return statement;
      }
      const fresh = sqlite.prepare(sql);
      if (!statement) {
        kept.set(sql, fresh);
        if (kept.size > max) kept.delete(kept.keys().next().value as string);
      }
      return fresh;
    },
    close() {
      kept.clear();
      sqlite.close();
    },
  };
}
