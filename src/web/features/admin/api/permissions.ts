import { useSession } from "@/lib/api/session.js";
import { SITE_ROLES, siteAc } from "@/shared/permissions.js";
import { type SitePermissions, useSitePermission } from "./admin-access.js";
import { adminActions } from "./admin-client.js";

/** A request the access control understands: actions all required, or any one of them with connector OR. */
export type PermissionRequest = Record<string, string[] | { actions: string[]; connector: "AND" | "OR" }>;

/** Every statement of src/shared/permissions.ts: only ADMIN_USER_IDS (docs/behaviour.md#site-administration "granted everything") holds all. */
export const ALL_SITE_PERMISSIONS: SitePermissions = Object.fromEntries(
  Object.entries(siteAc.statements).map(([resource, actions]) => [resource, [...actions]]),
);

/** Every site role, built-in and custom, as src/shared/permissions.ts defines them. */
export const SITE_ROLE_NAMES: readonly string[] = SITE_ROLES;

/**
 * Whether `role` ("admin", or several comma-separated: any one suffices) grants the request, by the
 * same role data the server uses. A user with no role is a "user" (docs/behaviour.md#site-administration).
 */
export function roleGrants(role: string | null | undefined, request: PermissionRequest): boolean {
  return adminActions.checkRolePermission({
    role: (role || "user") as never,
    permissions: request as never,
  });
}

/**
 * What the signed-in admin may do in the console, to show only the controls that will work. The server
 * still decides each call: a user listed in ADMIN_USER_IDS holds everything (asked of the server once);
 * everyone else holds what their roles grant.
 */
export function useAdminPermissions() {
  const { session } = useSession();
  const role = (session?.user as { role?: string | null } | undefined)?.role ?? null;
  const everything = useSitePermission(ALL_SITE_PERMISSIONS);
  return {
    isPending: everything.isPending,
    /** Listed in ADMIN_USER_IDS: the only admins who may act on other admins. */
    listed: everything.data === true,
    can: (request: PermissionRequest) => everything.data === true || roleGrants(role, request),
  };
}
