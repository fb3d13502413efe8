import type { customRoleRules } from "../custom-roles.js";
import { clearOnLeave, clearRemovedMember, memberRoleNotFound } from "../organization-rules.js";
import type { Resource } from "./resource.js";

/**
 * Members: /organization/add-member (server only), update-member-role, remove-member, leave, list-members,
 * get-active-member, get-active-member-role (docs/behaviour.md#members). What Tessera adds, by call:
 *
 * - update-member-role, add-member: no role beyond the caller's permissions (custom-roles.ts, typed hooks);
 *   an unknown role is named in words (organization-rules.ts `memberRoleNotFound`).
 * - remove-member: the removed user's sessions let go of the organization (organization-rules.ts, typed hook).
 * - leave: the same (`clearOnLeave`, a path matcher: the engine's leave calls no typed hook).
 * - list-members: limit and offset checked (list-query-rules.ts); answered by the fast read (organization-reads/).
 * - a member joins by verified domain or SSO connection (sso/policy.ts).
 *
 * Also on these calls, table-driven across resources: audit events (audit/organization-events.ts), an organization's MFA
 * requirement (organization-mfa-policy.ts), API-key scopes (api-keys.ts).
 */
export function memberResource({ roleRules }: { roleRules: ReturnType<typeof customRoleRules> }) {
  return {
    organizationHooks: {
      beforeAddMember: roleRules.beforeAddMember,
      beforeUpdateMemberRole: roleRules.beforeUpdateMemberRole,
      afterRemoveMember: clearRemovedMember,
    },
    after: [memberRoleNotFound, clearOnLeave],
  } satisfies Resource;
}
