import type { Row } from "../fast-path/session-lookup.js";
import type { ReadAnswer } from "../kept-answers.js";
import { type Caller, type Engine, engine, json, organizationOf, withMetadataRecord } from "./answer.js";
import type { ReadContext } from "./context.js";
import { membersWithUsers } from "./list-members.js";
import { callerOf, type Permissions, parseRoleList } from "./permissions.js";
import { type PgStatements, readAnswer } from "./pg-statements.js";
import type { Statements } from "./statements.js";

/** GET /organization/get-full-organization: the organization with its members, invitations and teams. */
export function fullOrganizationReads(
  {
    exec,
    findMany,
    member,
    organization,
    user,
    invitation,
    team,
    p,
    findManyLimit,
    membershipLimit,
    includeTeams,
    creatorRole,
    listParam,
  }: ReadContext,
  { usersSQL }: Statements,
  { pgFullByIdSQL, pgFullBySlugSQL, pgQuery }: PgStatements,
  { membership, canViewInvitations, customRolesOf, mayInvite, visibleInvitations }: Permissions,
) {
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
    let withUsers: Row[] = [];
    if (members.length) {
      const out = await membersWithUsers({ exec, user, listParam }, usersSQL, members);
      if (!Array.isArray(out)) return out;
      withUsers = out;
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

  /** PostgreSQL: get-full-organization in one statement after the session's (see pgFullSQL in pg-statements.ts). */
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
    // Whole lists only (see `cut` in context.ts): the members up to their limit, the invitations and
    // teams under the find limit.
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
    return readAnswer(`${fields}"invitations":${invitations},"members":[${row.tessera_text ?? ""}]${teams}}`, row);
  }
  return { fullOrganization, pgFullOrganization };
}
