import { useQuery } from "@tanstack/react-query";
import { fetchJson } from "@/lib/api-error.js";
import { type MutationConfig, useFeatureMutation } from "@/lib/query-client.js";
import type { OrganizationPermissions } from "@/shared/permissions.js";
import { keys } from "./keys.js";
import { call } from "./organizations.js";

/** What a role allows: resource → actions, the statements of src/shared/permissions.ts. */
type PermissionSet = Record<string, string[]>;

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

export interface RoleInput {
  /** The role to change; none to create one. */
  roleId?: string;
  /** The new name; for a change, only when it differs. */
  roleName?: string;
  permission: PermissionSet;
}

/**
 * POST /organization/create-role (the engine stores the name in lower case) or /organization/update-role
 * (a new name, new permissions, or both); then the roles and everything they decide (members' badges,
 * the signed-in user's own permissions) refetch.
 */
export function useSaveRole(organizationId: string, config?: MutationConfig<unknown, RoleInput>) {
  return useFeatureMutation(
    ({ roleId, roleName, permission }: RoleInput) =>
      roleId
        ? call("updateRole", { organizationId, roleId, data: { permission, ...(roleName ? { roleName } : {}) } })
        : call("createRole", { organizationId, role: roleName, permission }),
    () => [keys.roles(organizationId), ...keys.screens],
    config,
  );
}

export interface DeleteRoleInput {
  roleId: string;
  /** Pending invitations giving the role, canceled first. */
  invitationIds: string[];
  /** Members holding it, with the roles each is given instead. */
  reassign: { memberId: string; roles: string[] }[];
}

/**
 * POST /organization/delete-role, which the engine refuses while members hold the role
 * (ROLE_IS_ASSIGNED_TO_MEMBERS) or invitations would give it: those are canceled and reassigned first.
 */
export function useDeleteRole(organizationId: string, config?: MutationConfig<unknown, DeleteRoleInput>) {
  return useFeatureMutation(
    async ({ roleId, invitationIds, reassign }: DeleteRoleInput) => {
      for (const invitationId of invitationIds) await call("cancelInvitation", { invitationId });
      for (const { memberId, roles } of reassign) {
        await call("updateMemberRole", { organizationId, memberId, role: roles.join(",") });
      }
      return call("deleteRole", { organizationId, roleId });
    },
    () => [keys.roles(organizationId), ...keys.screens],
    config,
  );
}
