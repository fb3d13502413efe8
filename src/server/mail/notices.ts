import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware, isAPIError } from "better-auth/api";
import type { Database } from "../db/database.js";
import type { AuthMail, MailUser } from "./auth-mail.js";

/**
 * Security notices the engine has no callback for: a password changed while signed in, and a
 * social account linked to someone who already had an account. (A reset has its own callback,
 * emailAndPassword.onPasswordReset, wired in options.ts.)
 */
export function mailNotices(mail: AuthMail, database: Database) {
  return {
    id: "tessera-mail-notices",
    init() {
      return {
        options: {
          databaseHooks: {
            account: {
              create: {
                // Runs after the engine's transaction commits, so the count below sees this account.
                async after(account: { userId: string; providerId: string }) {
                  if (account.providerId === "credential") return;
                  const db = database.db;
                  const { n } = await db
                    .selectFrom("account")
                    .select((eb) => eb.fn.countAll<number>().as("n"))
                    .where("userId", "=", account.userId)
                    .executeTakeFirstOrThrow();
                  // A first account means a new user signing up with the provider, not a link.
                  if (Number(n) < 2) return;
                  const user = (await db
                    .selectFrom("user")
                    .select(["id", "email", "name", "language"])
                    .where("id", "=", account.userId)
                    .executeTakeFirst()) as MailUser | undefined;
                  if (user) await mail.accountLinked(user, account.providerId);
                },
              },
            },
          },
        },
      };
    },
    hooks: {
      after: [
        {
          matcher: (ctx) => ctx.path === "/change-password",
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned as { user?: MailUser } | undefined;
            if (!returned || isAPIError(returned) || !returned.user?.id) return;
            await mail.passwordChanged(returned.user);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
