import { dirname, resolve } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import type pg from "pg";
import { makePrivateDir, makePrivateFile } from "../private-files.js";
import { GuardedDialect } from "./guarded-dialect.js";
import { loadPg } from "./pg.js";
import { keepStatements } from "./sqlite-statements.js";

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
  /**
   * A query on the session fast path's own small pool (PostgreSQL only; opened on first use, closed
   * with the database), whose connections plan each named statement once.
   */
  lookupQuery?(config: pg.QueryArrayConfig): Promise<pg.QueryArrayResult>;
  url: string;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Opens SQLite (`file:PATH`) or PostgreSQL (`postgres://…`) by URL. */
export function openDatabase(url: string): Database {
  if (url.startsWith("file:")) return openSqlite(url.slice("file:".length));
  return openPostgres(url);
}

/**
 * Why better-sqlite3 cannot run on this Node, or undefined when it can. Its prebuilt addon (13.x)
 * is built for Node-API 10, which Node has from 22.14 on; on an older Node it does not fail to
 * load but crashes the process (SIGSEGV) when the first database opens, so it is checked first.
 */
export function sqliteDriverProblem(versions: { node: string; napi?: string } = process.versions): string | undefined {
  if (Number(versions.napi ?? 0) >= 10) return undefined;
  return (
    `SQLite needs Node 22.14 or later (Node-API 10); this is Node ${versions.node}. ` +
    "`npm start`, `npm test` and `npm run` use the Node 24 that `npm ci` puts in node_modules/.bin " +
    "(Linux x64); elsewhere, or to run node directly, install Node 22.14+ or 24 (docs/operations.md, Node versions)."
  );
}

function openSqlite(path: string): Database {
  const problem = sqliteDriverProblem();
  if (problem) throw new Error(problem);
  const file = resolve(path);
  makePrivateDir(dirname(file));
  makePrivateFile(file);
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 10000");
  sqlite.pragma("synchronous = NORMAL");
  const db = new Kysely<any>({
    dialect: new GuardedDialect(new SqliteDialect({ database: keepStatements(sqlite) }), { beginImmediate: true }),
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
 * PostgreSQL would plan the session lookup (a named statement) anew on every run: a custom plan
 * for its `token = any($1)` always looks cheaper, and that planning was most of the database's
 * work per session check (bench/README.md). Its own small pool runs `set plan_cache_mode =
 * force_generic_plan` on each connection before its first lookup: the setting covers every
 * parameterised statement on a connection, unnamed ones included, and the admin search's `like $1`
 * needs its custom plans (forced generic, its median went from 8 to 37 ms). A SET rather than a
 * startup `options` parameter, which PgBouncer refuses by default; if refused (PostgreSQL before
 * 12) nothing changes.
 */
const LOOKUP_CONNECTIONS = 4;

function lookupPool(url: string) {
  const { Pool } = loadPg();
  const pool = new Pool({ connectionString: url, max: LOOKUP_CONNECTIONS, idleTimeoutMillis: 30_000 });
  pool.on("error", () => {});
  const planned = new WeakSet<pg.PoolClient>();
  return {
    pool,
    async query(config: pg.QueryArrayConfig): Promise<pg.QueryArrayResult> {
      const client = await pool.connect();
      try {
        if (!planned.has(client)) {
          await client.query("set plan_cache_mode = force_generic_plan").catch(() => {});
          planned.add(client);
        }
        const result = await client.query(config);
        client.release();
        return result;
      } catch (error) {
        // A connection that failed a query may be broken: the pool drops it rather than reuse it.
        client.release(error as Error);
        throw error;
      }
    },
  };
}

function openPostgres(url: string): Database {
  const { Pool } = loadPg();
  const pool = new Pool({ connectionString: url, max: 10, idleTimeoutMillis: 30_000 });
  // A dropped connection must not crash the process; the next query gets a fresh one.
  pool.on("error", () => {});
  const db = new Kysely<any>({
    dialect: new GuardedDialect(new PostgresDialect({ pool }), { savepointGuardedInserts: true }),
  });
  let lookups: ReturnType<typeof lookupPool> | undefined;
  return {
    db,
    dialect: "postgres",
    pool,
    lookupQuery(config) {
      lookups ??= lookupPool(url);
      return lookups.query(config);
    },
    url,
    async ping() {
      await pool.query("select 1");
    },
    async close() {
      await lookups?.pool.end();
      await db.destroy();
    },
  };
}
