import { type Kysely, sql } from "kysely";
import type { DialectName } from "./database.js";

/**
 * The tables an organization read's answer is made of, and how a row names the organizations it
 * belongs to: by its own column, or by its user (every organization the user is a member of).
 * src/server/auth/organization-reads/ keeps a PostgreSQL answer only while none of these rows of
 * its organization changed, and only when every one of these triggers is in place.
 */
export const ORGANIZATION_CHANGE_SOURCES = [
  { table: "organization", column: "id", byUser: false },
  { table: "member", column: "organizationId", byUser: false },
  { table: "invitation", column: "organizationId", byUser: false },
  { table: "team", column: "organizationId", byUser: false },
  { table: "organizationRole", column: "organizationId", byUser: false },
  { table: "user", column: "id", byUser: true },
  { table: "twoFactor", column: "userId", byUser: true },
  { table: "passkey", column: "userId", byUser: true },
] as const;

/** The name of the trigger on `table` (one per statement kind it fires on). */
export const organizationChangeTrigger = (table: string) => `tessera_organization_change_${table}`;

/**
 * Migration 013_organization_changes (PostgreSQL only; SQLite has `pragma data_version`): a row in
 * `tessera_organization_change` for every committed insert, update or delete of a row an organization
 * read is made of, written by triggers, so by any writer (the engine, the admin CLI, another instance,
 * plain SQL). An organization's version is the sum of `n` over its rows, read in the reader's own
 * snapshot: it grows with every change that reader can see, whatever order transactions commit in (a
 * counter or a sequence's maximum would not), and only inserts are written, so writers never wait on
 * each other here. Rows of one organization are folded into one now and then (the sum is kept).
 */
export async function migrateOrganizationChanges(db: Kysely<any>, dialect: DialectName) {
  if (dialect !== "postgres") return;
  await sql`create table if not exists tessera_organization_change (
    organization_id text not null,
    n bigint not null default 1
  )`.execute(db);
  await sql`create index if not exists tessera_organization_change_idx on tessera_organization_change (organization_id)`.execute(
    db,
  );
  // tg_argv[0]: the column naming the organization (or the user); tg_argv[1]: 'user' when it names a user.
  await sql`
    create or replace function tessera_organization_changed() returns trigger as $$
    declare
      col text := tg_argv[0];
      keys text[] := array[]::text[];
    begin
      if tg_op <> 'INSERT' then keys := keys || (to_jsonb(old) ->> col); end if;
      if tg_op <> 'DELETE' then keys := keys || (to_jsonb(new) ->> col); end if;
      if tg_argv[1] = 'user' then
        insert into tessera_organization_change (organization_id)
          select distinct m."organizationId" from member m where m."userId" = any(keys);
      else
        insert into tessera_organization_change (organization_id)
          select distinct k from unnest(keys) k where k is not null;
      end if;
      return null;
    end $$ language plpgsql`.execute(db);
  for (const { table, column, byUser } of ORGANIZATION_CHANGE_SOURCES) {
    // A table of a plugin that is off does not exist: the reads then keep nothing (see organization-reads/index.ts).
    const exists = await sql<{ found: string | null }>`select to_regclass(${`"${table}"`})::text as found`.execute(db);
    if (!exists.rows[0]?.found) continue;
    const name = organizationChangeTrigger(table);
    const args = sql.raw(`'${column}'${byUser ? ", 'user'" : ""}`);
    await sql`drop trigger if exists ${sql.id(name)} on ${sql.id(table)}`.execute(db);
    await sql`drop trigger if exists ${sql.id(`${name}_update`)} on ${sql.id(table)}`.execute(db);
    await sql`create trigger ${sql.id(name)} after insert or delete on ${sql.id(table)}
      for each row execute function tessera_organization_changed(${args})`.execute(db);
    // An update that changes nothing (the engine writes rows back as they were) is no change.
    await sql`create trigger ${sql.id(`${name}_update`)} after update on ${sql.id(table)}
      for each row when (old.* is distinct from new.*) execute function tessera_organization_changed(${args})`.execute(
      db,
    );
  }
}
