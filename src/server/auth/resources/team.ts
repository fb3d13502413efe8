import { refuseOwnTeam } from "../organization-rules.js";
import { teamNameRequired, teamNameRules } from "../team-names.js";
import type { Resource } from "./resource.js";

/**
 * Teams: /organization/create-team, update-team, remove-team, add-team-member, remove-team-member, list-teams,
 * list-team-members, list-user-teams, set-active-team (docs/behaviour.md#teams). What Tessera adds, by call:
 *
 * - create-team, update-team: a name is required (team-names.ts `teamNameRequired`) and not taken in the
 *   organization (team-names.ts, typed hooks).
 * - remove-team: not a team the caller belongs to (organization-rules.ts `refuseOwnTeam`, typed hook).
 * - add-team-member: at most TEAM_MEMBER_LIMIT members (the engine's `teams.maximumMembersPerTeam`, options.ts).
 *
 * Also on these calls, table-driven across resources: text lengths (input-rules.ts `ROUTES`), audit events
 * (audit/organization-events.ts), an organization's MFA requirement (organization-mfa-policy.ts), API-key scopes (api-keys.ts).
 */
export function teamResource() {
  const names = teamNameRules();
  return {
    /** Holds the engine's context for the name checks (registered in options.ts). */
    plugin: names.plugin,
    organizationHooks: {
      beforeCreateTeam: names.beforeCreateTeam,
      beforeUpdateTeam: names.beforeUpdateTeam,
      beforeDeleteTeam: refuseOwnTeam,
    },
    before: [teamNameRequired],
  } satisfies Resource & { plugin: unknown };
}
