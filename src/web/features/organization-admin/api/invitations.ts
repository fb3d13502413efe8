import { useQuery } from "@tanstack/react-query";
import { keys } from "./keys.js";
import { call } from "./organizations.js";
import type { Invitation, UserInvitation } from "./types.js";

/** GET /organization/list-invitations: for members who may invite (docs/roles.md). */
export function useInvitations(organizationId: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.invitations(organizationId),
    queryFn: () => call<Invitation[]>("listInvitations", { query: { organizationId } }),
    enabled,
  });
}

export interface InviteInput {
  organizationId: string;
  email: string;
  /** One role, or several (the engine stores them comma-separated). */
  role: string | string[];
  teamId?: string;
  /** Send the mail again to an address already invited, with a new expiry. */
  resend?: boolean;
}

/** POST /organization/invite-member. */
export function inviteMember({ teamId, ...input }: InviteInput) {
  return call<Invitation>("inviteMember", { ...input, ...(teamId ? { teamId } : {}) });
}

/** POST /organization/cancel-invitation. */
export function cancelInvitation(invitationId: string) {
  return call("cancelInvitation", { invitationId });
}

/** GET /organization/list-user-invitations: the signed-in user's own pending invitations. */
export function useUserInvitations(enabled = true) {
  return useQuery({
    queryKey: keys.userInvitations,
    queryFn: () => call<UserInvitation[]>("listUserInvitations"),
    enabled,
  });
}

/** POST /organization/accept-invitation: joins, and the organization becomes the active one (docs/behaviour.md#invitations). */
export function acceptInvitation(invitationId: string) {
  return call("acceptInvitation", { invitationId });
}

/** POST /organization/reject-invitation. */
export function rejectInvitation(invitationId: string) {
  return call("rejectInvitation", { invitationId });
}
