import { useQuery } from "@tanstack/react-query";
import type { OrganizationPermissions } from "../../../../shared/permissions.js";
import { fetchJson } from "../../../lib/api-error.js";
import { keys } from "./keys.js";
import { call } from "./organizations.js";

/** What a role allows: resource → actions, the statements of src/shared/permissions.ts. */
export type PermissionSet = Record<string, string[]>;

/** A custom role of one organization, as the engine's list-roles answers it. */
export interface CustomRole {
  id: string;
  organizationId: string;
  role: string;
  permission: PermissionSet;
  createdAt: string | Date;
  updatedAt?: string | Date | null;
}

/**
 * The caller's effective permissions in an organization, from the server (which resolves custom roles):
 * every show/hide decision of the organization screens is made from this answer.
 */
export function useMyPermissions(organizationId: string | undefined) {
  return useQuery({
    queryKey: keys.permissions(organizationId ?? ""),
    queryFn: () =>
      fetchJson<OrganizationPermissions>(`/api/organizations/${encodeURIComponent(organizationId ?? "")}/permissions`),
    enabled: !!organizationId,
    retry: false,
  });
}

/** GET /organization/list-roles (ac: read). */
export function useCustomRoles(organizationId: string, enabled = true) {
  return useQuery({
    queryKey: keys.roles(organizationId),
    queryFn: () => call<CustomRole[]>("listRoles", { query: { organizationId } }),
    enabled,
  });
}

/** POST /organization/create-role; the engine stores the name in lower case. */
export function createRole(organizationId: string, role: string, permission: PermissionSet) {
  return call<{ roleData: CustomRole }>("createRole", { organizationId, role, permission });
}

/** POST /organization/update-role: a new name, new permissions, or both. */
export function updateRole(
  organizationId: string,
  roleId: string,
  data: { roleName?: string; permission?: PermissionSet },
) {
  return call<{ roleData: CustomRole }>("updateRole", { organizationId, roleId, data });
}

/** POST /organization/delete-role; refused while members hold it (ROLE_IS_ASSIGNED_TO_MEMBERS). */
export function deleteRole(organizationId: string, roleId: string) {
  return call("deleteRole", { organizationId, roleId });
}
