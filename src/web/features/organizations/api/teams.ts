import { useQuery } from "@tanstack/react-query";
import { paths } from "@/config/paths.js";
import { fetchJson } from "@/lib/api-error.js";
import { type MutationConfig, useFeatureMutation } from "@/lib/query-client.js";
import type { TeamRoster } from "@/shared/team-roster.js";
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
export function useCreateTeam(organizationId: string, config?: MutationConfig<Team, string>) {
  return useFeatureMutation(
    (name: string) => call<Team>("createTeam", { organizationId, name }),
    () => keys.screens,
    config,
  );
}

/** POST /organization/update-team. */
export function useRenameTeam(organizationId: string, teamId: string, config?: MutationConfig<Team, string>) {
  return useFeatureMutation(
    (name: string) => call<Team>("updateTeam", { teamId, data: { name, organizationId } }),
    () => keys.screens,
    config,
  );
}

/** POST /organization/remove-team: not the last team, nor one the caller belongs to (docs/behaviour.md#teams). */
export function useRemoveTeam(organizationId: string, teamId: string, config?: MutationConfig<unknown, void>) {
  return useFeatureMutation(
    () => call("removeTeam", { organizationId, teamId }),
    () => keys.screens,
    config,
  );
}

/** POST /organization/add-team-member (TEAM_MEMBER_LIMIT applies). */
export function useAddTeamMember(organizationId: string, teamId: string, config?: MutationConfig<unknown, string>) {
  return useFeatureMutation(
    (userId: string) => call("addTeamMember", { organizationId, teamId, userId }),
    () => keys.screens,
    config,
  );
}

/** POST /organization/remove-team-member. */
export function useRemoveTeamMember(organizationId: string, teamId: string, config?: MutationConfig<unknown, string>) {
  return useFeatureMutation(
    (userId: string) => call("removeTeamMember", { organizationId, teamId, userId }),
    () => keys.screens,
    config,
  );
}
