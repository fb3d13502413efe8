import { createAccessControl } from "better-auth/plugins/access";
import { defaultStatements as adminStatements } from "better-auth/plugins/admin/access";
import { defaultStatements as orgStatements } from "better-auth/plugins/organization/access";

/**
 * docs/roles.md as data, imported by both the server (engine plugins) and the web app
 * (to show or hide controls). Add a role here and both sides know it.
 *
 * See also: custom roles (src/server/auth/custom-roles.ts, a rename's holders: role-rename.ts); app routes'
 * checks (src/server/routes/authorize.ts); the roles screen (src/web/features/organizations/components/roles-section.tsx).
 */
// Beyond the spec: reading the audit log and managing webhooks are permissions like any other; `ac`
// is the engine's resource for the organization's own roles (dynamic access control, docs/roles.md).
export const organizationAc = createAccessControl({
  ...orgStatements,
  audit: ["read"],
  webhook: ["create", "read", "update", "delete"],
  // The organization's API keys (the engine's api-key plugin checks this resource; docs/integrate.md).
  apiKey: ["create", "read", "update", "delete"],
  // The organization's own OAuth / OpenID Connect clients ("Apps (OAuth)" tab; docs/integrate.md).
  oauthClient: ["create", "read", "update", "delete"],
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
    apiKey: ["create", "read", "update", "delete"],
    oauthClient: ["create", "read", "update", "delete"],
  }),
  admin: organizationAc.newRole({
    organization: ["update"],
    member: ["create", "update", "delete"],
    invitation: ["create", "cancel"],
    team: ["create", "update", "delete"],
    ac: ["create", "read", "update", "delete"],
    audit: ["read"],
    webhook: ["create", "read", "update", "delete"],
    apiKey: ["create", "read", "update", "delete"],
    oauthClient: ["create", "read", "update", "delete"],
  }),
  member: organizationAc.newRole({}),
};

export type OrganizationRole = keyof typeof organizationRoles;
export const ORGANIZATION_ROLES = Object.keys(organizationRoles) as OrganizationRole[];

/**
 * A custom role's name (docs/roles.md): 1 to 32 characters, lowercase letters a–z, digits, `-` and `_`,
 * starting with a letter. Never a comma (a member's roles are stored comma-separated) nor a built-in name.
 */
export const ROLE_NAME_PATTERN = /^[a-z][a-z0-9_-]{0,31}$/;
export const ROLE_NAME_MAX_LENGTH = 32;

/** Permissions as the engine's has-permission calls take them: resource → actions (all of them needed). */
export type Permissions = Record<string, string[]>;

/** The "resource:action" pairs of `permission` that the organization statements do not know. */
export function unknownPermissions(permission: Record<string, unknown>): string[] {
  const statements = organizationAc.statements as Record<string, readonly string[]>;
  const unknown: string[] = [];
  for (const [resource, actions] of Object.entries(permission)) {
    const known = Object.hasOwn(statements, resource) ? statements[resource] : undefined;
    for (const action of Array.isArray(actions) ? actions : [actions]) {
      if (!known || typeof action !== "string" || !known.includes(action))
        unknown.push(`${resource}:${String(action)}`);
    }
    if (!known && Array.isArray(actions) && actions.length === 0) unknown.push(`${resource}:`);
  }
  return unknown;
}

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

/**
 * GET /api/organizations/:organizationId/permissions: the caller's role names there and what they add
 * up to, resource → actions (built-in and custom roles together); the screens show or hide controls by it.
 */
export interface OrganizationPermissions {
  roles: string[];
  permissions: Record<string, string[]>;
}
