import type { Row } from "../fast-path/session-lookup.js";
import type { MfaStatus } from "../mfa-status.js";
import { type Engine, engine } from "./answer.js";
import type { ReadContext } from "./context.js";
import type { Statements } from "./statements.js";

/** The engine's parseRoleList: comma-separated roles, trimmed, empty ones dropped. */
export function parseRoleList(roles: unknown): string[] {
  return (Array.isArray(roles) ? roles : [roles])
    .flatMap((role) => String(role).split(","))
    .map((role) => role.trim())
    .filter(Boolean);
}

function isPermissionRecord(value: unknown): value is Record<string, string[]> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((v) => Array.isArray(v) && v.every((a) => typeof a === "string"));
}

/** The caller's membership from a PostgreSQL read's row, as `membership` judges it. */
export function callerOf(row: Row): { role: unknown } | Engine {
  const rows = Number(row.tessera_rows);
  if (rows !== 1) return engine(rows ? "more than one membership row" : "not a member");
  const truthy = (v: unknown) => v === true || v === 1;
  if (truthy(row.tessera_requireMfa) && !truthy(row.tessera_twoFactorEnabled)) return engine("MFA policy");
  return { role: row.tessera_role };
}

/** auth/mfa-status.ts's mfaStatusOf of each of these users (read alongside), or null when it could differ. */
export function mfaStatus(users: Row[]): Map<string, MfaStatus> | null {
  const out = new Map<string, MfaStatus>();
  for (const u of users) {
    const factors = Number(u.tessera_factors);
    // Its join gives one row per factor and keeps the last: an order not ours to know.
    if (factors > 1) return null;
    const enabled = u.twoFactorEnabled === true || u.twoFactorEnabled === 1;
    const verified = u.tessera_verified;
    out.set(String(u.id), {
      twoFactor: enabled ? (factors === 1 && verified !== false && verified !== 0 ? "totp" : "otp") : null,
      passkeys: Number(u.tessera_passkeys),
    });
  }
  return out;
}

/**
 * The checks before an answer as the engine and our hooks make them: the caller's membership and the
 * MFA policy, `invitation: create` through the built-in and the organization's custom roles, and
 * which invitations the caller sees.
 */
export function permissionsOf(
  { exec, member, role, org, findMany, findManyLimit, creatorRole }: ReadContext,
  { membershipSQL }: Statements,
  /** The PostgreSQL reads' custom roles columns (pg-statements.ts), "" when they read none. */
  customRoles: string,
) {
  /**
   * The invitations the caller sees of this JSON text: all of them for a creator, else without the
   * creator role's (the engine's withoutCreatorRoleInvitations); parsed only when one may name it.
   */
  function visibleInvitations(text: string, row: Row, alias: string, role: unknown): string {
    if (Number(row[`tessera_${alias}_creator`]) === 0 || parseRoleList(role).includes(creatorRole)) return text;
    const list = JSON.parse(text) as Row[];
    return JSON.stringify(list.filter((i) => !parseRoleList(i.role).includes(creatorRole)));
  }
  /** The custom roles a PostgreSQL read gives (customRoles), as canViewInvitations reads them, or why the engine answers. */
  function customRolesOf(row: Row): Row[] | Engine {
    if (!customRoles) return [];
    if (Number(row.tessera_custom_count) > findManyLimit) return engine("more custom roles than the engine reads");
    const pairs = (row.tessera_custom_roles ?? []) as [unknown, unknown][];
    const custom = pairs.map(([name, permission]) => ({ role: name, permission }));
    // Two rows of one name: the engine's last one wins, in an order not ours to know.
    if (new Set(custom.map((r) => String(r.role))).size !== custom.length) return engine("a custom role twice");
    return custom;
  }

  /**
   * The caller's membership as the engine and the MFA policy hook see it: the member row, or why the
   * engine must answer (not a member, more than one row, or refused by the organization's MFA policy).
   */
  async function membership(userId: string, organizationId: string): Promise<Row | Engine> {
    const rows = await exec(membershipSQL, [organizationId, userId, userId, organizationId], "tessera_org_membership");
    if (rows.length !== 1) return engine(rows.length ? "more than one membership row" : "not a member");
    const row = rows[0] as Row;
    const truthy = (v: unknown) => v === true || v === 1;
    if (truthy(row.tessera_requireMfa) && !truthy(row.tessera_twoFactorEnabled)) return engine("MFA policy");
    return member.decode(row);
  }

  /** The engine's canViewInvitations (invitation: create), custom roles of the organization included. */
  async function canViewInvitations(memberRole: unknown, organizationId: string): Promise<boolean | Engine> {
    if (!(org.dynamicAccessControl?.enabled && org.ac)) return mayInvite(memberRole, []);
    if (!role) return engine("no organizationRole table");
    const rows = await findMany(role, "organizationId", organizationId, findManyLimit);
    return mayInvite(
      memberRole,
      rows.map((row) => role.decode(row)),
    );
  }

  /** `invitation: create` for these roles, given the organization's custom roles (role, permission) in the engine's order. */
  function mayInvite(memberRole: unknown, custom: Row[]): boolean | Engine {
    const roles = parseRoleList(memberRole);
    const acRoles: Record<string, { authorize(r: Record<string, string[]>): { success: boolean } } | undefined> = {
      ...(org.roles ?? {}),
    };
    if (org.dynamicAccessControl?.enabled && org.ac) {
      for (const r of custom) {
        let permissions: unknown;
        try {
          permissions = JSON.parse(String(r.permission));
        } catch {
          return engine("unreadable custom role");
        }
        if (!isPermissionRecord(permissions)) return engine("unreadable custom role");
        const name = String(r.role);
        const merged: Record<string, string[]> = {
          ...((org.roles?.[name] as { statements?: Record<string, string[]> } | undefined)?.statements ?? {}),
        };
        for (const [key, actions] of Object.entries(permissions))
          merged[key] = [...new Set([...(merged[key] ?? []), ...actions])];
        acRoles[name] = org.ac.newRole(merged);
      }
    }
    for (const r of roles) if (acRoles[r]?.authorize({ invitation: ["create"] })?.success) return true;
    return false;
  }
  return { visibleInvitations, customRolesOf, membership, canViewInvitations, mayInvite };
}
export type Permissions = ReturnType<typeof permissionsOf>;
