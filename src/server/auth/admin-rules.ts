import type { AuthContext } from "better-auth";
import { createAuthMiddleware, getAuthoritativeSessionFromCtx } from "better-auth/api";
import { siteRoles } from "../../shared/permissions.js";
import { apiError } from "../errors.js";
import type { PathHook } from "./resources/resource.js";

type SiteUser = { id: string; role?: string | null; banned?: boolean | null };

/** The site-admin test: listed in ADMIN_USER_IDS, or holding the `admin` role (one of several, comma-separated). */
export function siteAdminTest(adminUserIds: readonly string[]) {
  return (user: { id: string; role?: string | null }) =>
    adminUserIds.includes(user.id) || (user.role ?? "").split(",").includes("admin");
}
type Permission = { user?: string[]; session?: string[] };

/** Whether `user` holds `permission`: listed in ADMIN_USER_IDS, or through any of their site roles (docs/behaviour.md#site-administration). */
export function holdsSitePermission(adminUserIds: readonly string[], user: SiteUser, permission: Permission): boolean {
  return (
    adminUserIds.includes(user.id) ||
    (user.role ?? "user")
      .split(",")
      .some((r) => siteRoles[r as keyof typeof siteRoles]?.authorize(permission as never).success === true)
  );
}

/**
 * The admin calls that act on one user, the permission the engine checks for each, and where the
 * target is named. Impersonation is not here: the engine itself refuses admins as targets to anyone
 * without `impersonate-admins`, which only ADMIN_USER_IDS admins hold.
 */
const TARGETED: Record<string, { permission: Permission; target: "userId" | "id" | "sessionToken" }> = {
  "/admin/set-user-password": { permission: { user: ["set-password"] }, target: "userId" },
  "/admin/ban-user": { permission: { user: ["ban"] }, target: "userId" },
  "/admin/unban-user": { permission: { user: ["ban"] }, target: "userId" },
  "/admin/remove-user": { permission: { user: ["delete"] }, target: "userId" },
  "/admin/set-role": { permission: { user: ["set-role"] }, target: "userId" },
  "/admin/update-user": { permission: { user: ["update"] }, target: "userId" },
  // Tessera's own (auth/admin-mfa-reset.ts): whoever may set a user's password may reset their factors.
  "/admin/reset-user-mfa": { permission: { user: ["set-password"] }, target: "userId" },
  "/admin/get-user": { permission: { user: ["get"] }, target: "id" },
  // Listing hands out the sessions' tokens: as good as signing in as the user.
  "/admin/list-user-sessions": { permission: { session: ["list"] }, target: "userId" },
  "/admin/revoke-user-sessions": { permission: { session: ["revoke"] }, target: "userId" },
  "/admin/revoke-user-session": { permission: { session: ["revoke"] }, target: "sessionToken" },
};

/**
 * docs/behaviour.md#site-administration gives the `admin` role every user action, so a role admin could set an ADMIN_USER_IDS
 * admin's password and sign in as them. Only an ADMIN_USER_IDS admin acts on another admin (their
 * own account excepted); and no call leaves the site without an admin: the last one (ADMIN_USER_IDS
 * users and `admin`-role users, not banned) can neither drop the role nor delete the account, on
 * any call (set-role, update-user, delete-user and its mail link; remove-user needs another admin).
 * Wired by src/server/auth/resources/admin.ts.
 */
export function adminRules({
  adminUserIds,
  isSiteAdmin,
}: {
  adminUserIds: readonly string[];
  isSiteAdmin: (user: SiteUser) => boolean;
}) {
  /** Admins other than `userId` who are not banned. */
  async function otherAdmins(auth: AuthContext, userId: string): Promise<number> {
    const candidates = await auth.adapter.findMany<SiteUser>({
      model: "user",
      where: [
        { field: "role", operator: "contains", value: "admin", connector: "OR" },
        ...(adminUserIds.length
          ? [{ field: "id", operator: "in" as const, value: [...adminUserIds], connector: "OR" as const }]
          : []),
      ],
    });
    return candidates.filter((u) => u.id !== userId && !u.banned && isSiteAdmin(u)).length;
  }

  async function refuseLastAdmin(auth: AuthContext, user: SiteUser) {
    if (isSiteAdmin(user) && !user.banned && (await otherAdmins(auth, user.id)) === 0) {
      throw apiError("CANNOT_REMOVE_LAST_ADMIN");
    }
  }

  const holds = (user: SiteUser, permission: Permission) => holdsSitePermission(adminUserIds, user, permission);

  async function targetOf(
    auth: AuthContext,
    ctx: { body?: any; query?: any },
    where: "userId" | "id" | "sessionToken",
  ) {
    if (where === "sessionToken") {
      const token = ctx.body?.sessionToken;
      return typeof token === "string" && token
        ? ((await auth.internalAdapter.findSession(token))?.user ?? null)
        : null;
    }
    const id = where === "id" ? ctx.query?.id : ctx.body?.userId;
    return typeof id === "string" || typeof id === "number"
      ? await auth.internalAdapter.findUserById(String(id))
      : null;
  }

  /**
   * Only ADMIN_USER_IDS admins act on admins; the last admin keeps the role. A path matcher: the admin plugin has
   * no typed hooks, reads (get-user, list-user-sessions) have no database hook, and the writes' database hooks run
   * after the engine's own checks and earlier writes (remove-user deletes sessions and accounts before the user).
   */
  const actingOnAdmins: PathHook = {
    matcher: (ctx) => Object.hasOwn(TARGETED, ctx.path ?? ""),
    handler: createAuthMiddleware(async (ctx) => {
      const rule = TARGETED[ctx.path];
      const session = await getAuthoritativeSessionFromCtx(ctx);
      // Signed out, or without the permission at all: the engine's own refusal.
      if (!rule || !session) return;
      const actor = session.user as SiteUser;
      if (!holds(actor, rule.permission)) return;
      const target = (await targetOf(ctx.context, ctx, rule.target)) as SiteUser | null;
      if (!target) return; // the engine answers "not found" (or does nothing) itself
      if (target.id !== actor.id && isSiteAdmin(target) && !adminUserIds.includes(actor.id)) {
        throw apiError("ONLY_LISTED_ADMINS_ACT_ON_ADMINS");
      }
      const role = ctx.path === "/admin/set-role" ? ctx.body?.role : ctx.body?.data?.role;
      const demotes =
        (ctx.path === "/admin/set-role" || ctx.path === "/admin/update-user") &&
        role !== undefined &&
        !isSiteAdmin({ id: target.id, role: Array.isArray(role) ? role.join(",") : String(role) });
      if (demotes) await refuseLastAdmin(ctx.context, target);
    }),
  };

  /**
   * The last admin does not delete their own account. A path matcher: before anything is deleted or the mailed
   * link is used up (the typed user.deleteUser.beforeDelete runs after the link is consumed, and never before
   * the mail; a refusal in a database hook would come after the engine has deleted the sessions and accounts).
   */
  const lastAdminStays: PathHook = {
    matcher: (ctx) => ctx.path === "/delete-user" || ctx.path === "/delete-user/callback",
    handler: createAuthMiddleware(async (ctx) => {
      const session = await getAuthoritativeSessionFromCtx(ctx);
      if (session) await refuseLastAdmin(ctx.context, session.user as SiteUser);
    }),
  };

  return { actingOnAdmins, lastAdminStays };
}
