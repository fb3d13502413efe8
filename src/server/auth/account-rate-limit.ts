import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware, isAPIError } from "better-auth/api";
import { retryLater } from "../errors.js";
import { countAttempt, counterFields } from "./window-counter.js";

/**
 * Sign-in attempts per e-mail address, whatever address they come from: the engine limits per
 * client IP only (3 per 10 s), so a password guesser spreading over many addresses was never
 * slowed down on one account. docs/security.md "Brute force" explains the numbers.
 */
export const ACCOUNT_SIGN_IN_WINDOW_SECONDS = 15 * 60;
export const ACCOUNT_SIGN_IN_MAX_ATTEMPTS = 10;

const MODEL = "signInThrottle";

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
const LIMIT = { model: MODEL, max: ACCOUNT_SIGN_IN_MAX_ATTEMPTS, windowSeconds: ACCOUNT_SIGN_IN_WINDOW_SECONDS };

const keyOf = (ctx: HookContext): string | undefined => {
  const email = (ctx.body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" && email.trim() ? `sign-in:${email.trim().toLowerCase()}` : undefined;
};

async function clear(ctx: HookContext, key: string) {
  const storage = ctx.context.options.secondaryStorage;
  if (storage) await storage.delete(`tessera-${key}`);
  else await ctx.context.adapter.delete({ model: MODEL, where: [{ field: "key", value: key }] });
}

/** On only with RATE_LIMIT_ENABLED, like the engine's per-IP limit. */
export function accountRateLimit() {
  return {
    id: "tessera-account-rate-limit",
    schema: {
      signInThrottle: {
        modelName: "sign_in_throttle",
        fields: counterFields,
      },
    },
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === "/sign-in/email",
          handler: createAuthMiddleware(async (ctx) => {
            const key = keyOf(ctx);
            if (!key) return; // the engine's body validation answers
            // Every attempt counts, before the password is checked (window-counter.ts: atomic).
            const verdict = await countAttempt(ctx.context, key, LIMIT);
            if (!verdict.allowed) {
              throw retryLater("TOO_MANY_SIGN_IN_ATTEMPTS", verdict.retryAfter);
            }
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === "/sign-in/email",
          handler: createAuthMiddleware(async (ctx) => {
            const key = keyOf(ctx);
            const returned = ctx.context.returned;
            if (key && returned && !isAPIError(returned)) await clear(ctx, key);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
