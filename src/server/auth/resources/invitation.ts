import type { customRoleRules } from "../custom-roles.js";
import { type InvitationSendLimits, invitationSendLimit } from "../invitation-send-limit.js";
import type { organizationMfaPolicy } from "../organization-mfa-policy.js";
import { inviteRoleNotFound, inviterNames, refuseSettledCancel, refuseSettledReject } from "../organization-rules.js";
import type { Resource } from "./resource.js";

/**
 * Invitations: /organization/invite-member, accept-invitation, reject-invitation, cancel-invitation,
 * get-invitation, list-invitations, list-user-invitations (docs/behaviour.md#invitations). What Tessera adds:
 *
 * - invite-member: no role beyond the inviter's permissions, then the send limits per inviter and per
 *   organization (custom-roles.ts, invitation-send-limit.ts; typed hook, and the limit's plugin for resends);
 *   an unknown role is named in words (organization-rules.ts `inviteRoleNotFound`); the mail (`sendInvitationEmail`).
 * - accept-invitation: the organization's MFA requirement, then the role rules (organization-mfa-policy.ts,
 *   custom-roles.ts; typed hook); the invitation and its member are written together (atomic-endpoints.ts).
 * - reject-invitation: only a pending, unexpired invitation (organization-rules.ts `refuseSettledReject`, a path
 *   matcher: the engine's own pending check precedes its typed hook, with another message).
 * - cancel-invitation: only a pending invitation (organization-rules.ts `refuseSettledCancel`, typed hook).
 * - get-invitation, list-user-invitations: the inviter's name (organization-rules.ts `inviterNames`).
 *
 * Also on these calls, table-driven across resources: text lengths (input-rules.ts), audit events
 * (audit/organization-events.ts), an organization's MFA requirement (organization-mfa-policy.ts), API-key scopes (api-keys.ts).
 */
export function invitationResource({
  limits,
  roleRules,
  mfaPolicy,
}: {
  limits: InvitationSendLimits;
  roleRules: ReturnType<typeof customRoleRules>;
  mfaPolicy: ReturnType<typeof organizationMfaPolicy>;
}) {
  const sendLimit = invitationSendLimit(limits);
  return {
    /** Counts resends too, after the fact (registered in options.ts before the audit log). */
    plugin: sendLimit.plugin,
    /** Whether this invitation's mail may go (the send limits); the engine's sendInvitationEmail asks. */
    maySend: sendLimit.maySend,
    organizationHooks: {
      async beforeCreateInvitation(data) {
        // A role beyond the inviter's permissions is refused before the invitation counts.
        await roleRules.beforeCreateInvitation(data);
        await sendLimit.beforeCreateInvitation(data);
      },
      async beforeAcceptInvitation(data) {
        await mfaPolicy.beforeAcceptInvitation(data);
        await roleRules.beforeAcceptInvitation(data);
      },
      beforeCancelInvitation: refuseSettledCancel,
    },
    before: [refuseSettledReject],
    after: [inviterNames, inviteRoleNotFound],
  } satisfies Resource & { plugin: unknown; maySend: unknown };
}
