import type SQLite from "better-sqlite3";
import { sql } from "kysely";
import type pg from "pg";
import { batchPerTurn } from "../db/batch-per-turn.js";
import type { Database } from "../db/database.js";
import {
  migrateOrganizationChanges,
  ORGANIZATION_CHANGE_SOURCES,
  organizationChangeTrigger,
} from "../db/organization-changes-migration.js";

/**
 * Organization read answers kept between requests (docs/decisions/014-organization-reads.md "Kept
 * answers"): given again only while nothing they were made of can have changed. The session is still
 * read and judged on every request before one is looked up; the key holds its token.
 */

/** What a PostgreSQL answer was made of: its organization and that organization's change sum then. */
export interface Version {
  organizationId: string;
  value: string;
}

export interface ReadAnswer {
  kind: "answer";
  body: string;
  /** PostgreSQL: the organization's version the answer was read at (in the same statement). */
  version?: Version;
}

/** The answers, by key, up to `maxBytes` of text; the oldest go first. */
export class AnswerStore {
  #answers = new Map<string, ReadAnswer>();
  #bytes = 0;
  constructor(readonly maxBytes = 16 * 1024 * 1024) {}
  get(key: string): ReadAnswer | undefined {
    return this.#answers.get(key);
  }
  set(key: string, answer: ReadAnswer) {
    const size = key.length + answer.body.length;
    if (size > this.maxBytes) return;
    this.delete(key);
    while (this.#bytes + size > this.maxBytes) {
      const oldest = this.#answers.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
    this.#answers.set(key, answer);
    this.#bytes += size;
  }
  delete(key: string) {
    const known = this.#answers.get(key);
    if (!known) return;
    this.#answers.delete(key);
    this.#bytes -= key.length + known.body.length;
  }
  clear() {
    this.#answers.clear();
    this.#bytes = 0;
  }
  get bytes() {
    return this.#bytes;
  }
}

/**
 * SQLite: answers made since the last commit to the database, whoever made it (this process, the
 * admin CLI, a restore), by session token and URL: nothing they came from can have changed, as the
 * session fast path's unchangedSinceRead (docs/decisions/010-session-check-per-store.md).
 * `pragma data_version` is read before an answer is made and checked on every look-up, so an
 * answer made across a commit is dropped at the next request.
 */
export function answersWhileUnchanged(reader: SQLite.Database, store = new AnswerStore()) {
  const dataVersion = reader.prepare("pragma data_version").pluck();
  let version: unknown;
  const current = () => {
    const now = dataVersion.get();
    if (now !== version) {
      version = now;
      store.clear();
    }
    return now;
  };
  return {
    get(key: string): ReadAnswer | undefined {
      current();
      return store.get(key);
    },
    /** The version an answer about to be made is made at. */
    version: current,
    set(key: string, answer: ReadAnswer, readAt: unknown) {
      if (current() !== readAt) return;
      store.set(key, answer);
    },
  };
}

/** SQL: the change sum of the organization `id` (an SQL expression) as text, the version an answer is read at. */
export const changeSumSQL = (id: string) =>
  `(select coalesce(sum(c.n), 0)::text from tessera_organization_change c where c.organization_id = ${id})`;

/** Which organization a read is about: by id, or by slug (get-full-organization). */
export type Scope = { by: "id" | "slug"; key: string };

/** A change table with more rows than this for one organization is folded into one row. */
const FOLD_AT = 64;

/**
 * PostgreSQL: answers kept by session token and URL while their organization's change sum
 * (migration 013_organization_changes) is the one they were read at. Each request with a kept answer
 * reads the sum (one small statement on an index) instead of the lists. A trigger the sum relies on
 * that is missing (a table made after the migration, such as a plugin switched on later) is put back;
 * if it cannot be, `kept` is null: nothing is kept and every read is made afresh.
 */
export async function answersWhileOrganizationUnchanged(
  database: Pick<Database, "db" | "pool">,
  organization: { table: string; slug: string },
  store = new AnswerStore(),
): Promise<{ kept: OrganizationAnswers | null; missing: string[]; restored: string[] }> {
  if (!database.pool) throw new Error("kept organization answers need PostgreSQL");
  const pool: pg.Pool = database.pool;
  let restored = await missingTriggers(pool);
  if (restored.length) {
    // A table made after the migration (a plugin switched on later), or a trigger dropped: put them
    // back, one instance at a time, and look again.
    try {
      await database.db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext('tessera_organization_change'))`.execute(trx);
        await migrateOrganizationChanges(trx, "postgres");
      });
    } catch {
      // Not allowed (the database role may not own the tables): checked again below.
    }
  }
  const missing = restored.length ? await missingTriggers(pool) : [];
  restored = restored.filter((name) => !missing.includes(name));
  if (missing.length) return { kept: null, missing, restored };
  // The sum and the row count (to know when to fold) in one pass over the organization's rows.
  const sum = (id: string) =>
    `select coalesce(sum(c.n), 0)::text as "v", count(*) as "rows" from tessera_organization_change c where c.organization_id = ${id}`;
  const byIds = `select c.organization_id::text as "id", sum(c.n)::text as "v", count(*) as "rows" from tessera_organization_change c where c.organization_id = any($1::text[]) group by c.organization_id`;
  const bySlug = `select o."id"::text as "id", s.* from ${organization.table} o cross join lateral (${sum(`o."id"`)}) s where o.${organization.slug} = $1 limit 2`;
  const folding = new Set<string>();

  /** Folds an organization's change rows into one with their sum: every reader's sum stays what it was. */
  function fold(id: string) {
    if (folding.has(id)) return;
    folding.add(id);
    pool
      .query(
        `with gone as (delete from tessera_organization_change where organization_id = $1 returning n)
         insert into tessera_organization_change (organization_id, n) select $1, sum(n) from gone having count(*) > 0`,
        [id],
      )
      .catch(() => {})
      .finally(() => folding.delete(id));
  }

  const seen = (row: { id: string; v: string; rows: string }): Version => {
    if (Number(row.rows) > FOLD_AT) fold(row.id);
    return { organizationId: row.id, value: row.v };
  };

  // Look-ups by id that arrive in the same turn of the event loop share one statement (batch-per-turn.ts),
  // as the session fast path's session look-ups do.
  const byId = batchPerTurn(async (ids) => {
    const { rows } = await pool.query({ name: "tessera_org_versions_by_ids", text: byIds, values: [ids] });
    const found = new Map((rows as { id: string; v: string; rows: string }[]).map((row) => [row.id, row]));
    // An organization without change rows has the sum 0, as the single look-up answers.
    return (id) => seen(found.get(id) ?? { id, v: "0", rows: "0" });
  });

  async function current(scope: Scope): Promise<Version | null> {
    if (scope.by === "id") {
      return byId(scope.key);
    }
    const { rows } = await pool.query({ name: "tessera_org_version_by_slug", text: bySlug, values: [scope.key] });
    if (rows.length !== 1) return null;
    return seen(rows[0] as { id: string; v: string; rows: string });
  }

  return {
    missing,
    restored,
    kept: {
      /** The answer kept under `key` if its organization has not changed since it was read. */
      async get(key: string, scope: Scope): Promise<ReadAnswer | undefined> {
        const known = store.get(key);
        if (!known?.version) return undefined;
        const now = await current(scope);
        if (now && now.organizationId === known.version.organizationId && now.value === known.version.value) {
          return known;
        }
        store.delete(key);
        return undefined;
      },
      set(key: string, answer: ReadAnswer) {
        if (answer.version) store.set(key, answer);
      },
    },
  };
}
export type OrganizationAnswers = {
  get(key: string, scope: Scope): Promise<ReadAnswer | undefined>;
  set(key: string, answer: ReadAnswer): void;
};

/** The change triggers missing on tables that exist (each table has two: insert/delete and update). */
async function missingTriggers(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query(
    `select s.t as "table" from unnest($1::text[]) s(t)
     where to_regclass(quote_ident(s.t)) is not null
       and (select count(*) from pg_trigger g where g.tgrelid = to_regclass(quote_ident(s.t))
            and g.tgname in ('tessera_organization_change_' || s.t, 'tessera_organization_change_' || s.t || '_update')) < 2`,
    [ORGANIZATION_CHANGE_SOURCES.map((s) => s.table)],
  );
  return rows.map((r: { table: string }) => organizationChangeTrigger(r.table));
}
