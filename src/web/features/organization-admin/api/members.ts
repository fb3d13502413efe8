import { useQuery } from "@tanstack/react-query";
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
export function updateMemberRole(organizationId: string, memberId: string, roles: string[]) {
  return call<Member>("updateMemberRole", { organizationId, memberId, role: roles.join(",") });
}

/** POST /organization/remove-member; the last owner cannot be removed (docs/behaviour.md#members). */
export function removeMember(organizationId: string, memberId: string) {
  return call("removeMember", { organizationId, memberIdOrEmail: memberId });
}
