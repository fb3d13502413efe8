// Session fast path: the session lookup, a session and its user read by token as the engine reads them. Over 300
// lines: the readers of SQLite, PostgreSQL and Redis and the engine's decoding they share, which must stay alike.
import type { BetterAuthOptions } from "better-auth";
import { getAuthTables } from "better-auth/db";
import type SQLite from "better-sqlite3";
import { batchPerTurn } from "../../db/batch-per-turn.js";
import type { Database } from "../../db/database.js";
import { loadPg } from "../../db/pg.js";
import { revokedSessionsKey, type SessionRecord, sessionReaderFor } from "../../redis.js";

export type Row = Record<string, unknown>;
export interface FoundSession {
  session: Row;
  user: Row;
}

/**
 * A found session with its JSON (what GET /get-session answers), made once per distinct stored
 * record: a session is read on every request but rarely changes. Frozen, because the same objects
 * go to every request that reads the same record.
 */
export class Hit {
  #json: string | undefined;
  readonly found: FoundSession;
  constructor(found: FoundSession) {
    this.found = { session: Object.freeze(found.session), user: Object.freeze(found.user) };
  }
  get json(): string {
    this.#json ??= JSON.stringify(this.found);
    return this.#json;
  }
}

/**
 * Decoded records by token, reused only while the store returns the very same raw values (compared
 * value by value on every read), so nothing here can outlive a change: the store is still read
 * each time; only decoding and encoding are saved. Bounded; a full memo starts over.
 */
function recordMemo(max = 5_000) {
  const memo = new Map<string, { raw: readonly unknown[]; hit: Hit | null }>();
  return {
    /** The remembered answer for exactly these raw values, or undefined. */
    get(token: string, raw: readonly unknown[]): Hit | null | undefined {
      const entry = memo.get(token);
      return entry && sameValues(entry.raw, raw) ? entry.hit : undefined;
    },
    set(token: string, raw: readonly unknown[], found: FoundSession | null): Hit | null {
      const hit = found ? new Hit(found) : null;
      if (max > 0) {
        if (memo.size >= max) memo.clear();
        memo.set(token, { raw, hit });
      }
      return hit;
    },
  };
}

function sameValues(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Thrown when the stored data is not what the engine's own reader expects: the engine must answer. */
export class HandOver extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

export interface Field {
  key: string;
  column: string;
  type: unknown;
  isId: boolean;
  output?: (value: unknown) => unknown;
}

/**
 * Reads a session and its user by token exactly as better-auth 1.7's internal adapter
 * `findSession` does (secondary storage first, then one joined query), but with one prepared
 * statement instead of the adapter's query builder and two round trips.
 */
export function createSessionLookup(options: BetterAuthOptions, database: Database) {
  const tables = getAuthTables(options);
  const sessionTable = tables.session;
  const userTable = tables.user;
  if (!sessionTable || !userTable) throw new Error("engine schema has no session or user table");
  const sessionFields = fieldsOf(sessionTable.fields);
  const userFields = fieldsOf(userTable.fields);
  const hiddenSession = hiddenFields(options, "session");
  const hiddenUser = hiddenFields(options, "user");

  const convert = converterFor(database);

  const q = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const columns = [...sessionFields.map((f) => `s.${q(f.column)}`), ...userFields.map((f) => `u.${q(f.column)}`)].join(
    ", ",
  );
  const userId = q(sessionTable.fields.userId?.fieldName ?? "userId");
  const token = q(sessionTable.fields.token?.fieldName ?? "token");
  const from = `from ${q(sessionTable.modelName)} s left join ${q(userTable.modelName)} u on u."id" = s.${userId}`;
  const text = (param: string) => `select ${columns} ${from} where s.${token} = ${param} limit 1`;
  const batchText = `select ${columns} ${from} where s.${token} = any($1)`;
  const tokenAt = sessionFields.findIndex((f) => f.key === "token");

  const toFound = (values: unknown[]): FoundSession | null => {
    const session: Row = {};
    const user: Row = {};
    sessionFields.forEach((f, i) => {
      session[f.key] = convert(f, values[i]);
    });
    const offset = sessionFields.length;
    userFields.forEach((f, i) => {
      user[f.key] = convert(f, values[offset + i]);
    });
    // A left join without a user: the engine answers "no session".
    if (user.id === null || user.id === undefined) return null;
    return { session: visible(session, hiddenSession), user: visible(user, hiddenUser) };
  };

  // A transform of the engine's schema could depend on more than the stored value: then no memo.
  const transformed = [...sessionFields, ...userFields].some((f) => f.output);
  const memo = transformed ? recordMemo(0) : recordMemo();
  const fromDatabase = makeDatabaseReader(
    database,
    { one: text("?"), many: batchText, tokenAt, remember: !transformed },
    (token, raw, values) => {
      const known = memo.get(token, raw);
      return known !== undefined ? known : memo.set(token, raw, toFound(values()));
    },
  );

  const secondary = options.secondaryStorage;
  const fallBackToDatabase =
    options.session?.storeSessionInDatabase === true && !options.session?.preserveSessionInDatabase;
  // Our Redis storage reads the record and its revocation mark in one round trip.
  const readRecord = sessionReaderFor(secondary);

  /** The stored record read alongside: undefined means "look in the database" (it may keep sessions too). */
  function fromRecord(
    token: string,
    record: { value: unknown; mark?: SessionRecord["mark"] },
  ): Hit | null | undefined | Promise<Hit | null> {
    const raw = record.value;
    if (!raw) return fallBackToDatabase ? undefined : null;
    // Only text records with their mark read alongside can be compared cheaply; see recordMemo.
    const read = record.mark;
    const key = typeof raw === "string" && read ? [raw, read.userId, read.value] : undefined;
    const known = key && memo.get(token, key);
    if (known !== undefined) return known;
    const stored = typeof raw === "string" ? parseEngineJSON(raw) : reviveDates(raw);
    if (!stored) return null;
    const s = stored.session;
    const u = stored.user;
    if (!isObject(s) || !isObject(u)) throw new HandOver("unexpected session record in secondary storage");
    // Bulk revocation (revoke-sessions, ban) leaves a cut-off time rather than finding every token.
    if (key && read && read.userId === s.userId) return memo.set(token, key, decodeRecord(s, u, read.value));
    return Promise.resolve(secondary?.get(revokedSessionsKey(String(s.userId)))).then((mark) => {
      const found = decodeRecord(s, u, mark);
      return found ? new Hit(found) : null;
    });
  }

  function decodeRecord(s: Row, u: Row, mark: unknown): FoundSession | null {
    const revokedBefore = Number(mark);
    if (new Date(s.createdAt as string).getTime() < revokedBefore) return null;
    return {
      session: visible(
        {
          ...s,
          expiresAt: new Date(s.expiresAt as string),
          createdAt: new Date(s.createdAt as string),
          updatedAt: new Date(s.updatedAt as string),
        },
        hiddenSession,
      ),
      user: visible(
        { ...u, createdAt: new Date(u.createdAt as string), updatedAt: new Date(u.updatedAt as string) },
        hiddenUser,
      ),
    };
  }

  return {
    /**
     * The session and user for a token (and its JSON), or null when the engine would find none.
     * Synchronous on SQLite without Redis: every await costs a little on the hottest path there is.
     */
    find(token: string): Hit | null | Promise<Hit | null> {
      if (!secondary) return fromDatabase(token);
      // One promise for the read and one for the answer: each costs on the hottest path there is.
      const record = readRecord
        ? readRecord(token)
        : Promise.resolve(secondary.get(token)).then((value) => ({ value }));
      return record.then((r) => {
        const cached = fromRecord(token, r);
        return cached !== undefined ? cached : fromDatabase(token);
      });
    },
  };
}

function makeDatabaseReader(
  database: Database,
  sql: { one: string; many: string; tokenAt: number; remember: boolean },
  decode: (token: string, raw: readonly unknown[], values: () => unknown[]) => Hit | null,
): (token: string) => Hit | null | Promise<Hit | null> {
  if (database.sqliteReader) {
    // On a connection of its own that never writes: its data_version changes with every commit
    // by anyone (this process, the admin CLI, a restore), and only then.
    const reader = database.sqliteReader();
    const statement = reader.prepare(sql.one).raw(true);
    const query = (token: string) => {
      const values = statement.get(token) as unknown[] | undefined;
      return values ? decode(token, values, () => values) : null;
    };
    return sql.remember ? unchangedSinceRead(reader, query) : query;
  }
  const query = database.lookupQuery;
  if (!query) throw new Error("no database handle for the session fast path");
  // Look-ups that arrive in the same turn of the event loop share one query (batch-per-turn.ts). The
  // query is named, so each connection parses and plans it once.
  return batchPerTurn(async (tokens) => {
    const result = await query({
      name: "tessera_fast_sessions",
      text: sql.many,
      values: [tokens],
      rowMode: "array",
      // Text as it arrives, so an unchanged row is recognised before pg's parsers make new Dates.
      types: RAW_TEXT,
    });
    const parsers = result.fields.map((f) => loadPg().types.getTypeParser(f.dataTypeID, "text"));
    const rows = new Map((result.rows as (string | null)[][]).map((row) => [row[sql.tokenAt], row]));
    return (token) => {
      const row = rows.get(token);
      return row ? decode(token, row, () => row.map((v, i) => (v === null ? null : parsers[i]?.(v)))) : null;
    };
  });
}

/**
 * Answers read since the last commit to the database, whoever made it, are answered again without
 * the query: nothing they came from can have changed. `pragma data_version` costs a fraction of the
 * joined lookup. It is read before the query, so a commit landing between the two makes the next
 * read query again rather than trust a state older than the one it labels. Bounded; a full map starts over.
 */
export function unchangedSinceRead(
  reader: SQLite.Database,
  query: (token: string) => Hit | null,
  max = 5_000,
): (token: string) => Hit | null {
  const dataVersion = reader.prepare("pragma data_version").pluck();
  let version: unknown;
  const answers = new Map<string, Hit | null>();
  return (token) => {
    const now = dataVersion.get();
    if (now !== version) {
      version = now;
      answers.clear();
    }
    const known = answers.get(token);
    if (known !== undefined) return known;
    const hit = query(token);
    if (answers.size >= max) answers.clear();
    answers.set(token, hit);
    return hit;
  };
}

/**
 * The adapter's output conversion of one stored value (@better-auth/kysely-adapter: SQLite keeps
 * dates as text and booleans as 0/1; PostgreSQL returns both natively and JSON parsed).
 */
export function converterFor(database: Pick<Database, "dialect">): (field: Field, value: unknown) => unknown {
  const postgres = database.dialect === "postgres";
  return (field, value) => {
    let v = field.output ? field.output(value) : value;
    if (field.isId) return v === undefined || v === null ? v : String(v);
    if (typeof v === "string") {
      if (field.type === "json" && !postgres) v = parseEngineJSON(v);
      else if (field.type === "string[]" || field.type === "number[]") v = parseEngineJSON(v);
      else if (field.type === "date" && !postgres) v = new Date(v);
    } else if (typeof v === "number" && field.type === "boolean" && !postgres) v = v === 1;
    return v;
  };
}

const RAW_TEXT = { getTypeParser: () => (value: string) => value };

export function fieldsOf(fields: Record<string, any>): Field[] {
  const list: Field[] = Object.entries(fields).map(([key, f]) => ({
    key,
    column: f.fieldName ?? key,
    type: f.type,
    isId: f.references?.field === "id",
    output: f.transform?.output,
  }));
  // The adapter adds the id after the schema's fields.
  if (!fields.id) list.push({ key: "id", column: "id", type: "string", isId: true });
  for (const f of list) {
    if (f.output && f.output.constructor.name === "AsyncFunction") {
      throw new Error(`field ${f.key} has an async output transform; the fast path cannot mirror it`);
    }
  }
  return list;
}

/** Fields marked `returned: false` in the engine's schema, plugins and additional fields included. */
function hiddenFields(options: BetterAuthOptions, model: string): Set<string> {
  const schema: Record<string, { returned?: boolean }> = {
    ...(getAuthTables(options)[model]?.fields ?? {}),
    ...((
      (options as Record<string, unknown>)[model] as
        | { additionalFields?: Record<string, { returned?: boolean }> }
        | undefined
    )?.additionalFields ?? {}),
  };
  for (const plugin of options.plugins ?? []) {
    Object.assign(schema, (plugin.schema as Record<string, { fields?: object }> | undefined)?.[model]?.fields ?? {});
  }
  return new Set(
    Object.entries(schema)
      .filter(([, f]) => f.returned === false)
      .map(([k]) => k),
  );
}

function visible(row: Row, hidden: Set<string>): Row {
  if (!hidden.size) return row;
  const out: Row = {};
  for (const key of Object.keys(row)) if (!hidden.has(key)) out[key] = row[key];
  return out;
}

const isObject = (v: unknown): v is Row => typeof v === "object" && v !== null;

// The engine's safeJSONParse: every string that looks like an ISO instant becomes a Date.
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/;

function reviveDate(value: unknown): unknown {
  // Cheap test first: most strings are not instants (position 4 is "-" and 10 is "T" in one).
  if (
    typeof value === "string" &&
    value.length >= 20 &&
    value.charCodeAt(10) === 84 &&
    value.charCodeAt(4) === 45 &&
    ISO_INSTANT.test(value)
  ) {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime())) return date;
  }
  return value;
}

function reviveDates(value: unknown): any {
  if (value === null || value === undefined) return value;
  if (typeof value === "string") return reviveDate(value);
  if (value instanceof Date) return value;
  if (Array.isArray(value)) return value.map(reviveDates);
  if (typeof value === "object") {
    const out: Row = {};
    for (const key of Object.keys(value)) out[key] = reviveDates((value as Row)[key]);
    return out;
  }
  return value;
}

/** reviveDates in place, for a value fresh from JSON.parse (so no Dates, cycles or prototypes). */
function reviveParsed(value: unknown): unknown {
  if (typeof value === "string") return reviveDate(value);
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = reviveParsed(value[i]);
    return value;
  }
  const record = value as Row;
  // JSON.parse makes "__proto__" an own data property, so assigning to it sets data, not the prototype.
  for (const key of Object.keys(record)) record[key] = reviveParsed(record[key]);
  return record;
}

/**
 * JSON as the engine reads it back from storage (its safeJSONParse: every string that looks like
 * an ISO instant becomes a Date); null when it does not parse. A reviver callback per value costs
 * several times a plain parse, so the dates are revived in one walk afterwards.
 */
export function parseEngineJSON(text: string): any {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  return reviveParsed(parsed);
}
