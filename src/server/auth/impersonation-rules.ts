import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";

/**
 * SPEC §6 "impersonate" is an admin's, acting as one user at a time: better-auth 1.7 lets an
 * impersonation session impersonate again when the impersonated user is an admin and the
 * impersonator may impersonate admins (an ADMIN_USER_IDS admin), which chains sessions and drops
 * the real admin from impersonatedBy. The admin must stop impersonating first. `mayImpersonate`
 * is the site-admin test of options.ts (ADMIN_USER_IDS or the admin role).
 */
export function impersonationRules({
  mayImpersonate,
}: {
  mayImpersonate: (user: { id: string; role?: string | null }) => boolean;
}) {
  return {
    id: "tessera-impersonation-rules",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === "/admin/impersonate-user",
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx);
            if (!session?.session) return; // the endpoint answers 401 itself
            // Someone who may not impersonate at all hears the engine's own refusal.
            if (!mayImpersonate(session.user as { id: string; role?: string | null })) return;
            if ((session.session as { impersonatedBy?: string | null }).impersonatedBy) {
              throw APIError.from("FORBIDDEN", {
                code: "YOU_CANNOT_IMPERSONATE_WHILE_IMPERSONATING",
                message: "You cannot impersonate while impersonating; stop impersonating first",
              });
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
