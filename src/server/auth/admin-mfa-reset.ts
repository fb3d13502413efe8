import { getCurrentAdapter, runWithTransaction } from "@better-auth/core/context";
import type { BetterAuthPlugin } from "better-auth";
import { createAuthEndpoint, sessionMiddleware } from "better-auth/api";
import { z } from "zod";
import { apiError } from "../errors.js";
import type { AuthMail, MailUser } from "../mail/auth-mail.js";
import { holdsSitePermission } from "./admin-rules.js";
import type { MfaStatus } from "./mfa-status.js";

type SiteUser = MailUser & { role?: string | null; twoFactorEnabled?: boolean | null };

/** The permission the reset needs: as for setting a user's password, the other credential an admin may reset. */
const MFA_RESET_PERMISSION = { user: ["set-password"] };

const bodySchema = z.object({
  userId: z.string({ message: "userId must be a string" }).min(1).max(128, "userId must be at most 128 characters"),
});

/**
 * POST /api/auth/admin/reset-user-mfa {userId} (docs/mfa.md "Site administrators"): for a user who lost
 * their authenticator or passkeys. Turns two-step verification off through the engine's updateUser (so
 * every database hook on that change runs: the trusted devices end with it), deletes the authenticator
 * with its backup codes and every passkey, in one transaction; then mails the user. Their sessions
 * stay, as with the peers (Keycloak, Auth0, Okta); the console's "Sign out everywhere" ends them.
 *
 * An engine endpoint rather than an app route, so the admin rules (auth/admin-rules.ts: only
 * ADMIN_USER_IDS admins act on admins), the origin check, the rate limit and the audit log
 * (admin.mfa_reset) apply to it exactly as to the engine's own /admin/* calls.
 */
export function adminMfaReset({ adminUserIds, mail }: { adminUserIds: readonly string[]; mail: AuthMail }) {
  return {
    id: "tessera-admin-mfa-reset",
    endpoints: {
      resetUserMfa: createAuthEndpoint(
        "/admin/reset-user-mfa",
        { method: "POST", body: bodySchema, use: [sessionMiddleware] },
        async (ctx) => {
          const actor = ctx.context.session.user as SiteUser;
          if (!holdsSitePermission(adminUserIds, actor, MFA_RESET_PERMISSION)) {
            throw apiError("YOU_ARE_NOT_ALLOWED_TO_RESET_USERS_MFA");
          }
          const { userId } = ctx.body;
          // One's own factors change with the password in Settings → Security (the engine's disable).
          if (userId === actor.id) throw apiError("YOU_CANNOT_RESET_YOUR_OWN_MFA");
          const user = (await ctx.context.internalAdapter.findUserById(userId)) as SiteUser | null;
          if (!user) throw apiError("USER_NOT_FOUND");

          const { adapter } = ctx.context;
          const byUser = [{ field: "userId", value: userId }];
          const [app, passkeys] = await Promise.all([
            adapter.findOne<{ verified?: boolean | null }>({ model: "twoFactor", where: byUser }),
            adapter.count({ model: "passkey", where: byUser }),
          ]);
          // As auth/mfa-status.ts reports it: what the admin saw in the console.
          const twoFactor: MfaStatus["twoFactor"] = user.twoFactorEnabled
            ? app && app.verified !== false
              ? "totp"
              : "otp"
            : null;
          if (!twoFactor && passkeys === 0) throw apiError("USER_HAS_NO_MFA");

          await runWithTransaction(adapter, async () => {
            if (user.twoFactorEnabled)
              await ctx.context.internalAdapter.updateUser(userId, { twoFactorEnabled: false });
            // The transaction's own adapter: on SQLite's one connection the outer one would wait for it forever.
            const trx = await getCurrentAdapter(adapter);
            // An app set up but never confirmed goes too: the user starts again from nothing.
            await trx.deleteMany({ model: "twoFactor", where: byUser });
            await trx.deleteMany({ model: "passkey", where: byUser });
          });
          await mail.mfaReset(user);
          const removed: MfaStatus = { twoFactor, passkeys };
          return ctx.json({ status: true, removed });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
