import type { ReadAnswer } from "../kept-answers.js";
import { type Caller, type Engine, engine, json, organizationOf } from "./answer.js";
import type { ReadContext } from "./context.js";
import { callerOf, type Permissions } from "./permissions.js";
import { type PgStatements, readAnswer, wholeText } from "./pg-statements.js";

/** GET /organization/list-teams: the organization's teams, without memberCount (the organization adapter drops it). */
export function teamListReads(
  { findMany, team, findManyLimit, cut }: ReadContext,
  { pgTeamsSQL, pgQuery }: PgStatements,
  { membership }: Permissions,
) {
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
    return readAnswer(list, row);
  }
  return { listTeams, pgListTeams };
}
