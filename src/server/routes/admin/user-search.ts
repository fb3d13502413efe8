import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from "kysely";
import { z } from "zod";
import { type AdminUserView, SORT_DIRECTIONS, USER_SORTS, type UserSearchQuery } from "../../../shared/admin-users.js";
import type { MfaStatus } from "../../../shared/mfa.js";
import { SITE_ROLES } from "../../../shared/permissions.js";
import { mfaStatusOf } from "../../auth/mfa-status.js";
import type { DialectName } from "../../db/database.js";
import { USER_SEARCH_KEY_TABLE, USER_SEARCH_TABLE } from "../../db/user-search-migration.js";

const flag = z.enum(["true", "false"], { message: "must be true or false" }).transform((v) => v === "true");

/** GET /api/admin/users query (src/shared/admin-users.ts UserSearchQuery): one search box, filters, sort, page. */
export const userSearchSchema = z.object({
  q: z.string().trim().max(320, "must be at most 320 characters").optional(),
  role: z.enum(SITE_ROLES, { message: `must be one of ${SITE_ROLES.join(", ")}` }).optional(),
  banned: flag.optional(),
  emailVerified: flag.optional(),
  sortBy: z.enum(USER_SORTS, { message: "must be createdAt, email or name" }).default("createdAt"),
  sortDirection: z.enum(SORT_DIRECTIONS, { message: "must be asc or desc" }).default("desc"),
  page: z.coerce.number({ message: "must be a number" }).int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number({ message: "must be a number" }).int().min(1).max(100).default(20),
} satisfies Record<keyof UserSearchQuery, z.ZodType>);

/** The query once checked: its defaults filled in, flags and numbers as such. */
export type UserSearch = z.output<typeof userSearchSchema>;

const COLUMNS = [
  "id",
  "name",
  "email",
  "emailVerified",
  "image",
  "role",
  "banned",
  "banReason",
  "banExpires",
  "createdAt",
  "updatedAt",
] as const;

// Backslash escapes % and _ typed by the admin.
const ESCAPE = sql.raw(String.raw`'\'`);
const containsPattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type Eb = ExpressionBuilder<any, "user">;

/**
 * Case-insensitive match anywhere in e-mail or name (issue 22 item 12). PostgreSQL compares the stored
 * (lower-case) e-mail and lower(name), which the trigram indexes of migration 011 answer; SQLite's LIKE
 * ignores ASCII case, over the trigram index's candidates (migration 014) when it has them, else by a scan
 * (measured in bench/sections/admin-search.ts).
 */
function matchesAnywhere(eb: Eb, dialect: DialectName, q: string): Expression<SqlBool> {
  const pattern = containsPattern(dialect === "postgres" ? q.toLowerCase() : q);
  const name = dialect === "postgres" ? sql`lower(${sql.ref("name")})` : sql.ref("name");
  return eb.or([
    sql<SqlBool>`${sql.ref("email")} like ${pattern} escape ${ESCAPE}`,
    sql<SqlBool>`${name} like ${pattern} escape ${ESCAPE}`,
  ]);
}

/** A user holds `role` alone or among several comma-separated roles; no role at all means "user" (docs/behaviour.md#site-administration). */
function hasRole(eb: Eb, role: string): Expression<SqlBool> {
  return eb.or([
    eb("role", "=", role),
    eb("role", "like", `${role},%`),
    eb("role", "like", `%,${role}`),
    eb("role", "like", `%,${role},%`),
    ...(role === "user" ? [eb("role", "is", null)] : []),
  ]);
}

/** SQLite stores booleans as 0/1 and better-sqlite3 cannot bind true/false. */
function isFlag(eb: Eb, dialect: DialectName, column: "banned" | "emailVerified", value: boolean): Expression<SqlBool> {
  const stored = dialect === "sqlite" ? (value ? 1 : 0) : value;
  return value ? eb(column, "=", stored) : eb.or([eb(column, "=", stored), eb(column, "is", null)]);
}

function whereOf(eb: Eb, dialect: DialectName, s: UserSearch, candidates?: readonly string[]): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  // The trigram index's candidates (a superset of the matches), as a JSON array SQLite reads row by row.
  if (candidates)
    conditions.push(sql<SqlBool>`${sql.ref("id")} in (select value from json_each(${JSON.stringify(candidates)}))`);
  if (s.q) conditions.push(matchesAnywhere(eb, dialect, s.q));
  if (s.role) conditions.push(hasRole(eb, s.role));
  if (s.banned !== undefined) conditions.push(isFlag(eb, dialect, "banned", s.banned));
  if (s.emailVerified !== undefined) conditions.push(isFlag(eb, dialect, "emailVerified", s.emailVerified));
  return eb.and(conditions);
}

/**
 * The column a page is sorted by. SQLite with a search: `+column` (a no-op on the value) so the plan scans the
 * table once and keeps the best page of matches, rather than walking the createdAt or e-mail index and reading
 * each row it points at until a page of matches is found: among 100,000 users, 15 ms against 40 when the
 * matches are few or far down the index (bench/sections/admin-search.ts). Without a search the index order
 * still gives the first page at once.
 */
function orderOf(dialect: DialectName, s: UserSearch) {
  if (dialect === "postgres") return s.sortBy === "name" ? sql`lower(${sql.ref("name")})` : sql.ref(s.sortBy);
  // With the trigram index's candidates too: they are few, and sorting them beats walking an index for them.
  const scan = Boolean(s.q);
  if (s.sortBy === "name")
    return scan ? sql`(+${sql.ref("name")}) collate nocase` : sql`${sql.ref("name")} collate nocase`;
  return scan ? sql`+${sql.ref(s.sortBy)}` : sql.ref(s.sortBy);
}

/** Above this many candidates a scan of every user is as quick as looking each candidate up (measured: 10,000 took 50 ms). */
export const MAX_TRIGRAM_CANDIDATES = 1_000;

/**
 * SQLite: the ids of the users whose e-mail or name contains `q` by the FTS5 trigram index of migration 014, ignoring
 * case as Unicode folds it, so a superset of what the search's LIKE then matches; undefined where the index cannot
 * narrow the search (fewer than 3 characters, or more than MAX_TRIGRAM_CANDIDATES) and the search scans.
 */
export async function trigramCandidates(db: Kysely<any>, q: string): Promise<string[] | undefined> {
  if ([...q].length < 3) return undefined;
  // One FTS5 phrase, the text as it is: inside double quotes only a double quote is special, doubled.
  const phrase = `"${q.replaceAll('"', '""')}"`;
  const fts = sql.table(USER_SEARCH_TABLE);
  const found = await sql<{ id: string }>`select k.user_id as id from ${fts}
    join ${sql.table(USER_SEARCH_KEY_TABLE)} k on k.key = ${fts}.rowid
    where ${fts} match ${phrase} limit ${MAX_TRIGRAM_CANDIDATES + 1}`.execute(db);
  return found.rows.length > MAX_TRIGRAM_CANDIDATES ? undefined : found.rows.map((r) => r.id);
}

/**
 * The two statements of a search: one page of rows, and the count of every match (for EXPLAIN in tests).
 * `candidates`: on SQLite, the ids the trigram index found (trigramCandidates), to which the search is limited.
 */
export function buildUserSearch(db: Kysely<any>, dialect: DialectName, s: UserSearch, candidates?: readonly string[]) {
  const order = orderOf(dialect, s);
  return {
    rows: db
      .selectFrom("user")
      .select([...COLUMNS])
      .where((eb) => whereOf(eb, dialect, s, candidates))
      .orderBy(order, s.sortDirection)
      .orderBy("id", s.sortDirection)
      .limit(s.pageSize)
      .offset((s.page - 1) * s.pageSize),
    count: db
      .selectFrom("user")
      .select((eb) => eb.fn.countAll().as("total"))
      .where((eb) => whereOf(eb, dialect, s, candidates)),
  };
}

/** One page of users matching the search, and how many match in all. */
export async function searchUsers(db: Kysely<any>, dialect: DialectName, s: UserSearch) {
  const candidates = dialect === "sqlite" && s.q ? await trigramCandidates(db, s.q) : undefined;
  if (candidates?.length === 0) return { users: [], total: 0 };
  const query = buildUserSearch(db, dialect, s, candidates);
  const [rows, counted] = await Promise.all([query.rows.execute(), query.count.executeTakeFirst()]);
  // The page's second factors in two more queries, whatever the page size.
  const mfa = await mfaStatusOf(
    db,
    rows.map((r) => String(r.id)),
  );
  return { users: rows.map((r) => toUserView(r, mfa.get(String(r.id)))), total: Number(counted?.total ?? 0) };
}

const NO_MFA: MfaStatus = { twoFactor: null, passkeys: 0 };

const iso = (v: unknown) => (v == null ? null : new Date(v as string | number | Date).toISOString());

/** One user row, whichever dialect stored it, with their second factors, as the console shows it. */
export function toUserView(row: Record<string, unknown>, mfa: MfaStatus = NO_MFA): AdminUserView {
  return {
    id: String(row.id),
    name: String(row.name ?? ""),
    email: String(row.email),
    emailVerified: Boolean(row.emailVerified),
    image: (row.image as string | null) ?? null,
    role: (row.role as string | null) ?? null,
    banned: Boolean(row.banned),
    banReason: (row.banReason as string | null) ?? null,
    banExpires: iso(row.banExpires),
    createdAt: iso(row.createdAt) ?? "",
    updatedAt: iso(row.updatedAt) ?? "",
    mfa,
  };
}
