import { authCall } from "../../../lib/api-error.js";
import { authClient } from "../../../lib/auth-client.js";

/** POST /organization/accept-invitation: joins with the invited role; that organization becomes active (docs/behaviour.md#invitations). */
export function acceptInvitation(invitationId: string) {
  return authCall((fetchOptions) => authClient.organization.acceptInvitation({ invitationId, fetchOptions }));
}

/** POST /organization/reject-invitation. */
export function rejectInvitation(invitationId: string) {
  return authCall((fetchOptions) => authClient.organization.rejectInvitation({ invitationId, fetchOptions }));
}
