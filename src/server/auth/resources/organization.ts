import type { organizationMfaPolicy } from "../organization-mfa-policy.js";
import { beforeDeleteOrganization, metadataRecords } from "../organization-rules.js";
import type { Resource } from "./resource.js";

/**
 * Organizations: /organization/create, update, delete, list, get-full-organization, set-active, check-slug, and
 * custom roles (/organization/create-role, update-role, delete-role, list-roles, get-role)
 * (docs/behaviour.md#organizations-1, docs/roles.md). What Tessera adds, by call:
 *
 * - create: who may create (options.ts `allowUserToCreateOrganization`); the MFA field's rules
 *   (organization-mfa-policy.ts, typed hook); the organization and its owner are written together
 *   (atomic-endpoints.ts).
 * - update: the MFA field's rules (organization-mfa-policy.ts, typed hook).
 * - delete: every member's sessions let go of it, its verified domain goes with it (organization-rules.ts, typed hook).
 * - list, get-full-organization, set-active, delete: metadata answered as a record (organization-rules.ts
 *   `metadataRecords`); list and get-full-organization are answered by the fast reads (organization-reads/).
 * - every call but a few (`OPEN`): the organization's MFA requirement (organization-mfa-policy.ts, its plugin).
 * - create-role, update-role, delete-role: names, known permissions, no escalation, renames that keep their
 *   holders (custom-roles.ts, its plugin: the engine has no typed role hooks; the holders: role-rename.ts, in
 *   update-role's transaction, atomic-endpoints.ts).
 *
 * Also on these calls, table-driven across resources: text lengths (input-rules.ts), audit events
 * (audit/organization-events.ts), API-key scopes (api-keys.ts), SSO fields and policy (sso/policy.ts).
 *
 * See also: the other resources of an organization (resources/member.ts, invitation.ts, team.ts); its reads
 * without the engine (organization-reads/index.ts, docs/decisions/014).
 */
export function organizationResource({ mfaPolicy }: { mfaPolicy: ReturnType<typeof organizationMfaPolicy> }) {
  return {
    organizationHooks: {
      beforeCreateOrganization: mfaPolicy.beforeCreateOrganization,
      beforeUpdateOrganization: mfaPolicy.beforeUpdateOrganization,
      beforeDeleteOrganization,
    },
    after: [metadataRecords],
  } satisfies Resource;
}
