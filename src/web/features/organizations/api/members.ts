import { useQuery } from "@tanstack/react-query";
import { type MutationConfig, useFeatureMutation } from "@/lib/query-client.js";
import { keys } from "./keys.js";
import { call } from "./organizations.js";
import type { Member } from "./types.js";

/** GET /organization/list-members: every member (the engine's default page is the membership limit). */
export function useMembers(organizationId: string) {
  return useQuery({
    queryKey: keys.members(organizationId),
    queryFn: () => call<{ members: Member[]; total: number }>("listMembers", { query: { organizationId } }),
  });
}

/** POST /organization/update-member-role; several roles travel comma-separated. */
function updateMemberRole(organizationId: string, memberId: string, roles: string[]) {
  return call<Member>("updateMemberRole", { organizationId, memberId, role: roles.join(",") });
}

/** A member's new roles (update-member-role); the organization screens refetch. */
export function useUpdateMemberRole(
  organizationId: string,
  memberId: string,
  config?: MutationConfig<Member, string[]>,
) {
  return useFeatureMutation(
    (roles: string[]) => updateMemberRole(organizationId, memberId, roles),
    () => keys.screens,
    config,
  );
}

/** POST /organization/remove-member; the last owner cannot be removed (docs/behaviour.md#members). */
export function useRemoveMember(organizationId: string, memberId: string, config?: MutationConfig<unknown, void>) {
  return useFeatureMutation(
    () => call("removeMember", { organizationId, memberIdOrEmail: memberId }),
    () => keys.screens,
    config,
  );
}
