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
  return {
    db,
    dialect: "sqlite",
    sqlite,
    url: `file:${path}`,
    async ping() {
      sqlite.prepare("select 1").get();
    },
    async close() {
      await db.destroy();
    },
  };
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 30_000 });
  // A dropped connection must not crash the process; the next query gets a fresh one.
  pool.on("error", () => {});
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
