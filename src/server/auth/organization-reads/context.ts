import type { BetterAuthOptions } from "better-auth";
import { getAuthTables } from "better-auth/db";
import type SQLite from "better-sqlite3";
import type { Database } from "../../db/database.js";
import { converterFor, type Row } from "../fast-path/session-lookup.js";
import type { OrganizationPluginOptions } from "./blockers.js";
import { type Model, modelOf } from "./models.js";

/**
 * What every read works with: the engine's settings that shape an answer, its tables as models, and
 * how statements run (the engine's findMany among them).
 */
export function readContext(options: BetterAuthOptions, org: OrganizationPluginOptions, database: Database) {
  const findManyLimit = options.advanced?.database?.defaultFindManyLimit ?? 100;
  const membershipLimit = (typeof org.membershipLimit === "number" ? org.membershipLimit : 100) || 100;
  const creatorRole = org.creatorRole || "owner";
  const includeTeams = Boolean(org.teams?.enabled);

  // Reads on SQLite go to the read-only connection (never an engine transaction's uncommitted rows),
  // through prepared statements; on PostgreSQL to the app's pool (custom plans, as the engine's queries get).
  const exec = executor(database);
  const tables = getAuthTables(options);
  const convert = converterFor(database);
  const postgres = database.dialect === "postgres";
  /** `column in (the values)`: one parameter whatever the number of values. */
  const inList = (column: string, at: number) =>
    postgres ? `${column} = any($${at})` : `${column} in (select value from json_each(?))`;
  const listParam = (values: string[]) => (postgres ? values : JSON.stringify(values));
  const model = (name: string) => modelOf(tables, convert, org.schema, name);
  const member = model("member");
  const organization = model("organization");
  const user = model("user");
  const invitation = model("invitation");
  const team = tables.team ? model("team") : undefined;
  const role = tables.organizationRole ? model("organizationRole") : undefined;

  /**
   * The adapter's findMany, as the very SQL it sends (compiled here by the same Kysely):
   * `select "primary".* from (select * from T where "key" = ? limit ? [offset ?]) as "primary"`.
   * No order is set there, so only the same statement gives the same order.
   */
  const findManyStatement = (m: Model, key: string, withOffset: boolean) => {
    const compiled = database.db
      .selectFrom((eb: any) => {
        let b = eb.selectFrom(m.name).limit(2_000_000_001);
        if (withOffset) b = b.offset(2_000_000_002);
        b = b.where((w: any) => w.and([w(m.column(key), "=", "tessera-where-value")]));
        return b.selectAll().as("primary");
      })
      .selectAll("primary")
      .compile();
    const expected = ["tessera-where-value", 2_000_000_001, ...(withOffset ? [2_000_000_002] : [])];
    if (JSON.stringify(compiled.parameters) !== JSON.stringify(expected)) {
      throw new Error(`unexpected parameters in the engine's findMany on ${m.name}`);
    }
    return compiled.sql;
  };
  const statements = new Map<string, string>();
  const findMany = (m: Model, key: string, value: string, limit: number, offset?: number) => {
    const id = `${m.name}\n${key}\n${offset !== undefined}`;
    let text = statements.get(id);
    if (!text) {
      text = findManyStatement(m, key, offset !== undefined);
      statements.set(id, text);
    }
    return exec(text, offset !== undefined ? [value, limit, offset] : [value, limit]);
  };
  /**
   * Whether a list the engine cut (a limit reached, an offset) must go to the engine: on PostgreSQL
   * the engine's statement sets no order and its plan, and so which rows make the page, can change
   * from one call to the next (the differential test saw the engine's own first member change). A
   * whole list has the same rows whatever the plan. SQLite plans a statement the same way until
   * its statistics change (a commit, which answersWhileUnchanged's reuse notices), so it keeps the
   * engine's page.
   */
  const cut = (returned: number, limit: number, offset = 0) => postgres && (offset > 0 || returned >= limit);
  const p = (i: number) => (postgres ? `$${i}` : "?");
  return {
    database,
    org,
    findManyLimit,
    membershipLimit,
    creatorRole,
    includeTeams,
    exec,
    tables,
    postgres,
    inList,
    listParam,
    member,
    organization,
    user,
    invitation,
    team,
    role,
    findMany,
    cut,
    p,
  };
}
export type ReadContext = ReturnType<typeof readContext>;

/**
 * Runs a statement with positional parameters and gives its rows as objects by column name. On
 * PostgreSQL a `name` makes it a prepared statement (parsed once per connection): only for statements
 * whose row order does not matter, since a prepared statement may get a generic plan, and the
 * engine's own findMany statements must be planned as the engine's are.
 */
function executor(database: Database): (sql: string, params: unknown[], name?: string) => Promise<Row[]> {
  if (database.sqliteReader) {
    const reader = database.sqliteReader();
    const prepared = new Map<string, SQLite.Statement>();
    return async (sql, params) => {
      let statement = prepared.get(sql);
      if (!statement) {
        statement = reader.prepare(sql);
        prepared.set(sql, statement);
      }
      return statement.all(...params) as Row[];
    };
  }
  const pool = database.pool;
  if (!pool) throw new Error("no database handle for the organization reads");
  return async (sql, params, name) =>
    (await (name ? pool.query({ name, text: sql, values: params }) : pool.query(sql, params))).rows as Row[];
}
