import { getCurrentAdapter, tryGetCurrentAuthEndpointContext } from "@better-auth/core/context";
import type { AuthContext, BetterAuthPlugin, DBAdapter } from "better-auth";
import { createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import {
  organizationAc,
  organizationRoles,
  type Permissions,
  ROLE_NAME_PATTERN,
  unknownPermissions,
} from "../../shared/permissions.js";
import { apiError, apiErrorWith, errorBody } from "../errors.js";

/**
 * Custom organization roles (docs/roles.md): the engine's dynamic access control stores them
 * (`organizationRole`) and checks them everywhere; this adds what Tessera needs beyond it:
 * - a name rule and known resources *and actions* only (the engine checks resources only);
 * - no escalation: nobody gives a role holding a permission they lack (invitations, role changes),
 *   changes the role of a member who holds more than they do, nor edits or deletes a role holding
 *   more than they do (the engine checks only the permissions a role is given);
 * - a role carried by a pending invitation cannot be deleted, and an invitation whose role is gone
 *   cannot be accepted;
 * - a rename carries every member and pending invitation holding the role along, in one transaction
 *   (the engine renames the role row only, and its holders would silently lose it): role-rename.ts.
 */

export type Adapter = Pick<DBAdapter<any>, "findOne" | "findMany" | "update">;
type Json = Record<string, unknown>;

const BUILT_IN: Record<string, { statements: Record<string, readonly string[]> }> = organizationRoles;
const STATEMENTS = organizationAc.statements as Record<string, readonly string[]>;

/** A member's or invitation's roles: stored comma-separated, trimmed (the engine's parseRoleList). */
export function roleList(role: unknown): string[] {
  const values = Array.isArray(role) ? role : [role];
  return values
    .filter((v): v is string => typeof v === "string")
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter(Boolean);
}

const isBuiltIn = (name: string) => Object.hasOwn(BUILT_IN, name);

function parsePermission(value: unknown): Permissions {
  if (!value) return {};
  try {
    const parsed = typeof value === "string" ? JSON.parse(value) : value;
    return parsed && typeof parsed === "object" ? (parsed as Permissions) : {};
  } catch {
    return {};
  }
}

/** The custom roles of an organization with these names: name → permissions. */
async function customRoles(adapter: Adapter, organizationId: string, names: string[]) {
  const wanted = names.filter((n) => !isBuiltIn(n));
  const found = new Map<string, Permissions>();
  if (wanted.length === 0) return found;
  const rows = await adapter.findMany<{ role: string; permission: string }>({
    model: "organizationRole",
    where: [
      { field: "organizationId", value: organizationId },
      { field: "role", operator: "in", value: wanted },
    ],
  });
  for (const row of rows) found.set(row.role, parsePermission(row.permission));
  return found;
}

/**
 * What a holder of these roles may do in the organization: the union of the built-in roles'
 * statements and the custom roles' permissions, in the order of the statements. For one
 * resource:action this is exactly the engine's hasPermission (a member is allowed when any of their
 * roles allows it; a role name that exists nowhere allows nothing).
 */
export async function effectivePermissions(adapter: Adapter, organizationId: string, role: unknown) {
  const names = roleList(role);
  const custom = await customRoles(adapter, organizationId, names);
  const held = new Map<string, Set<string>>();
  const add = (statements: Record<string, readonly string[] | undefined>) => {
    for (const [resource, actions] of Object.entries(statements)) {
      const set = held.get(resource) ?? new Set<string>();
      for (const action of actions ?? []) set.add(action);
      held.set(resource, set);
    }
  };
  for (const name of names) {
    if (isBuiltIn(name)) add(BUILT_IN[name]?.statements ?? {});
    else add(custom.get(name) ?? {});
  }
  const out: Permissions = {};
  for (const [resource, actions] of Object.entries(STATEMENTS)) {
    const set = held.get(resource);
    out[resource] = actions.filter((a) => set?.has(a));
  }
  return { roles: names, permissions: out, missingRoles: names.filter((n) => !isBuiltIn(n) && !custom.has(n)) };
}

/** The "resource:action" pairs of `wanted` that `held` lacks. */
function lacking(held: Permissions, wanted: Permissions): string[] {
  return Object.entries(wanted).flatMap(([resource, actions]) =>
    (actions ?? []).filter((a) => !held[resource]?.includes(a)).map((a) => `${resource}:${a}`),
  );
}

async function memberRow(adapter: Adapter, organizationId: string, userId: string) {
  return adapter.findOne<{ id: string; role: string }>({
    model: "member",
    where: [
      { field: "organizationId", value: organizationId },
      { field: "userId", value: userId },
    ],
  });
}

/** What giving `roles` hands out: the union of their permissions. */
async function permissionsOfRoles(adapter: Adapter, organizationId: string, roles: unknown) {
  return (await effectivePermissions(adapter, organizationId, roles)).permissions;
}

type Refusal =
  | "INVALID_ROLE_NAME"
  | "INVALID_PERMISSION"
  | "ROLE_BEYOND_YOUR_PERMISSIONS"
  | "MEMBER_BEYOND_YOUR_PERMISSIONS"
  | "ROLE_IS_ASSIGNED_TO_INVITATIONS";

function refuse(code: Refusal, extra: Json = {}): never {
  throw apiErrorWith({ ...errorBody(code), ...extra });
}

function checkName(name: unknown) {
  if (typeof name === "string" && !ROLE_NAME_PATTERN.test(name)) refuse("INVALID_ROLE_NAME");
}

function checkPermission(permission: unknown) {
  if (!permission || typeof permission !== "object" || Array.isArray(permission)) return; // the engine's schema answers
  const unknown = unknownPermissions(permission as Json);
  if (unknown.length) refuse("INVALID_PERMISSION", { unknownPermissions: unknown });
}

/** The role row an update-role or delete-role names (roleName or roleId), in that organization. */
export async function namedRole(adapter: Adapter, organizationId: string, selector: Json) {
  const byName = typeof selector.roleName === "string" && selector.roleName.length > 0;
  const byId = typeof selector.roleId === "string" && selector.roleId.length > 0;
  if (!byName && !byId) return null;
  return adapter.findOne<{ id: string; role: string; permission: string }>({
    model: "organizationRole",
    where: [
      { field: "organizationId", value: organizationId },
      byName
        ? { field: "role", value: selector.roleName as string }
        : { field: "id", value: selector.roleId as string },
    ],
  });
}

/** Pending, unexpired invitations of the organization that carry `role`. */
export async function pendingInvitationsWith(adapter: Adapter, organizationId: string, role: string) {
  const rows = await adapter.findMany<{ id: string; role: string; expiresAt: Date | string }>({
    model: "invitation",
    where: [
      { field: "organizationId", value: organizationId },
      { field: "status", value: "pending" },
      { field: "role", operator: "contains", value: role },
    ],
    limit: 100_000,
  });
  return rows.filter((r) => roleList(r.role).includes(role));
}

/** The caller of the current engine endpoint, as its session middleware found them. */
function currentCaller(): {
  userId: string;
  ctx: NonNullable<ReturnType<typeof tryGetCurrentAuthEndpointContext>>;
} | null {
  const ctx = tryGetCurrentAuthEndpointContext();
  const session = (ctx?.context as { session?: { user?: { id?: string } } } | undefined)?.session;
  const userId = session?.user?.id;
  return ctx && userId ? { userId, ctx } : null;
}

export function customRoleRules() {
  let context: AuthContext | undefined;
  const adapterNow = async (): Promise<Adapter> => {
    if (!context) throw new Error("custom role rules used before the engine started");
    return getCurrentAdapter(context.adapter);
  };

  /**
   * The caller may hand out `roles` (and, for a role change, touch a member holding `current`):
   * every permission they carry must be the caller's own. The creator role is the engine's to judge
   * (only an owner gives it, and an owner holds every permission).
   */
  async function mayGive(organizationId: string, roles: unknown, current?: unknown) {
    const caller = currentCaller();
    if (!caller) return; // a server-side call: no session to compare with
    const adapter = await adapterNow();
    const member = await memberRow(adapter, organizationId, caller.userId);
    if (!member) return; // the engine has already refused anyone else
    const held = (await effectivePermissions(adapter, organizationId, member.role)).permissions;
    if (current !== undefined) {
      const missing = lacking(held, await permissionsOfRoles(adapter, organizationId, current));
      if (missing.length) refuse("MEMBER_BEYOND_YOUR_PERMISSIONS", { missingPermissions: missing });
    }
    const missing = lacking(held, await permissionsOfRoles(adapter, organizationId, roles));
    if (missing.length) refuse("ROLE_BEYOND_YOUR_PERMISSIONS", { missingPermissions: missing });
  }

  const plugin = {
    id: "tessera-custom-roles",
    init(ctx) {
      context = ctx;
    },
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === "/organization/create-role",
          handler: createAuthMiddleware(async (ctx) => {
            const body = (ctx.body ?? {}) as Json;
            checkName(body.role);
            checkPermission(body.permission);
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/organization/update-role" || ctx.path === "/organization/delete-role",
          handler: createAuthMiddleware(async (ctx) => {
            const body = (ctx.body ?? {}) as Json;
            const updating = ctx.path === "/organization/update-role";
            if (updating) {
              const data = (body.data && typeof body.data === "object" ? body.data : {}) as Json;
              checkName(data.roleName);
              checkPermission(data.permission);
            }
            const session = await getSessionFromCtx(ctx).catch(() => null);
            if (!session) return; // the engine answers
            const organizationId =
              (typeof body.organizationId === "string" ? body.organizationId : undefined) ??
              (session.session.activeOrganizationId as string | null | undefined);
            if (!organizationId) return;
            const { adapter } = ctx.context;
            const member = await memberRow(adapter, organizationId, session.user.id);
            if (!member) return;
            const held = (await effectivePermissions(adapter, organizationId, member.role)).permissions;
            // Without ac:update / ac:delete the engine refuses in its own words.
            if (!held.ac?.includes(updating ? "update" : "delete")) return;
            const role = await namedRole(adapter, organizationId, body);
            if (!role) return;
            const missing = lacking(held, parsePermission(role.permission));
            if (missing.length) refuse("ROLE_BEYOND_YOUR_PERMISSIONS", { missingPermissions: missing });
            if (updating) return;
            const now = Date.now();
            const carried = (await pendingInvitationsWith(adapter, organizationId, role.role)).filter(
              (i) => new Date(i.expiresAt).getTime() > now,
            );
            if (carried.length) refuse("ROLE_IS_ASSIGNED_TO_INVITATIONS");
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;

  return {
    plugin,
    /** organizationHooks.beforeCreateInvitation: after the engine's checks (invitation:create, roles exist). */
    async beforeCreateInvitation(data: { invitation: { role?: unknown }; organization: { id: string } }) {
      await mayGive(data.organization.id, data.invitation.role);
    },
    /** organizationHooks.beforeUpdateMemberRole: after the engine's checks (member:update, roles exist). */
    async beforeUpdateMemberRole(data: { member: { role: string }; newRole: string; organization: { id: string } }) {
      await mayGive(data.organization.id, data.newRole, data.member.role);
    },
    /** organizationHooks.beforeAddMember: a session-less server call gives what it likes; a caller, only theirs. */
    async beforeAddMember(data: { member: { role?: unknown }; organization: { id: string } }) {
      await mayGive(data.organization.id, data.member.role);
    },
    /** organizationHooks.beforeAcceptInvitation: a role deleted since the invitation was sent is not given. */
    async beforeAcceptInvitation(data: { invitation: { role: string; organizationId: string } }) {
      const { missingRoles } = await effectivePermissions(
        await adapterNow(),
        data.invitation.organizationId,
        data.invitation.role,
      );
      if (missingRoles.length) throw apiError("ROLE_NOT_FOUND", "named", missingRoles.join(", "));
    },
  };
}
