import type { BetterAuthOptions } from "better-auth";
import { getMigrations } from "better-auth/db/migration";
import type { Kysely } from "kysely";
import type { Database } from "./database.js";
import { migrations } from "./migrations.js";

export interface Settings {
  membershipLimit: number;
}

/**
 * Brings the schema up to date: the engine's tables, then ours, then the
 * settings the database guards read. Safe when several processes start at
 * once: PostgreSQL serialises on an advisory lock, SQLite on a write lock.
 */
export async function migrate(
  database: Database,
  authOptions: BetterAuthOptions,
  settings: Settings,
): Promise<string[]> {
  return withMigrationLock(database, async () => {
    const { runMigrations, toBeCreated, toBeAdded } = await getMigrations(authOptions);
    await runMigrations();
    const applied = [
      ...toBeCreated.map((t) => `engine: create ${t.table}`),
      ...toBeAdded.map((t) => `engine: alter ${t.table}`),
    ];
    applied.push(...(await runOwnMigrations(database)));
    await writeSettings(database.db, settings);
    return applied;
  });
}

async function runOwnMigrations({ db, dialect }: Database): Promise<string[]> {
  await db.schema
    .createTable("tessera_migration")
    .ifNotExists()
    .addColumn("name", "varchar(128)", (c) => c.primaryKey())
    .addColumn("appliedAt", "varchar(32)", (c) => c.notNull())
    .execute();
  const done = new Set(
    (await db.selectFrom("tessera_migration").select("name").execute()).map((r) => r.name as string),
  );
  const applied: string[] = [];
  for (const m of migrations) {
    if (done.has(m.name)) continue;
    await m.up(db, dialect);
    await db.insertInto("tessera_migration").values({ name: m.name, appliedAt: new Date().toISOString() }).execute();
    applied.push(m.name);
  }
  return applied;
}

async function writeSettings(db: Kysely<any>, settings: Settings) {
  const rows = [{ key: "membership_limit", value: String(settings.membershipLimit) }];
  for (const row of rows) {
    await db
      .insertInto("tessera_setting")
      .values(row)
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: row.value }))
      .execute();
  }
}

async function withMigrationLock<T>(database: Database, fn: () => Promise<T>): Promise<T> {
  if (database.pool) {
    const client = await database.pool.connect();
    try {
      await client.query("select pg_advisory_lock(hashtext('tessera_migrate'))");
      return await fn();
    } finally {
      await client.query("select pg_advisory_unlock(hashtext('tessera_migrate'))").catch(() => {});
      client.release();
    }
  }
  const sqlite = database.sqlite;
  if (!sqlite) return fn();
  // Every statement below runs on this one connection, so it joins this transaction;
  // SQLite DDL is transactional, and a second process waits on busy_timeout.
  sqlite.exec("begin immediate");
  try {
    const result = await fn();
    sqlite.exec("commit");
    return result;
  } catch (error) {
    if (sqlite.inTransaction) sqlite.exec("rollback");
    throw error;
  }
}
