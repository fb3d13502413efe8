import { organizationClient } from "better-auth/client/plugins";
import { organizationAc, organizationRoles } from "../../../../shared/permissions.js";
import { authClient } from "../../../lib/auth-client.js";

/**
 * The organization client's own permission check, with the roles the server enforces (SPEC §6, from
 * src/shared/permissions.ts). Built here, in the organization screens' chunk, rather than in the app's
 * auth client, so the sign-in screen does not download the role tables.
 */
const { organization } = organizationClient({
  ac: organizationAc,
  roles: organizationRoles,
  teams: { enabled: true },
}).getActions(authClient.$fetch as never, authClient.$store as never, undefined);

export type Permissions = Parameters<typeof organization.checkRolePermission>[0]["permissions"];

/** Whether a member with `role` ("admin", or several: "admin,member") may do all of `permissions`. */
export function can(role: string | undefined, permissions: Permissions): boolean {
  if (!role) return false;
  return organization.checkRolePermission({ role: role as never, permissions });
}

export const ROLES = ["owner", "admin", "member"] as const;
export type RoleName = (typeof ROLES)[number];

/** "admin,member" → ["admin", "member"]. */
export function roleList(role: string): string[] {
  return role
    .split(",")
    .map((r) => r.trim())
    .filter(Boolean);
}

export const isOwner = (role: string | undefined) => !!role && roleList(role).includes("owner");
