import type { BetterAuthOptions, BetterAuthPlugin } from "better-auth";
import { getAuthTables } from "better-auth/db";
import type SQLite from "better-sqlite3";
import type { Database } from "../db/database.js";
import type { Logger } from "../logger.js";
import type { Auth } from "./auth.js";
import { OWN_PATHS_ONLY } from "./fast-path/eligibility.js";
import { converterFor, type Field, fieldsOf, type Row } from "./fast-path/session-lookup.js";
import type { MfaStatus } from "./mfa-status.js";
import type { SessionFastPath } from "./session-fast-path.js";

type AuthContext = Awaited<Auth["$context"]>;

/** The organization reads the web app makes, answered here when the answer is provably the engine's. */
export const ORGANIZATION_READ_PATHS = [
  "/organization/list",
  "/organization/list-members",
  "/organization/list-invitations",
  "/organization/list-teams",
  "/organization/get-full-organization",
] as const;
export type OrganizationReadPath = (typeof ORGANIZATION_READ_PATHS)[number];

/**
 * Our plugins that hook these reads, and what the fast path does about each. The differential tests
 * run the engine with all of them, so a change to one that the fast path does not follow fails there.
 * Any other plugin hook on one of these paths turns that path's fast answer off.
 */
const KNOWN_HOOKS: Record<string, string> = {
  // auth/organization-mfa-policy.ts: its refusal is handed to the engine; members get the same mfaStatusOf.
  "tessera-organization-mfa-policy": "mirrored",
  // auth/organization-rules.ts: organization metadata is answered as a record, as its after hook does.
  "tessera-organization-rules": "mirrored",
  // auth/list-query-rules.ts: refuses bad list parameters; the fast path takes only whole-number limit and offset.
  "tessera-list-query-rules": "refuses only",
  // auth/error-bodies.ts, redirect-url-rules.ts, redirect-url-encoding.ts: refusals and URL fields only.
  "tessera-error-bodies": "refuses only",
  "tessera-redirect-url-rules": "refuses only",
  "tessera-redirect-url-encoding": "refuses only",
};

/** Query parameters each read takes on the fast path; any other (or any odd spelling) goes to the engine. */
const PARAMETERS: Record<OrganizationReadPath, readonly string[]> = {
  "/organization/list": [],
  "/organization/list-members": ["organizationId", "limit", "offset"],
  "/organization/list-invitations": ["organizationId"],
  "/organization/list-teams": ["organizationId"],
  "/organization/get-full-organization": ["organizationId", "organizationSlug", "membersLimit"],
};
const ID = /^[A-Za-z0-9_-]{1,200}$/;
const WHOLE_NUMBER = /^\d{1,9}$/;

/** GET /api/organizations takes `limit` (1–100, 50 unless given) and `offset` (0 unless given), as whole numbers. */
export const ORGANIZATIONS_PAGE_LIMIT = 100;
export function organizationsPageQuery(
  params: URLSearchParams,
): { limit: number; offset: number } | { message: string } {
  for (const name of params.keys()) {
    if (name !== "limit" && name !== "offset") return { message: `${name} is not a parameter of this list` };
    if (params.getAll(name).length > 1) return { message: `${name} is given more than once` };
  }
  const whole = (name: string, fallback: number) => {
    const value = params.get(name);
    return value === null ? fallback : WHOLE_NUMBER.test(value) ? Number(value) : Number.NaN;
  };
  const limit = whole("limit", 50);
  const offset = whole("offset", 0);
  if (!(limit >= 1 && limit <= ORGANIZATIONS_PAGE_LIMIT))
    return { message: `limit must be a whole number from 1 to ${ORGANIZATIONS_PAGE_LIMIT}` };
  if (Number.isNaN(offset)) return { message: "offset must be a whole number of 0 or more" };
  return { limit, offset };
}

/** What the engine answers to these reads: 200 with this JSON body. */
export interface ReadAnswer {
  kind: "answer";
  body: string;
}
type Engine = { kind: "engine"; reason: string };
const engine = (reason: string): Engine => ({ kind: "engine", reason });

/** The engine's headers on these answers (ctx.json). */
export const READ_HEADERS: Readonly<Record<string, string>> = { "content-type": "application/json" };

export interface OrganizationReadsDeps {
  auth: Auth;
  database: Database;
  sessions: SessionFastPath;
  /** SESSION_FAST_PATH; off sends every read to the engine. */
  enabled?: boolean;
  logger?: Logger;
}

/**
 * GET /organization/list, list-members, list-invitations and list-teams without the engine's router,
 * hooks and adapter: the session is the session fast path's, the rows are read with the very queries
 * the engine's adapter sends (same SQL, so the same order where the engine sets none), and the answer
 * is built as the engine and our hooks build it. Whenever the engine would refuse, write, or might
 * answer differently (no session, no or another organization, not a member, the MFA policy, a
 * permission, any other query parameter), the engine answers instead.
 * See docs/decisions/014-organization-reads.md; tests/integration/organization-reads-differential.test.ts proves it.
 */
export function createOrganizationReads({ auth, database, sessions, enabled = true, logger }: OrganizationReadsDeps) {
  let state: Promise<Prepared> | undefined;
  const ready = () => {
    state ??= Promise.all([auth.$context, sessions.blocked()]).then(([ctx, blocked]) => {
      const p = prepare(ctx, database, enabled ? blocked.lookup : "SESSION_FAST_PATH=false");
      const off = Object.entries(p.blocked).filter(([, reason]) => reason);
      if (enabled && off.length)
        logger?.warn({ blocked: Object.fromEntries(off) }, "organization read fast path is off");
      return p;
    });
    return state;
  };

  /**
   * The fast path's answer to GET <path>?<search> with this Cookie header, or why the engine must answer.
   * `path` is the engine's path (without /api/auth), `search` the query string without "?" ("" for none).
   */
  async function answer(path: string, search: string, cookieHeader: string | null): Promise<ReadAnswer | Engine> {
    const p = await ready();
    if (!isReadPath(path)) return engine("not an organization read");
    const blocked = p.blocked[path];
    if (blocked) return engine(blocked);
    const query = parseQuery(search, PARAMETERS[path]);
    if (!query) return engine("query string");
    const read = await sessions.readSession(cookieHeader);
    if (read.kind !== "found") return engine(read.kind === "engine" ? read.reason : "no session");
    const { session, user } = read.hit.found;
    try {
      const caller = { token: String(session.token), userId: String(user.id), session };
      if (!p.reuse) return await p.answer(path, query, caller);
      // SQLite: an answer made since the last commit to the database is given again (see answersWhileUnchanged).
      const key = `${caller.token}\n${path}?${search}`;
      const known = p.reuse.get(key);
      if (known) return known;
      const readAt = p.reuse.version();
      const made = await p.answer(path, query, caller);
      if (made.kind === "answer") p.reuse.set(key, made, readAt);
      return made;
    } catch (error) {
      logger?.warn({ err: error, path }, "organization read fast path failed; the engine answers");
      return engine("failed");
    }
  }

  return {
    answer,
    /**
     * GET /api/organizations: a page of the user's organizations by name, and how many there are, as
     * JSON text. On SQLite a page is given again while nothing has been committed (as the reads above).
     */
    async organizationsPage(userId: string, limit: number, offset: number): Promise<string> {
      const p = await ready();
      const make = async () => JSON.stringify(await p.organizationsPage(userId, limit, offset));
      if (!p.reuse) return make();
      const key = `/api/organizations\n${userId}\n${limit}\n${offset}`;
      const known = p.reuse.get(key);
      if (known) return known.body;
      const readAt = p.reuse.version();
      const body = await make();
      p.reuse.set(key, { kind: "answer", body }, readAt);
      return body;
    },
    /** Why each read is not answered here, if it is not. */
    async blocked(): Promise<Record<OrganizationReadPath, string | null>> {
      return (await ready()).blocked;
    },
  };
}

export type OrganizationReads = ReturnType<typeof createOrganizationReads>;

export const isReadPath = (path: string): path is OrganizationReadPath =>
  (ORGANIZATION_READ_PATHS as readonly string[]).includes(path);

/** The query as a record when every parameter is allowed, given once and spelled plainly; else null. */
function parseQuery(search: string, allowed: readonly string[]): Record<string, string> | null {
  const query: Record<string, string> = {};
  if (search === "") return query;
  for (const pair of search.split("&")) {
    const eq = pair.indexOf("=");
    if (eq < 1) return null;
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    if (!allowed.includes(name) || name in query) return null;
    if (!(name === "organizationId" || name === "organizationSlug" ? ID : WHOLE_NUMBER).test(value)) return null;
    query[name] = value;
  }
  return query;
}

interface Caller {
  token: string;
  userId: string;
  session: Row;
}

type Prepared = ReturnType<typeof prepare>;
/** A key and its SQL value; "raw" when the value is JSON text already (see jsonText). */
type JsonPair = [key: string, value: string, raw?: "raw"];

interface OrganizationPluginOptions {
  roles?: Record<string, { authorize(request: Record<string, string[]>): { success: boolean } }>;
  ac?: {
    newRole(statements: Record<string, string[]>): { authorize(r: Record<string, string[]>): { success: boolean } };
  };
  creatorRole?: string;
  membershipLimit?: number;
  dynamicAccessControl?: { enabled?: boolean };
  teams?: { enabled?: boolean };
  schema?: Record<string, { additionalFields?: Record<string, unknown> } | undefined>;
}

/** The engine's parseRoleList: comma-separated roles, trimmed, empty ones dropped. */
export function parseRoleList(roles: unknown): string[] {
  return (Array.isArray(roles) ? roles : [roles])
    .flatMap((role) => String(role).split(","))
    .map((role) => role.trim())
    .filter(Boolean);
}

function prepare(ctx: AuthContext, database: Database, sessionBlocked: string | null) {
  const options = ctx.options as BetterAuthOptions;
  const plugin = (options.plugins ?? []).find((p) => p.id === "organization") as
    | (BetterAuthPlugin & { options?: OrganizationPluginOptions })
    | undefined;
  const blocked = Object.fromEntries(
    ORGANIZATION_READ_PATHS.map((path) => [path, sessionBlocked ?? blocker(ctx, path, plugin)]),
  ) as Record<OrganizationReadPath, string | null>;
  const org = plugin?.options ?? {};
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
  const qi = (name: string) => `"${name.replace(/"/g, '""')}"`;
  /** `column in (the values)`: one parameter whatever the number of values. */
  const inList = (column: string, at: number) =>
    postgres ? `${column} = any($${at})` : `${column} in (select value from json_each(?))`;
  const listParam = (values: string[]) => (postgres ? values : JSON.stringify(values));
  const model = (name: string) => {
    const table = tables[name];
    if (!table) throw new Error(`engine schema has no ${name} table`);
    const fields = fieldsOf(table.fields);
    // The organization adapter's filterOutputFields: only the plugin's additional fields marked `returned: false`.
    const additional = (org.schema?.[name]?.additionalFields ?? {}) as Record<string, { returned?: boolean }>;
    const hidden = Object.keys(additional).filter((key) => additional[key]?.returned === false);
    const column = (key: string) => (table.fields[key]?.fieldName as string | undefined) ?? key;
    return {
      name: table.modelName,
      table: qi(table.modelName),
      column,
      col: (key: string) => qi(column(key)),
      /** A row as the adapter's transformOutput gives it. */
      decode(row: Row): Row {
        const out: Row = {};
        for (const f of fields as Field[]) out[f.key] = convert(f, row[f.column]);
        return out;
      },
      /**
       * PostgreSQL: the SQL of `json_build_object` giving, once parsed, what `filtered(decode(row))`
       * gives once through JSON.stringify (fields in the same order, dates as Date#toJSON writes
       * them, `leave` left out; `filtered: false` for `decode(row)`), or null when a field's output
       * is not plain SQL (a transform, a list).
       */
      jsonObject(alias: string, options: { leave?: string[]; filtered?: boolean } = {}): string | null {
        const pairs = this.jsonColumns(alias, options);
        return pairs && pairs.length <= 50
          ? `json_build_object(${pairs.map(([key, value]) => `'${key.replace(/'/g, "''")}', ${value}`).join(", ")})`
          : null;
      },
      /**
       * The (key, SQL value) pairs of `jsonObject`, in its order. `text: true` gives them for
       * `jsonText`: dates then are their JSON text already ("raw"), written by to_json with the
       * time cut to the millisecond and 100 µs added, so that it always has four digits of
       * fraction, of which the last is dropped: what to_char(…, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
       * writes (quoted) at about half its cost in the database.
       */
      jsonColumns(
        alias: string,
        { leave = [], filtered = true, text = false }: { leave?: string[]; filtered?: boolean; text?: boolean } = {},
      ) {
        const pairs: JsonPair[] = [];
        for (const f of fields as Field[]) {
          if ((filtered && hidden.includes(f.key)) || leave.includes(f.key)) continue;
          if (f.output || f.type === "string[]" || f.type === "number[]") return null;
          const c = `${alias}.${qi(f.column)}`;
          if (f.type === "date" && text) {
            const json = `to_json(date_trunc('milliseconds', ${c} at time zone 'UTC') + interval '100 microseconds')::text`;
            pairs.push([f.key, `coalesce(left(${json}, 24) || 'Z"', 'null')`, "raw"]);
            continue;
          }
          const value =
            f.type === "date"
              ? `to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
              : f.isId
                ? `${c}::text`
                : c;
          pairs.push([f.key, value]);
        }
        return pairs;
      },
      /** The row less the fields filterOutputFields drops. */
      filtered(row: Row): Row {
        if (!hidden.length) return row;
        const out = { ...row };
        for (const key of hidden) delete out[key];
        return out;
      },
    };
  };
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
  const findManyStatement = (m: ReturnType<typeof model>, key: string, withOffset: boolean) => {
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
  const findMany = (m: ReturnType<typeof model>, key: string, value: string, limit: number, offset?: number) => {
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
   * its statistics change (a commit, which the reuse above notices), so it keeps the engine's page.
   */
  const cut = (returned: number, limit: number, offset = 0) => postgres && (offset > 0 || returned >= limit);
  const p = (i: number) => (postgres ? `$${i}` : "?");
  const requireMfa = tables.organization?.fields.requireMfa ? organization.col("requireMfa") : "null";
  const twoFactorEnabled = tables.user?.fields.twoFactorEnabled ? user.col("twoFactorEnabled") : "null";
  const membershipSQL = `select m.*, (select ${requireMfa} from ${organization.table} where "id" = ${p(1)}) as "tessera_requireMfa", (select ${twoFactorEnabled} from ${user.table} where "id" = ${p(2)}) as "tessera_twoFactorEnabled" from ${member.table} m where m.${member.col("userId")} = ${p(3)} and m.${member.col("organizationId")} = ${p(4)} limit 2`;
  const countSQL = `select count("id") as "count" from ${member.table} where ${member.col("organizationId")} = ${p(1)}`;
  // The members' users with what auth/mfa-status.ts's mfaStatusOf reads (the twoFactor and passkey
  // tables by these names), in one statement.
  const userColumns = ["id", "name", "email", "image", "twoFactorEnabled"].filter(
    (k) => k === "id" || tables.user?.fields[k],
  );
  const usersSQL =
    tables.twoFactor && tables.passkey
      ? `select ${userColumns.map((k) => `u.${user.col(k)}`).join(", ")}, (select count(*) from "twoFactor" t where t."userId" = u."id") as "tessera_factors", (select t."verified" from "twoFactor" t where t."userId" = u."id" limit 1) as "tessera_verified", (select count(*) from "passkey" k where k."userId" = u."id") as "tessera_passkeys" from ${user.table} u where ${inList('u."id"', 1)}`
      : undefined;
  const organizationsSQL = `select * from ${organization.table} where ${inList('"id"', 1)}`;
  /**
   * PostgreSQL: each read is one named statement, one round trip after the session's on one pool
   * connection, parsed once per connection. It gives one row: the caller's membership and the MFA
   * policy's two columns, and the list the engine's statement would give (the same `where`, its
   * limit and one row more, so that a cut list shows) with its length, written by the database as
   * JSON text (see `jsonText`), so that no row is parsed field by field here nor written again (for
   * 100 members that was most of the request's CPU). The engine's order is not kept, as it sets
   * none (see `cut`): these answer whole lists only. Null (the engine answers) when a field's output
   * is not plain SQL.
   */
  const callerColumns = `(select count(*) from ${member.table} where ${member.col("userId")} = $1 and ${member.col("organizationId")} = $2) as "tessera_rows", (select ${member.col("role")} from ${member.table} where ${member.col("userId")} = $1 and ${member.col("organizationId")} = $2 limit 1) as "tessera_role", ${policyColumns(`${organization.table} where "id" = $2`)}`;
  /** The MFA policy's two columns: the organization's requireMfa (read from `source`) and the caller's ($1) twoFactorEnabled. */
  function policyColumns(source: string) {
    return `(select ${requireMfa} from ${source}) as "tessera_requireMfa", (select ${twoFactorEnabled} from ${user.table} where "id" = $1) as "tessera_twoFactorEnabled"`;
  }
  const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
  /**
   * SQL writing these (key, SQL value) pairs as one JSON object's text, as JSON.stringify writes it:
   * the keys in this order, no spaces, each value through to_json (text escaped as JSON.stringify
   * escapes it: `"`, `\`, \b \f \n \r \t and other control characters as \u00xx; numbers and
   * booleans as written; dates arrive as to_char text) and null as `null`. `raw` values are JSON
   * text already (a nested object, a number). Concatenated text costs the database about a third
   * less than nested row_to_json subqueries (one subplan a member each), and writes the same text.
   */
  const jsonText = (pairs: JsonPair[]) => {
    const parts: string[] = [];
    let pending = "{";
    for (const [i, [key, value, raw]] of pairs.entries()) {
      pending += `${i ? "," : ""}${JSON.stringify(key)}:`;
      parts.push(literal(pending), raw ? value : `coalesce(to_json(${value})::text, 'null')`);
      pending = "";
    }
    parts.push(literal(`${pending}}`));
    return `(${parts.join(" || ")})`;
  };
  /**
   * A list of `m` by organization ($2), at most `limit` rows (the engine's statement's `where` and
   * limit), as `tessera_<alias>_count` and `tessera_<alias>_text` (its objects' JSON text, comma
   * separated, null for none), and how many rows may name the creator role (whose invitations
   * non-creators do not see).
   */
  const listText = (m: ReturnType<typeof model>, alias: string, pairs: JsonPair[], limit: string) =>
    `(select count(*) as "tessera_${alias}_count", ${
      m === invitation
        ? `count(*) filter (where ${alias}.${invitation.col("role")} is null or strpos(${alias}.${invitation.col("role")}, ${literal(creatorRole)}) > 0) as "tessera_${alias}_creator", `
        : ""
    }string_agg(${jsonText(pairs)}, ',') as "tessera_${alias}_text" from (select * from ${m.table} where ${m.col("organizationId")} = $2 limit ${limit}) ${alias}) as ${alias}`;
  /**
   * The members of $2 (at most `limit` rows) as JSON text, with each member's user and mfa
   * (auth/mfa-status.ts's mfaStatusOf: one probe of the two-step rows, one of the passkeys), and
   * beside it the caller's ($1) membership among them (`tessera_rows`, `tessera_role`: exact when
   * the list is whole, and a cut list goes to the engine) and the checks that hand the read over:
   * a member without a user, a user with two two-step rows.
   */
  const memberColumns = member.jsonColumns("m", { filtered: false, text: true });
  const membersAggregate = (columns: JsonPair[], limit: string) => {
    const mfa = jsonText([
      [
        "twoFactor",
        `case when u.${user.col("twoFactorEnabled")} is true then case when f.factors = 1 and f.verified then '"totp"' else '"otp"' end else 'null' end`,
        "raw",
      ],
      ["passkeys", "k.passkeys::text", "raw"],
    ]);
    const userText = jsonText([
      ["id", `u."id"::text`],
      ...["name", "email", "image"].map((k): [string, string] => [k, `u.${user.col(k)}`]),
    ]);
    const memberText = jsonText([...columns, ["user", userText, "raw"], ["mfa", mfa, "raw"]]);
    const caller = `m.${member.col("userId")} = $1`;
    return `(select count(*) as "tessera_count", count(*) filter (where ${caller}) as "tessera_rows", max(m.${member.col("role")}) filter (where ${caller}) as "tessera_role", count(*) filter (where u."id" is null) as "tessera_orphans", max(f.factors) as "tessera_max_factors", string_agg(${memberText}, ',') as "tessera_text" from (select * from ${member.table} where ${member.col("organizationId")} = $2 limit ${limit}) m left join ${user.table} u on u."id" = m.${member.col("userId")} left join lateral (select count(*) as factors, bool_and(t."verified" is distinct from false) as verified from "twoFactor" t where t."userId" = u."id") f on true left join lateral (select count(*) as passkeys from "passkey" k where k."userId" = u."id") k on true)`;
  };
  const membersWritable = (columns: JsonPair[] | null): columns is JsonPair[] =>
    Boolean(usersSQL && columns && !columns.some(([key]) => key === "user" || key === "mfa"));
  const pgMembersSQL = membersWritable(memberColumns)
    ? `select ${policyColumns(`${organization.table} where "id" = $2`)}, agg.* from ${membersAggregate(memberColumns, "$3 + 1")} as agg`
    : null;
  const teamColumns = team?.jsonColumns("t", { leave: ["memberCount"], text: true });
  const pgTeamsSQL =
    team && teamColumns ? `select ${callerColumns}, t.* from ${listText(team, "t", teamColumns, "$3 + 1")}` : null;
  const customRoles =
    role && org.dynamicAccessControl?.enabled && org.ac
      ? `, (select json_agg(json_build_array(r.${role.col("role")}, r.${role.col("permission")})) from ${role.table} r where r.${role.col("organizationId")} = $2) as "tessera_custom_roles", (select count(*) from ${role.table} r where r.${role.col("organizationId")} = $2) as "tessera_custom_count"`
      : "";
  const invitationColumns = invitation.jsonColumns("i", { filtered: false, text: true });
  // The custom roles are read even when there is no invitation: they decide whether the caller may list.
  const pgInvitationsSQL = invitationColumns
    ? `select ${callerColumns}${customRoles}, i.* from ${listText(invitation, "i", invitationColumns, "$3 + 1")}`
    : null;
  const organizationJSON = organization.jsonObject("o");
  const pgOrganizationsSQL = organizationJSON
    ? `select (select count(*) from ${member.table} where ${member.col("userId")} = $1) as "tessera_total", (select json_agg(case when o."id" is null then null else ${organizationJSON} end) from (select * from ${member.table} where ${member.col("userId")} = $1 limit $2) m left join ${organization.table} o on o."id" = m.${member.col("organizationId")}) as "tessera_list"`
    : null;
  /**
   * get-full-organization in one statement: the organization by id or slug ($2, unique) as `o`, and
   * beside it what the reads above give for its id: the MFA policy, its members' JSON text (at most
   * $3 and one more, the filtered member fields as the engine's join gives them) with the caller's
   * ($1) membership among them, its invitations and teams as JSON text (at most $4 each, teams with
   * memberCount: the join keeps it) with their lengths, and its custom roles.
   */
  const fullMemberColumns = member.jsonColumns("m", { text: true });
  const fullInvitationColumns = invitation.jsonColumns("i", { text: true });
  const fullTeamColumns = team?.jsonColumns("t", { text: true });
  const pgFullSQL = (by: string) => {
    if (!organizationJSON || !fullInvitationColumns || !membersWritable(fullMemberColumns)) return null;
    if (includeTeams && !(team && fullTeamColumns)) return null;
    const id = `(select "id" from o)`;
    const lists = [
      listText(invitation, "i", fullInvitationColumns, "$4"),
      ...(includeTeams && team && fullTeamColumns ? [listText(team, "t", fullTeamColumns, "$4")] : []),
    ];
    // The organization's id stands for $2 of the reads above; the organization is looked up by $2 here.
    const text = `with o as (select * from ${organization.table} where ${by} = $KEY limit 1) select (select ${organizationJSON} from o) as "tessera_org", ${policyColumns("o")}${customRoles}, ${lists.map((l) => `${l.slice(l.lastIndexOf(" as ") + 4)}.*`).join(", ")}, agg.* from ${membersAggregate(fullMemberColumns, "$3 + 1")} as agg, ${lists.join(", ")}`;
    return text.replaceAll("$2", id).replace("$KEY", "$2");
  };
  const pgFullByIdSQL = pgFullSQL(`"id"`);
  const pgFullBySlugSQL = pgFullSQL(organization.col("slug"));

  /** The one row of a PostgreSQL read; `tessera_list` parsed (pg parses json), or null for none. */
  const pgQuery = async (name: string, text: string, values: unknown[]) =>
    (await database.pool!.query({ name, text, values })).rows[0] as Row;

  /** The caller's membership from a PostgreSQL read's row, as `membership` judges it. */
  function callerOf(row: Row): { role: unknown } | Engine {
    const rows = Number(row.tessera_rows);
    if (rows !== 1) return engine(rows ? "more than one membership row" : "not a member");
    const truthy = (v: unknown) => v === true || v === 1;
    if (truthy(row.tessera_requireMfa) && !truthy(row.tessera_twoFactorEnabled)) return engine("MFA policy");
    return { role: row.tessera_role };
  }
  /** The list of a PostgreSQL read, or null when the engine's limit cut it (the engine answers that). */
  function wholeList<T>(row: Row, limit: number): T[] | null {
    if (Number(row.tessera_total) > limit) return null;
    return (row.tessera_list ?? []) as T[];
  }
  /**
   * The JSON text of a list `listText` wrote (read with one row more than `limit`), or null when
   * the engine's limit cut it (the engine answers that).
   */
  function wholeText(row: Row, alias: string, limit: number): string | null {
    return Number(row[`tessera_${alias}_count`]) > limit ? null : `[${row[`tessera_${alias}_text`] ?? ""}]`;
  }
  /**
   * The invitations the caller sees of this JSON text: all of them for a creator, else without the
   * creator role's (the engine's withoutCreatorRoleInvitations); parsed only when one may name it.
   */
  function visibleInvitations(text: string, row: Row, alias: string, role: unknown): string {
    if (Number(row[`tessera_${alias}_creator`]) === 0 || parseRoleList(role).includes(creatorRole)) return text;
    const list = JSON.parse(text) as Row[];
    return JSON.stringify(list.filter((i) => !parseRoleList(i.role).includes(creatorRole)));
  }
  /** The custom roles a PostgreSQL read gives (customRoles), as canViewInvitations reads them, or why the engine answers. */
  function customRolesOf(row: Row): Row[] | Engine {
    if (!customRoles) return [];
    if (Number(row.tessera_custom_count) > findManyLimit) return engine("more custom roles than the engine reads");
    const pairs = (row.tessera_custom_roles ?? []) as [unknown, unknown][];
    const custom = pairs.map(([name, permission]) => ({ role: name, permission }));
    // Two rows of one name: the engine's last one wins, in an order not ours to know.
    if (new Set(custom.map((r) => String(r.role))).size !== custom.length) return engine("a custom role twice");
    return custom;
  }

  /**
   * The caller's membership as the engine and the MFA policy hook see it: the member row, or why the
   * engine must answer (not a member, more than one row, or refused by the organization's MFA policy).
   */
  async function membership(userId: string, organizationId: string): Promise<Row | Engine> {
    const rows = await exec(membershipSQL, [organizationId, userId, userId, organizationId], "tessera_org_membership");
    if (rows.length !== 1) return engine(rows.length ? "more than one membership row" : "not a member");
    const row = rows[0] as Row;
    const truthy = (v: unknown) => v === true || v === 1;
    if (truthy(row.tessera_requireMfa) && !truthy(row.tessera_twoFactorEnabled)) return engine("MFA policy");
    return member.decode(row);
  }

  /** auth/mfa-status.ts's mfaStatusOf of each of these users (read alongside), or null when it could differ. */
  function mfaStatus(users: Row[]): Map<string, MfaStatus> | null {
    const out = new Map<string, MfaStatus>();
    for (const u of users) {
      const factors = Number(u.tessera_factors);
      // Its join gives one row per factor and keeps the last: an order not ours to know.
      if (factors > 1) return null;
      const enabled = u.twoFactorEnabled === true || u.twoFactorEnabled === 1;
      const verified = u.tessera_verified;
      out.set(String(u.id), {
        twoFactor: enabled ? (factors === 1 && verified !== false && verified !== 0 ? "totp" : "otp") : null,
        passkeys: Number(u.tessera_passkeys),
      });
    }
    return out;
  }

  /** The engine's canViewInvitations (invitation: create), custom roles of the organization included. */
  async function canViewInvitations(memberRole: unknown, organizationId: string): Promise<boolean | Engine> {
    if (!(org.dynamicAccessControl?.enabled && org.ac)) return mayInvite(memberRole, []);
    if (!role) return engine("no organizationRole table");
    const rows = await findMany(role, "organizationId", organizationId, findManyLimit);
    return mayInvite(
      memberRole,
      rows.map((row) => role.decode(row)),
    );
  }

  /** `invitation: create` for these roles, given the organization's custom roles (role, permission) in the engine's order. */
  function mayInvite(memberRole: unknown, custom: Row[]): boolean | Engine {
    const roles = parseRoleList(memberRole);
    const acRoles: Record<string, { authorize(r: Record<string, string[]>): { success: boolean } } | undefined> = {
      ...(org.roles ?? {}),
    };
    if (org.dynamicAccessControl?.enabled && org.ac) {
      for (const r of custom) {
        let permissions: unknown;
        try {
          permissions = JSON.parse(String(r.permission));
        } catch {
          return engine("unreadable custom role");
        }
        if (!isPermissionRecord(permissions)) return engine("unreadable custom role");
        const name = String(r.role);
        const merged: Record<string, string[]> = {
          ...((org.roles?.[name] as { statements?: Record<string, string[]> } | undefined)?.statements ?? {}),
        };
        for (const [key, actions] of Object.entries(permissions))
          merged[key] = [...new Set([...(merged[key] ?? []), ...actions])];
        acRoles[name] = org.ac.newRole(merged);
      }
    }
    for (const r of roles) if (acRoles[r]?.authorize({ invitation: ["create"] })?.success) return true;
    return false;
  }

  const organizationOf = (query: Record<string, string>, caller: Caller): string | null => {
    const id = query.organizationId || caller.session.activeOrganizationId;
    return typeof id === "string" && id ? id : null;
  };

  const json = (value: unknown): ReadAnswer => ({ kind: "answer", body: JSON.stringify(value) });

  async function listOrganizations(caller: Caller): Promise<ReadAnswer | Engine> {
    const rows = await findMany(member, "userId", caller.userId, findManyLimit);
    if (rows.length === 0) return json([]);
    if (cut(rows.length, findManyLimit)) return engine("a cut list on PostgreSQL");
    const ids = rows.map((r) => String(r[member.column("organizationId")]));
    const found = await exec(organizationsSQL, [listParam([...new Set(ids)])], "tessera_org_organizations");
    const byId = new Map(found.map((r) => [String(r.id), r]));
    const out: Row[] = [];
    for (const id of ids) {
      const row = byId.get(id);
      if (!row) return engine("membership of a missing organization");
      out.push(withMetadataRecord(organization.filtered(organization.decode(row))));
    }
    return json(out);
  }

  async function listMembers(query: Record<string, string>, caller: Caller): Promise<ReadAnswer | Engine> {
    const organizationId = organizationOf(query, caller);
    if (!organizationId) return engine("no organization");
    // The engine's listMembers: `limit || membershipLimit || 100`, `offset || 0`.
    const limit = Number(query.limit ?? 0) || membershipLimit;
    const offset = Number(query.offset ?? 0) || 0;
    // The membership, the page and the count at once; the page only counts if the membership passes.
    const [own, rows, counted] = await Promise.all([
      membership(caller.userId, organizationId),
      findMany(member, "organizationId", organizationId, limit, offset),
      exec(countSQL, [organizationId], "tessera_org_member_count"),
    ]);
    if ("kind" in own) return own as Engine;
    const total = Number(counted[0]?.count ?? 0);
    if (postgres && (offset > 0 || rows.length < total)) return engine("a cut list on PostgreSQL");
    if (rows.length === 0) return json({ members: [], total });
    const members = rows.map((r) => member.decode(r));
    const userIds = [...new Set(members.map((m) => String(m.userId)))];
    if (!usersSQL) return engine("no two-step or passkey tables");
    const users = await exec(usersSQL, [listParam(userIds)], "tessera_org_member_users");
    const status = mfaStatus(users);
    if (!status) return engine("more than one two-step row for a user");
    const byId = new Map(users.map((u) => [String(u.id), user.decode(u)]));
    const out: Row[] = [];
    for (const m of members) {
      const u = byId.get(String(m.userId));
      if (!u) return engine("member without a user");
      out.push({
        ...m,
        user: { id: u.id, name: u.name, email: u.email, image: u.image },
        mfa: status.get(String(m.userId)) ?? { twoFactor: null, passkeys: 0 },
      });
    }
    return json({ members: out, total });
  }

  async function listInvitations(query: Record<string, string>, caller: Caller): Promise<ReadAnswer | Engine> {
    const organizationId = organizationOf(query, caller);
    if (!organizationId) return engine("no organization");
    const [own, listed] = await Promise.all([
      membership(caller.userId, organizationId),
      findMany(invitation, "organizationId", organizationId, findManyLimit),
    ]);
    if ("kind" in own) return own as Engine;
    const may = await canViewInvitations(own.role, organizationId);
    if (may !== true) return may === false ? engine("may not list invitations") : may;
    if (cut(listed.length, findManyLimit)) return engine("a cut list on PostgreSQL");
    const rows = listed.map((r) => invitation.decode(r));
    // The engine's withoutCreatorRoleInvitations.
    const creator = parseRoleList(own.role).includes(creatorRole);
    return json(creator ? rows : rows.filter((i) => !parseRoleList(i.role).includes(creatorRole)));
  }

  async function listTeams(query: Record<string, string>, caller: Caller): Promise<ReadAnswer | Engine> {
    if (!team) return engine("teams are off");
    const organizationId = organizationOf(query, caller);
    if (!organizationId) return engine("no organization");
    // The membership and the list at once (one round trip's wait on PostgreSQL); the list only counts if it passes.
    const [own, rows] = await Promise.all([
      membership(caller.userId, organizationId),
      findMany(team, "organizationId", organizationId, findManyLimit),
    ]);
    if ("kind" in own) return own as Engine;
    if (cut(rows.length, findManyLimit)) return engine("a cut list on PostgreSQL");
    return json(
      rows.map((r) => {
        const { memberCount: _memberCount, ...output } = team.decode(r);
        return team.filtered(output);
      }),
    );
  }

  /**
   * GET /organization/get-full-organization as the engine's handler (findFullOrganization, then
   * checkMembership, then canViewInvitations) and our after hooks (metadata as a record, each
   * member's mfa) make it. The organization is organizationSlug, organizationId or the active one;
   * its members (the join's `membersLimit || defaultFindManyLimit`), invitations and teams are the
   * adapter's fallback join, the engine's findMany each, in its order (SQLite; PostgreSQL has
   * pgFullOrganization). A non-member is the engine's: it clears their active organization.
   */
  const organizationBySlugSQL = `select * from ${organization.table} where ${organization.col("slug")} = ${p(1)} limit 2`;
  const organizationByIdSQL = `select * from ${organization.table} where "id" = ${p(1)} limit 2`;
  async function fullOrganization(query: Record<string, string>, caller: Caller): Promise<ReadAnswer | Engine> {
    if (query.organizationId && query.organizationSlug) return engine("both an organization id and slug");
    const bySlug = Boolean(query.organizationSlug);
    const key = query.organizationSlug || organizationOf(query, caller);
    if (!key) return engine("no organization");
    const found = bySlug
      ? await exec(organizationBySlugSQL, [key], "tessera_org_by_slug")
      : await exec(organizationByIdSQL, [key], "tessera_org_by_id");
    if (found.length !== 1) return engine(found.length ? "two organizations of one slug" : "no such organization");
    const org = organization.filtered(organization.decode(found[0] as Row));
    const organizationId = String(org.id);
    // The engine's join: `member: membersLimit ? { limit } : true` (parseInt, so "0" is no limit).
    const membersLimit = Number(query.membersLimit ?? 0) || findManyLimit;
    const [own, memberRows, invitationRows, teamRows] = await Promise.all([
      membership(caller.userId, organizationId),
      findMany(member, "organizationId", organizationId, membersLimit),
      findMany(invitation, "organizationId", organizationId, findManyLimit),
      team && includeTeams ? findMany(team, "organizationId", organizationId, findManyLimit) : undefined,
    ]);
    if ("kind" in own) return own as Engine;
    const members = memberRows.map((r) => member.filtered(member.decode(r)));
    const userIds = [...new Set(members.map((m) => String(m.userId)))];
    // The engine reads the users with `limit: membershipLimit`: past it a member has no user (its 500).
    if (userIds.length > membershipLimit) return engine("more members than membershipLimit");
    const withUsers: Row[] = [];
    if (members.length) {
      if (!usersSQL) return engine("no two-step or passkey tables");
      const users = await exec(usersSQL, [listParam(userIds)], "tessera_org_member_users");
      const status = mfaStatus(users);
      if (!status) return engine("more than one two-step row for a user");
      const byId = new Map(users.map((u) => [String(u.id), user.decode(u)]));
      for (const m of members) {
        const u = byId.get(String(m.userId));
        if (!u) return engine("member without a user");
        withUsers.push({
          ...m,
          user: { id: u.id, name: u.name, email: u.email, image: u.image },
          mfa: status.get(String(m.userId)) ?? { twoFactor: null, passkeys: 0 },
        });
      }
    }
    let invitations = invitationRows.map((r) => invitation.filtered(invitation.decode(r)));
    if (invitations.length > 0) {
      const may = await canViewInvitations(own.role, organizationId);
      if (typeof may === "object") return may;
      const creator = parseRoleList(own.role).includes(creatorRole);
      invitations = !may
        ? []
        : creator
          ? invitations
          : invitations.filter((i) => !parseRoleList(i.role).includes(creatorRole));
    }
    const teams = teamRows?.map((r) => team?.filtered(team.decode(r)));
    return json(withMetadataRecord({ ...org, invitations, members: withUsers, teams }));
  }

  /** PostgreSQL: get-full-organization in one statement after the session's (see pgFullSQL). */
  async function pgFullOrganization(query: Record<string, string>, caller: Caller): Promise<ReadAnswer | Engine> {
    if (query.organizationId && query.organizationSlug) return engine("both an organization id and slug");
    const bySlug = Boolean(query.organizationSlug);
    const key = query.organizationSlug || organizationOf(query, caller);
    if (!key) return engine("no organization");
    const text = bySlug ? pgFullBySlugSQL : pgFullByIdSQL;
    if (!text) return engine("no two-step or passkey tables, or a field the database cannot write");
    const membersLimit = Number(query.membersLimit ?? 0) || findManyLimit;
    const row = await pgQuery(bySlug ? "tessera_org_full_by_slug" : "tessera_org_full_by_id", text, [
      caller.userId,
      key,
      membersLimit,
      findManyLimit,
    ]);
    if (!row.tessera_org) return engine("no such organization");
    const own = callerOf(row);
    if ("kind" in own) return own;
    // Whole lists only (see `cut`): the members up to their limit, the invitations and teams under the find limit.
    const members = Number(row.tessera_count);
    if (members > membersLimit) return engine("a cut list on PostgreSQL");
    const full = (alias: string) => Number(row[`tessera_${alias}_count`]) >= findManyLimit;
    if (full("i") || (includeTeams && full("t"))) return engine("a cut list on PostgreSQL");
    // The engine reads the members' users with `limit: membershipLimit`: past it a member has no user (its 500).
    if (members > membershipLimit) return engine("more members than membershipLimit");
    if (Number(row.tessera_orphans) > 0) return engine("member without a user");
    if (Number(row.tessera_max_factors) > 1) return engine("more than one two-step row for a user");
    let invitations = "[]";
    if (Number(row.tessera_i_count) > 0) {
      const custom = customRolesOf(row);
      if ("kind" in custom) return custom;
      const may = mayInvite(own.role, custom);
      if (typeof may === "object") return may;
      if (may) invitations = visibleInvitations(`[${row.tessera_i_text}]`, row, "i", own.role);
    }
    // The lists' text goes in as the database wrote it (or as filtered above), after the organization's fields.
    const head = JSON.stringify(withMetadataRecord(row.tessera_org as Row));
    const teams = includeTeams ? `,"teams":[${row.tessera_t_text ?? ""}]` : "";
    const fields = head === "{}" ? "{" : `${head.slice(0, -1)},`;
    return {
      kind: "answer",
      body: `${fields}"invitations":${invitations},"members":[${row.tessera_text ?? ""}]${teams}}`,
    };
  }

  /** PostgreSQL: GET /organization/list in one statement; a list the engine cuts goes to it. */
  async function pgListOrganizations(caller: Caller): Promise<ReadAnswer | Engine> {
    if (!pgOrganizationsSQL) return engine("an organization field the database cannot write");
    const row = await pgQuery("tessera_org_list", pgOrganizationsSQL, [caller.userId, findManyLimit]);
    const list = wholeList<Row | null>(row, findManyLimit);
    if (!list) return engine("a cut list on PostgreSQL");
    const out: Row[] = [];
    for (const o of list) {
      if (!o) return engine("membership of a missing organization");
      out.push(withMetadataRecord(o));
    }
    return json(out);
  }

  /** PostgreSQL: list-members, the caller's membership and the members' users in one statement. */
  async function pgListMembers(query: Record<string, string>, caller: Caller): Promise<ReadAnswer | Engine> {
    const organizationId = organizationOf(query, caller);
    if (!organizationId) return engine("no organization");
    if (!pgMembersSQL) return engine("no two-step or passkey tables, or a field the database cannot write");
    const limit = Number(query.limit ?? 0) || membershipLimit;
    if (Number(query.offset ?? 0) > 0) return engine("a cut list on PostgreSQL");
    const row = await pgQuery("tessera_org_members", pgMembersSQL, [caller.userId, organizationId, limit]);
    // Read with one member more than the limit: more means the engine's list is cut.
    const total = Number(row.tessera_count);
    if (total > limit) return engine("a cut list on PostgreSQL");
    const own = callerOf(row);
    if ("kind" in own) return own;
    if (Number(row.tessera_orphans) > 0) return engine("member without a user");
    // auth/mfa-status.ts joins the two-step rows and keeps the last: an order not ours to know.
    if (Number(row.tessera_max_factors) > 1) return engine("more than one two-step row for a user");
    return { kind: "answer", body: `{"members":[${row.tessera_text ?? ""}],"total":${total}}` };
  }

  /** PostgreSQL: list-invitations with the membership and the custom roles in one statement. */
  async function pgListInvitations(query: Record<string, string>, caller: Caller): Promise<ReadAnswer | Engine> {
    const organizationId = organizationOf(query, caller);
    if (!organizationId) return engine("no organization");
    if (!pgInvitationsSQL) return engine("an invitation field the database cannot write");
    const row = await pgQuery("tessera_org_invitations", pgInvitationsSQL, [
      caller.userId,
      organizationId,
      findManyLimit,
    ]);
    const own = callerOf(row);
    if ("kind" in own) return own;
    const custom = customRolesOf(row);
    if ("kind" in custom) return custom;
    const may = mayInvite(own.role, custom);
    if (may !== true) return may === false ? engine("may not list invitations") : may;
    const list = wholeText(row, "i", findManyLimit);
    if (!list) return engine("a cut list on PostgreSQL");
    return { kind: "answer", body: visibleInvitations(list, row, "i", own.role) };
  }

  /** PostgreSQL: list-teams with the membership in one statement. */
  async function pgListTeams(query: Record<string, string>, caller: Caller): Promise<ReadAnswer | Engine> {
    if (!team) return engine("teams are off");
    if (!pgTeamsSQL) return engine("a team field the database cannot write");
    const organizationId = organizationOf(query, caller);
    if (!organizationId) return engine("no organization");
    const row = await pgQuery("tessera_org_teams", pgTeamsSQL, [caller.userId, organizationId, findManyLimit]);
    const own = callerOf(row);
    if ("kind" in own) return own;
    const list = wholeText(row, "t", findManyLimit);
    if (!list) return engine("a cut list on PostgreSQL");
    return { kind: "answer", body: list };
  }

  /**
   * GET /api/organizations: the caller's organizations a page at a time, by name then id (an order
   * the engine's GET /organization/list has not: it sets none and stops at its find limit). Each
   * organization is as that list gives it.
   */
  const pageSQL = `select o.*, count(*) over () as "tessera_total" from ${member.table} m join ${organization.table} o on o."id" = m.${member.col("organizationId")} where m.${member.col("userId")} = ${p(1)} order by o.${organization.col("name")}, o."id" limit ${p(2)} offset ${p(3)}`;
  const pageCountSQL = `select count(*) as "count" from ${member.table} m join ${organization.table} o on o."id" = m.${member.col("organizationId")} where m.${member.col("userId")} = ${p(1)}`;
  async function organizationsPage(userId: string, limit: number, offset: number) {
    const rows = await exec(pageSQL, [userId, limit, offset], "tessera_org_page");
    const total = rows.length
      ? Number(rows[0]?.tessera_total)
      : Number((await exec(pageCountSQL, [userId], "tessera_org_page_count"))[0]?.count ?? 0);
    return {
      organizations: rows.map((row) => withMetadataRecord(organization.filtered(organization.decode(row)))),
      total,
    };
  }

  async function answer(path: OrganizationReadPath, query: Record<string, string>, caller: Caller) {
    if (postgres) {
      switch (path) {
        case "/organization/list":
          return pgListOrganizations(caller);
        case "/organization/list-members":
          return pgListMembers(query, caller);
        case "/organization/list-invitations":
          return pgListInvitations(query, caller);
        case "/organization/list-teams":
          return pgListTeams(query, caller);
        case "/organization/get-full-organization":
          return pgFullOrganization(query, caller);
      }
    }
    switch (path) {
      case "/organization/list":
        return listOrganizations(caller);
      case "/organization/list-members":
        return listMembers(query, caller);
      case "/organization/list-invitations":
        return listInvitations(query, caller);
      case "/organization/list-teams":
        return listTeams(query, caller);
      case "/organization/get-full-organization":
        return fullOrganization(query, caller);
    }
  }

  const reuse = database.sqliteReader ? answersWhileUnchanged(database.sqliteReader()) : undefined;
  return { blocked, answer, reuse, organizationsPage };
}

/**
 * Answers made since the last commit to the SQLite database, whoever made it (this process, the
 * admin CLI, a restore), by session token and URL: nothing they came from can have changed, as the
 * session check's unchangedSinceRead (docs/decisions/010-session-check-per-store.md). The session
 * itself is still read and judged (expiry, refresh) on every request before this is asked.
 * `pragma data_version` is read before an answer is made and checked on every look-up, so an
 * answer made across a commit is dropped at the next request. Bounded; a full map starts over.
 */
export function answersWhileUnchanged(reader: SQLite.Database, max = 5_000) {
  const dataVersion = reader.prepare("pragma data_version").pluck();
  let version: unknown;
  const answers = new Map<string, ReadAnswer>();
  const current = () => {
    const now = dataVersion.get();
    if (now !== version) {
      version = now;
      answers.clear();
    }
    return now;
  };
  return {
    get(key: string): ReadAnswer | undefined {
      current();
      return answers.get(key);
    },
    /** The version an answer about to be made is made at. */
    version: current,
    set(key: string, answer: ReadAnswer, readAt: unknown) {
      if (current() !== readAt) return;
      if (answers.size >= max) answers.clear();
      answers.set(key, answer);
    },
  };
}

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

function isPermissionRecord(value: unknown): value is Record<string, string[]> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((v) => Array.isArray(v) && v.every((a) => typeof a === "string"));
}

/** auth/organization-rules.ts's after hook: organization metadata stored as JSON text is answered as a record. */
function withMetadataRecord(organization: Row): Row {
  const metadata = organization.metadata;
  if (typeof metadata !== "string") return organization;
  try {
    return { ...organization, metadata: JSON.parse(metadata) };
  } catch {
    return organization;
  }
}

/** Why the engine could answer `path` differently from the fast path under these options, or null. */
function blocker(
  ctx: AuthContext,
  path: OrganizationReadPath,
  plugin: (BetterAuthPlugin & { options?: OrganizationPluginOptions }) | undefined,
): string | null {
  const o = ctx.options as BetterAuthOptions;
  if (!plugin) return "no organization plugin";
  if (!Object.values(plugin.endpoints ?? {}).some((e) => (e as { path?: string }).path === path)) {
    return `the engine has no ${path}`;
  }
  if (o.disabledPaths?.includes(path)) return `${path} is disabled`;
  if (o.hooks?.before || o.hooks?.after) return "user hooks run on every endpoint";
  if (o.advanced?.database?.joins) return "the adapter's joins are on";
  for (const p of (o.plugins ?? []) as BetterAuthPlugin[]) {
    if (p !== plugin && Object.values(p.endpoints ?? {}).some((e) => (e as { path?: string }).path === path)) {
      return `plugin ${p.id} replaces ${path}`;
    }
    if (p.middlewares?.length) return `plugin ${p.id} has router middleware`;
    if (KNOWN_HOOKS[p.id]) continue;
    if ((p.onRequest || p.onResponse) && !OWN_PATHS_ONLY[p.id]) return `plugin ${p.id} sees every request`;
    for (const hook of [...(p.hooks?.before ?? []), ...(p.hooks?.after ?? [])]) {
      if (matches(hook.matcher, ctx, path)) return `plugin ${p.id} hooks ${path}`;
    }
  }
  if (ctx.rateLimit.enabled && ctx.rateLimit.customRules?.[path] !== false) return `${path} is rate limited`;
  return null;
}

function matches(matcher: (context: any) => boolean, ctx: AuthContext, path: string): boolean {
  try {
    return Boolean(
      matcher({ path, method: "GET", headers: new Headers(), query: { organizationId: "x" }, context: ctx }),
    );
  } catch {
    return true; // cannot tell: assume it does
  }
}
