import { useQuery } from "@tanstack/react-query";
import { ApiError } from "@/lib/api-error.js";
import { type MutationConfig, useFeatureMutation } from "@/lib/query-client.js";
import { isEmail } from "../utils/emails.js";
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
function inviteMember({ teamId, ...input }: InviteInput) {
  return call<Invitation>("inviteMember", { ...input, ...(teamId ? { teamId } : {}) });
}

/** What became of one address of a batch: sent (no error), not an address, or refused (a 429 also stands for the unsent rest). */
export interface InviteOutcome {
  email: string;
  invalid?: boolean;
  error?: unknown;
}

export interface InviteBatch extends Omit<InviteInput, "email" | "resend"> {
  emails: string[];
  /** Hears each address's outcome as it comes. */
  onEach: (outcomes: InviteOutcome[]) => void;
}

/**
 * Invites each address with its own request, in order; after a 429 the rest would be refused too, so
 * they are not sent and carry that refusal. Resolves with every outcome.
 */
export function useInviteMembers(config?: MutationConfig<InviteOutcome[], InviteBatch>) {
  return useFeatureMutation(
    async ({ emails, onEach, ...input }: InviteBatch) => {
      const out: InviteOutcome[] = [];
      let limited: ApiError | undefined;
      for (const email of emails) {
        if (limited) {
          out.push({ email, error: limited });
          continue;
        }
        if (!isEmail(email)) {
          out.push({ email, invalid: true });
          continue;
        }
        try {
          await inviteMember({ ...input, email });
          out.push({ email });
        } catch (e) {
          out.push({ email, error: e });
          if (e instanceof ApiError && e.status === 429) limited = e;
        }
        onEach([...out]);
      }
      return out;
    },
    // Once any was sent, everything the organization screens show of invitations and members refetches.
    (_, outcomes) => (outcomes.some((o) => !o.invalid && !o.error) ? keys.screens : []),
    config,
  );
}

/** Sends a pending invitation again, with a new expiry (invite-member with `resend`). */
export function useResendInvitation(organizationId: string, config?: MutationConfig<Invitation, Invitation>) {
  return useFeatureMutation(
    (invitation: Invitation) =>
      inviteMember({
        organizationId,
        email: invitation.email,
        role: invitation.role,
        teamId: invitation.teamId ?? undefined,
        resend: true,
      }),
    () => keys.screens,
    config,
  );
}

/** POST /organization/cancel-invitation. */
function cancelInvitation(invitationId: string) {
  return call("cancelInvitation", { invitationId });
}

/** Cancels a pending invitation; the organization screens refetch. */
export function useCancelInvitation(config?: MutationConfig<unknown, Invitation>) {
  return useFeatureMutation(
    (invitation: Invitation) => cancelInvitation(invitation.id),
    () => keys.screens,
    config,
  );
}

/** GET /organization/list-user-invitations: the signed-in user's own pending invitations. */
export function useUserInvitations(enabled = true) {
  return useQuery({
    queryKey: keys.userInvitations,
    queryFn: () => call<UserInvitation[]>("listUserInvitations"),
    enabled,
  });
}

/**
 * POST /organization/accept-invitation (joins, and the organization becomes the active one:
 * docs/behaviour.md#invitations) or /organization/reject-invitation, for the user's own invitation.
 */
export interface InvitationAnswer {
  invitationId: string;
  accept: boolean;
  /** For the screen's own message. */
  organizationName: string;
}

export function useRespondToInvitation(config?: MutationConfig<unknown, InvitationAnswer>) {
  return useFeatureMutation(
    ({ invitationId, accept }: InvitationAnswer) =>
      call(accept ? "acceptInvitation" : "rejectInvitation", { invitationId }),
    () => [keys.userInvitations, keys.list],
    config,
  );
}
