import type { Row } from "../fast-path/session-lookup.js";
import { changeSumSQL, type ReadAnswer } from "../kept-answers.js";
import type { ReadContext } from "./context.js";
import type { JsonPair, Model } from "./models.js";
import type { Statements } from "./statements.js";

/** The PostgreSQL reads' statements (described below) and the helper that sends them. */
export function pgStatementsOf(
  { database, member, organization, user, invitation, team, role, org, creatorRole, includeTeams }: ReadContext,
  { requireMfa, twoFactorEnabled, usersSQL }: Statements,
) {
  /**
   * PostgreSQL: each read is one named statement, one round trip after the session's on one pool
   * connection, parsed once per connection. It gives one row: the caller's membership and the MFA
   * policy's two columns, and the list the engine's statement would give (the same `where`, its
   * limit and one row more, so that a cut list shows) with its length, written by the database as
   * JSON text (see `jsonText`), so that no row is parsed field by field here nor written again (for
   * 100 members that was most of the request's CPU). The engine's order is not kept, as it sets
   * none (see `cut` in context.ts): these answer whole lists only. Null (the engine answers) when a
   * field's output is not plain SQL.
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
  const listText = (m: Model, alias: string, pairs: JsonPair[], limit: string) =>
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
  /**
   * The organization ($2) and its change sum (migration 013_organization_changes) in the read's own
   * snapshot: the version a kept answer is checked against (kept-answers.ts).
   */
  const versionColumns = `, $2::text as "tessera_org_id", ${changeSumSQL("$2")} as "tessera_version"`;
  const pgMembersSQL = membersWritable(memberColumns)
    ? `select ${policyColumns(`${organization.table} where "id" = $2`)}${versionColumns}, agg.* from ${membersAggregate(memberColumns, "$3 + 1")} as agg`
    : null;
  const teamColumns = team?.jsonColumns("t", { leave: ["memberCount"], text: true });
  const pgTeamsSQL =
    team && teamColumns
      ? `select ${callerColumns}${versionColumns}, t.* from ${listText(team, "t", teamColumns, "$3 + 1")}`
      : null;
  const customRoles =
    role && org.dynamicAccessControl?.enabled && org.ac
      ? `, (select json_agg(json_build_array(r.${role.col("role")}, r.${role.col("permission")})) from ${role.table} r where r.${role.col("organizationId")} = $2) as "tessera_custom_roles", (select count(*) from ${role.table} r where r.${role.col("organizationId")} = $2) as "tessera_custom_count"`
      : "";
  const invitationColumns = invitation.jsonColumns("i", { filtered: false, text: true });
  // The custom roles are read even when there is no invitation: they decide whether the caller may list.
  const pgInvitationsSQL = invitationColumns
    ? `select ${callerColumns}${customRoles}${versionColumns}, i.* from ${listText(invitation, "i", invitationColumns, "$3 + 1")}`
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
    const text = `with o as (select * from ${organization.table} where ${by} = $KEY limit 1) select (select ${organizationJSON} from o) as "tessera_org", ${policyColumns("o")}${customRoles}${versionColumns}, ${lists.map((l) => `${l.slice(l.lastIndexOf(" as ") + 4)}.*`).join(", ")}, agg.* from ${membersAggregate(fullMemberColumns, "$3 + 1")} as agg, ${lists.join(", ")}`;
    return text.replaceAll("$2", id).replace("$KEY", "$2");
  };
  const pgFullByIdSQL = pgFullSQL(`"id"`);
  const pgFullBySlugSQL = pgFullSQL(organization.col("slug"));

  /** The one row of a PostgreSQL read; `tessera_list` parsed (pg parses json), or null for none. */
  const pgQuery = async (name: string, text: string, values: unknown[]) =>
    (await database.pool!.query({ name, text, values })).rows[0] as Row;
  return {
    customRoles,
    pgMembersSQL,
    pgTeamsSQL,
    pgInvitationsSQL,
    pgOrganizationsSQL,
    pgFullByIdSQL,
    pgFullBySlugSQL,
    pgQuery,
  };
}
export type PgStatements = ReturnType<typeof pgStatementsOf>;

/** A PostgreSQL read's answer with the version it was read at (see versionColumns). */
export const readAnswer = (body: string, row: Row): ReadAnswer => ({
  kind: "answer",
  body,
  version: { organizationId: String(row.tessera_org_id), value: String(row.tessera_version) },
});

/** The list of a PostgreSQL read, or null when the engine's limit cut it (the engine answers that). */
export function wholeList<T>(row: Row, limit: number): T[] | null {
  if (Number(row.tessera_total) > limit) return null;
  return (row.tessera_list ?? []) as T[];
}

/**
 * The JSON text of a list `listText` wrote (read with one row more than `limit`), or null when
 * the engine's limit cut it (the engine answers that).
 */
export function wholeText(row: Row, alias: string, limit: number): string | null {
  return Number(row[`tessera_${alias}_count`]) > limit ? null : `[${row[`tessera_${alias}_text`] ?? ""}]`;
}
