import type { ReadAnswer } from "../kept-answers.js";
import { type Caller, type Engine, engine, json, organizationOf } from "./answer.js";
import type { ReadContext } from "./context.js";
import { callerOf, type Permissions, parseRoleList } from "./permissions.js";
import { type PgStatements, readAnswer, wholeText } from "./pg-statements.js";

/** GET /organization/list-invitations: for a caller who may create invitations, those they may see. */
export function invitationListReads(
  { findMany, invitation, findManyLimit, cut, creatorRole }: ReadContext,
  { pgInvitationsSQL, pgQuery }: PgStatements,
  { membership, canViewInvitations, customRolesOf, mayInvite, visibleInvitations }: Permissions,
) {
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
    return readAnswer(visibleInvitations(list, row, "i", own.role), row);
  }
  return { listInvitations, pgListInvitations };
}
