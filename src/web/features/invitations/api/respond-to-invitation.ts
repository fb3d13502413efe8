import { authCall } from "@/lib/api-error.js";
import { authClient } from "@/lib/auth-client.js";
import { type MutationConfig, useFeatureMutation } from "@/lib/query-client.js";

export type InvitationAnswer = "accept" | "reject";

/**
 * POST /organization/accept-invitation (joins with the invited role; that organization becomes active:
 * docs/behaviour.md#invitations) or /organization/reject-invitation. The card then shows the answer
 * itself, so nothing is refetched.
 */
export function useRespondToInvitation(invitationId: string, config?: MutationConfig<unknown, InvitationAnswer>) {
  return useFeatureMutation(
    (answer: InvitationAnswer): Promise<unknown> =>
      answer === "accept"
        ? authCall((fetchOptions) => authClient.organization.acceptInvitation({ invitationId, fetchOptions }))
        : authCall((fetchOptions) => authClient.organization.rejectInvitation({ invitationId, fetchOptions })),
    () => [],
    config,
  );
}
