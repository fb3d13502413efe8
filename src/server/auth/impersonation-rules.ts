import type { AuthContext, BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { apiError } from "../errors.js";
import type { PathHook } from "./resources/resource.js";

type SiteUser = { id: string; role?: string | null; banned?: boolean | null };
type StoredSession = { token: string; impersonatedBy?: string | null; expiresAt: Date | string };

/**
 * docs/behaviour.md#site-administration "impersonate" is an admin's, acting as one user at a time, for at most the hour the
 * admin plugin gives the session (docs/security.md "Impersonation"):
 *
 * - better-auth 1.7 lets an impersonation session impersonate again when the impersonated user is
 *   an admin and the impersonator may impersonate admins (an ADMIN_USER_IDS admin), which chains
 *   sessions and drops the real admin from impersonatedBy. The admin must stop impersonating first.
 * - The engine refreshes any session whose expiry is nearer than expiresIn - updateAge, which an
 *   hour always is: only the dont_remember cookie the impersonation sets held it back, so a client
 *   that dropped it got 7 days on its next get-session. The refresh keeps the expiry instead.
 * - The session ends when its admin may no longer impersonate (banned, demoted, deleted), on
 *   whatever path the user row changes: a database hook, so the admin calls, self-deletion and
 *   server-side calls alike. Sessions live in the database even with Redis (options.ts), and the
 *   engine's deleteSessions ends them in both stores.
 *
 * `mayImpersonate` is the site-admin test of options.ts (ADMIN_USER_IDS or the admin role). The plugin holds the
 * database hooks; resources/admin.ts wires both.
 */
export function impersonationRules({ mayImpersonate }: { mayImpersonate: (user: SiteUser) => boolean }) {
  let auth: AuthContext | undefined;

  /** Ends every impersonation session `adminId` opened; returns how many. */
  async function endImpersonationsBy(adminId: string): Promise<number> {
    if (!auth) return 0;
    const sessions = await auth.adapter.findMany<StoredSession>({
      model: "session",
      where: [{ field: "impersonatedBy", value: adminId }],
    });
    if (sessions.length) await auth.internalAdapter.deleteSessions(sessions.map((s) => s.token));
    return sessions.length;
  }

  const plugin = {
    id: "tessera-impersonation-rules",
    init(ctx) {
      auth = ctx;
      return {
        options: {
          databaseHooks: {
            session: {
              update: {
                // The engine refreshes the session it has just read for this request (get-session sets
                // ctx.context.session to it before updating); an impersonation session keeps its expiry.
                async before(data, ctx) {
                  const current = (ctx?.context.session as { session?: StoredSession } | null | undefined)?.session;
                  const next = (data as { expiresAt?: Date | string }).expiresAt;
                  if (!next || !current?.impersonatedBy) return;
                  const keep = new Date(current.expiresAt);
                  if (new Date(next).getTime() > keep.getTime()) return { data: { ...data, expiresAt: keep } };
                },
              },
            },
            user: {
              update: {
                async after(user) {
                  const u = user as SiteUser | null;
                  if (u && (u.banned || !mayImpersonate(u))) await endImpersonationsBy(u.id);
                },
              },
              delete: {
                async after(user) {
                  await endImpersonationsBy((user as SiteUser).id);
                },
              },
            },
          },
        },
      };
    },
  } satisfies BetterAuthPlugin;

  /**
   * No impersonation from an impersonation session. A path matcher: the admin plugin has no typed hooks, and a
   * session create hook runs after the engine's own checks (an unknown user, an admin target), which would answer first.
   */
  const noImpersonationChain: PathHook = {
    matcher: (ctx) => ctx.path === "/admin/impersonate-user",
    handler: createAuthMiddleware(async (ctx) => {
      const session = await getSessionFromCtx(ctx);
      if (!session?.session) return; // the endpoint answers 401 itself
      // Someone who may not impersonate at all hears the engine's own refusal.
      if (!mayImpersonate(session.user as SiteUser)) return;
      if ((session.session as { impersonatedBy?: string | null }).impersonatedBy) {
        throw apiError("YOU_CANNOT_IMPERSONATE_WHILE_IMPERSONATING");
      }
    }),
  };

  return { plugin, noImpersonationChain };
}
