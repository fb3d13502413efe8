import { type Kysely, sql } from "kysely";
import type { DialectName } from "./database.js";

/** The FTS5 table of every user's e-mail and name, in trigrams (SQLite only). */
export const USER_SEARCH_TABLE = "tessera_user_search";
/** Each user's stable number, the FTS5 row's rowid (SQLite only). */
export const USER_SEARCH_KEY_TABLE = "tessera_user_search_key";

/**
 * Migration 014_user_search_trigrams (SQLite only; PostgreSQL has the pg_trgm indexes of 011): the admin
 * console's search anywhere in e-mail and name, answered by an FTS5 trigram index instead of a scan of every
 * user (src/server/routes/admin/user-search.ts). Triggers keep it in step with every writer (the engine, the
 * admin CLI, plain SQL). The FTS row is keyed by a number of our own, an INTEGER PRIMARY KEY that VACUUM
 * keeps, not by the user table's implicit rowid, which VACUUM may renumber. Existing users are indexed here.
 */
export async function migrateUserSearchTrigrams(db: Kysely<any>, dialect: DialectName) {
  if (dialect !== "sqlite") return;
  await sql`create table if not exists tessera_user_search_key (
    key integer primary key,
    user_id text not null unique
  )`.execute(db);
  // Case-insensitive (Unicode case folding), so its matches include every match of SQLite's LIKE, which folds
  // ASCII only; the search still applies the LIKE, so the answers are the LIKE's.
  await sql`create virtual table if not exists tessera_user_search using fts5(email, name, tokenize = 'trigram')`.execute(
    db,
  );
  await sql`create trigger if not exists tessera_user_search_insert after insert on "user" begin
    insert into tessera_user_search_key (user_id) values (new.id);
    insert into tessera_user_search (rowid, email, name)
      values ((select key from tessera_user_search_key where user_id = new.id), new.email, new.name);
  end`.execute(db);
  await sql`create trigger if not exists tessera_user_search_update after update of id, email, name on "user" begin
    update tessera_user_search_key set user_id = new.id where user_id = old.id;
    update tessera_user_search set email = new.email, name = new.name
      where rowid = (select key from tessera_user_search_key where user_id = new.id);
  end`.execute(db);
  await sql`create trigger if not exists tessera_user_search_delete after delete on "user" begin
    delete from tessera_user_search where rowid = (select key from tessera_user_search_key where user_id = old.id);
    delete from tessera_user_search_key where user_id = old.id;
  end`.execute(db);
  await sql`insert into tessera_user_search_key (user_id)
    select id from "user" where id not in (select user_id from tessera_user_search_key)`.execute(db);
  await sql`insert into tessera_user_search (rowid, email, name)
    select k.key, u.email, u.name from tessera_user_search_key k join "user" u on u.id = k.user_id
    where k.key not in (select rowid from tessera_user_search)`.execute(db);
}
