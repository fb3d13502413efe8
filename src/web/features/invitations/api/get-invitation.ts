import { useQuery } from "@tanstack/react-query";
import { authCall } from "@/lib/api-error.js";
import { authClient } from "@/lib/auth-client.js";
import { keys } from "./keys.js";

export interface InvitationDetails {
  id: string;
  email: string;
  role: string;
  status: string;
  expiresAt: string | Date;
  organizationId: string;
  organizationName: string;
  organizationSlug: string;
  inviterEmail: string;
  /** The inviter's name (Tessera's addition; null if their account is gone). */
  inviterName?: string | null;
  /** The organization requires two-step verification of its members (Tessera's addition). */
  organizationRequiresMfa?: boolean;
}

/**
 * GET /organization/get-invitation?id=… — only for the invited address. A canceled, answered or expired
 * invitation is INVITATION_NOT_FOUND; someone else's is YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION.
 */
function getInvitation(id: string) {
  return authCall<InvitationDetails>(
    (fetchOptions) => authClient.organization.getInvitation({ query: { id }, fetchOptions }) as never,
  );
}

/**
 * Why a "not found" invitation is not there: GET /organization/list-user-invitations still lists the
 * user's pending invitations past their expiry, so one found there has expired; otherwise it was
 * canceled, already answered, or never existed (the engine does not say which).
 */
async function explainMissingInvitation(id: string): Promise<"expired" | "gone"> {
  try {
    const list = await authCall<{ id: string; expiresAt: string | Date }[]>(
      (fetchOptions) => authClient.organization.listUserInvitations({ fetchOptions }) as never,
    );
    const match = list?.find((i) => i.id === id);
    return match && new Date(match.expiresAt).getTime() <= Date.now() ? "expired" : "gone";
  } catch {
    return "gone";
  }
}

/** The invitation (getInvitation) for the signed-in `email`. */
export function useInvitation(invitationId: string, email: string) {
  return useQuery({ queryKey: keys.invitation(invitationId, email), queryFn: () => getInvitation(invitationId) });
}

/** Why the invitation is not found (explainMissingInvitation), asked once it is (`enabled`). */
export function useMissingInvitationReason(invitationId: string, email: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.missing(invitationId, email),
    queryFn: () => explainMissingInvitation(invitationId),
    enabled,
  });
}
