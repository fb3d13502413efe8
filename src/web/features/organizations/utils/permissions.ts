import {
  ORGANIZATION_ROLES,
  organizationAc,
  organizationRoles,
  ROLE_NAME_MAX_LENGTH,
  ROLE_NAME_PATTERN,
} from "@/shared/permissions.js";

/** Every resource of an organization and its actions (src/shared/permissions.ts), in the order screens list them. */
export const STATEMENTS = organizationAc.statements as unknown as Record<string, readonly string[]>;
export const RESOURCES = Object.keys(STATEMENTS);

/** Some actions on some resources: `{ invitation: ["create"] }`. */
export type Permissions = { [resource: string]: readonly string[] };

/**
 * Whether `granted` (the caller's effective permissions, as the server resolves them for built-in and
 * custom roles alike) includes every action of `wanted` (docs/roles.md: all of them).
 */
export function can(granted: Permissions | undefined, wanted: Permissions): boolean {
  if (!granted) return false;
  return Object.entries(wanted).every(([resource, actions]) =>
    actions.every((action) => granted[resource]?.includes(action) ?? false),
  );
}

/** The built-in roles, as the server knows them. */
export const ROLES = ORGANIZATION_ROLES;
export type RoleName = (typeof ROLES)[number];
export const isBuiltInRole = (role: string): role is RoleName => (ROLES as readonly string[]).includes(role);

/** What a built-in role allows (read-only: they are defined in code). */
export function builtInPermissions(role: RoleName): Record<string, string[]> {
  const statements = organizationRoles[role].statements as Record<string, readonly string[]>;
  return Object.fromEntries(
    Object.entries(statements)
      .filter(([, actions]) => actions.length > 0)
      .map(([resource, actions]) => [resource, [...actions]]),
  );
}

/** "admin,member" → ["admin", "member"]. */
export function roleList(role: string): string[] {
  return role
    .split(",")
    .map((r) => r.trim())
    .filter(Boolean);
}

export const isOwner = (role: string | undefined) => !!role && roleList(role).includes("owner");

/** A role name as the engine stores it: trimmed, lower case (it lower-cases names itself). */
export function normalizeRoleName(name: string): string {
  return name.trim().toLowerCase();
}

/** The server's rule for a custom role's name (docs/roles.md), shared with it. */
export const MAX_ROLE_NAME = ROLE_NAME_MAX_LENGTH;

/** Why a custom role's name cannot be used, or null. */
export function roleNameProblem(
  name: string,
  taken: readonly string[],
): "required" | "format" | "tooLong" | "builtIn" | "taken" | null {
  const n = normalizeRoleName(name);
  if (!n) return "required";
  if (n.length > MAX_ROLE_NAME) return "tooLong";
  if (!ROLE_NAME_PATTERN.test(n)) return "format";
  if (isBuiltInRole(n)) return "builtIn";
  if (taken.includes(n)) return "taken";
  return null;
}

/** Drops resources left without actions: what the engine stores for a role. */
export function compactPermissions(set: Permissions): Record<string, string[]> {
  return Object.fromEntries(
    RESOURCES.filter((r) => (set[r]?.length ?? 0) > 0).map((r) => [
      r,
      STATEMENTS[r]!.filter((a) => set[r]!.includes(a)),
    ]),
  );
}
