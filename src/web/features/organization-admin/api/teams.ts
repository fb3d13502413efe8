import { useQuery } from "@tanstack/react-query";
import type { TeamRoster } from "../../../../shared/team-roster.js";
import { paths } from "../../../config/paths.js";
import { fetchJson } from "../../../lib/api-error.js";
import { keys } from "./keys.js";
import { call } from "./organizations.js";
import type { Team } from "./types.js";

/** GET /organization/list-teams. */
export function useTeams(organizationId: string) {
  return useQuery({
    queryKey: keys.teams(organizationId),
    queryFn: () => call<Team[]>("listTeams", { query: { organizationId } }),
  });
}

/** Who is in which team and the limits that apply (the app's GET /api/organizations/:id/team-members). */
export function useTeamRoster(organizationId: string) {
  return useQuery({
    queryKey: keys.roster(organizationId),
    queryFn: () => fetchJson<TeamRoster>(paths.api.organizationTeamMembers(organizationId)),
  });
}

/** POST /organization/create-team. */
export function createTeam(organizationId: string, name: string) {
  return call<Team>("createTeam", { organizationId, name });
}

/** POST /organization/update-team. */
export function renameTeam(organizationId: string, teamId: string, name: string) {
  return call<Team>("updateTeam", { teamId, data: { name, organizationId } });
}

/** POST /organization/remove-team: not the last team, nor one the caller belongs to (docs/behaviour.md#teams). */
export function removeTeam(organizationId: string, teamId: string) {
  return call("removeTeam", { organizationId, teamId });
}

/** POST /organization/add-team-member (TEAM_MEMBER_LIMIT applies). */
export function addTeamMember(organizationId: string, teamId: string, userId: string) {
  return call("addTeamMember", { organizationId, teamId, userId });
}

/** POST /organization/remove-team-member. */
export function removeTeamMember(organizationId: string, teamId: string, userId: string) {
  return call("removeTeamMember", { organizationId, teamId, userId });
}
