import { createAccessControl } from "better-auth/plugins/access";
import { defaultStatements as adminStatements } from "better-auth/plugins/admin/access";
import { defaultStatements as orgStatements } from "better-auth/plugins/organization/access";

/**
 * SPEC §6 as data, imported by both the server (engine plugins) and the web app
 * (to show or hide controls). Add a role here and both sides know it.
 */
// Beyond the spec: reading the audit log and managing webhooks are permissions like any other; `ac`
// is the engine's resource for the organization's own roles (dynamic access control, docs/roles.md).
export const organizationAc = createAccessControl({
  ...orgStatements,
  audit: ["read"],
  webhook: ["create", "read", "update", "delete"],
} as const);

export const organizationRoles = {
  owner: organizationAc.newRole({
    organization: ["update", "delete"],
    member: ["create", "update", "delete"],
    invitation: ["create", "cancel"],
    team: ["create", "update", "delete"],
    ac: ["create", "read", "update", "delete"],
    audit: ["read"],
    webhook: ["create", "read", "update", "delete"],
  }),
  admin: organizationAc.newRole({
    organization: ["update"],
    member: ["create", "update", "delete"],
    invitation: ["create", "cancel"],
    team: ["create", "update", "delete"],
    ac: ["create", "read", "update", "delete"],
    audit: ["read"],
    webhook: ["create", "read", "update", "delete"],
  }),
  member: organizationAc.newRole({}),
};

export type OrganizationRole = keyof typeof organizationRoles;
export const ORGANIZATION_ROLES = Object.keys(organizationRoles) as OrganizationRole[];

export const siteAc = createAccessControl({
  ...adminStatements,
  audit: ["list"],
  webhook: ["create", "read", "update", "delete"],
} as const);

export const siteRoles = {
  admin: siteAc.newRole({
    user: ["create", "list", "set-role", "ban", "impersonate", "delete", "set-password"],
    session: ["list", "revoke", "delete"],
    audit: ["list"],
    webhook: ["create", "read", "update", "delete"],
  }),
  user: siteAc.newRole({}),
};

export type SiteRole = keyof typeof siteRoles;
export const SITE_ROLES = Object.keys(siteRoles) as SiteRole[];
