import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { GuardedDialect } from "./guarded-dialect.js";

export type DialectName = "sqlite" | "postgres";

export interface Database {
  /** Kysely over the app's database; shared by the engine and our own SQL. */
  db: Kysely<any>;
  dialect: DialectName;
  /** The raw better-sqlite3 handle (SQLite only), for prepared statements and locking. */
  sqlite?: SQLite.Database;
  /**
   * A second, read-only handle on the same file (SQLite only; opened on first use, closed with the
   * database). It never writes, so its `pragma data_version` changes whenever anyone commits.
   */
  sqliteReader?(): SQLite.Database;
  /** The pg pool (PostgreSQL only). */
  pool?: pg.Pool;
  url: string;
  ping(): Promise<void>;
  close(): Promise<void>;
}

// PostgreSQL returns int8 (COUNT(*)) as strings by default; counts here always fit a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

/** Opens SQLite (`file:PATH`) or PostgreSQL (`postgres://…`) by URL. */
export function openDatabase(url: string): Database {
  if (url.startsWith("file:")) return openSqlite(url.slice("file:".length));
  return openPostgres(url);
}

function openSqlite(path: string): Database {
  const file = resolve(path);
  mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 10000");
  sqlite.pragma("synchronous = NORMAL");
  const db = new Kysely<any>({
    dialect: new GuardedDialect(new SqliteDialect({ database: sqlite }), { beginImmediate: true }),
  });
  let reader: SQLite.Database | undefined;
  return {
    db,
    dialect: "sqlite",
    sqlite,
    sqliteReader() {
      if (!reader) {
        reader = new SQLite(file, { readonly: true, fileMustExist: true });
        reader.pragma("busy_timeout = 10000");
      }
      return reader;
    },
    url: `file:${path}`,
    async ping() {
      sqlite.prepare("select 1").get();
    },
    async close() {
      reader?.close();
      await db.destroy();
    },
  };
}

/**
 * The session fast path's lookup is a named statement, parsed once per connection; PostgreSQL
 * would still plan it anew on every run (a custom plan for its `token = any($1)` always looks
 * cheaper), and that planning was most of the database's work per session check (bench/README.md).
 * Only named statements are affected, and the lookup is the only one: the engine's and Kysely's are
 * unnamed. A SET rather than a startup `options` parameter, which PgBouncer refuses by default.
 * Queued before anything else on the new connection; refused (PostgreSQL before 12), it changes nothing.
 */
export function planOnce(client: pg.PoolClient): void {
  client.query("set plan_cache_mode = force_generic_plan").catch(() => {});
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 30_000 });
  // A dropped connection must not crash the process; the next query gets a fresh one.
  pool.on("error", () => {});
  pool.on("connect", planOnce);
  const db = new Kysely<any>({ dialect: new GuardedDialect(new PostgresDialect({ pool })) });
  return {
    db,
    dialect: "postgres",
    pool,
    url,
    async ping() {
      await pool.query("select 1");
    },
    async close() {
      await db.destroy();
    },
  };
}
