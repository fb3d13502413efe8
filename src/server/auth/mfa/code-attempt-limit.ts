import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { retryLater } from "../../errors.js";
import { countAttempt, counterFields } from "../window-counter.js";
import { type HookContext, TWO_FACTOR_COOKIE } from "./challenge.js";

/**
 * Second-factor codes per account, whatever address they come from (docs/mfa.md "Server rules").
 * The engine limits per IP (3 per 10 s on /two-factor/*, only with RATE_LIMIT_ENABLED), 5 tries per
 * challenge or e-mailed code, and locks an account after 10 failures, but that lock lives on the
 * authenticator-app row: a user with only the e-mail code has none, and each new code (send-otp)
 * brought 5 fresh tries. Here every code such a user tries during a sign-in counts (cleared when
 * one is accepted), and every code sent counts for every user; always on, like the engine's lock.
 */
const CODE_ATTEMPT_WINDOW_SECONDS = 15 * 60;
const CODE_ATTEMPT_MAX = 10;
const CODES_SENT_MAX = 5;

const MODEL = "mfaAttemptThrottle";
const VERIFY_PATHS = new Set(["/two-factor/verify-totp", "/two-factor/verify-otp", "/two-factor/verify-backup-code"]);
const TRIES = { model: MODEL, max: CODE_ATTEMPT_MAX, windowSeconds: CODE_ATTEMPT_WINDOW_SECONDS };
const SENDS = { model: MODEL, max: CODES_SENT_MAX, windowSeconds: CODE_ATTEMPT_WINDOW_SECONDS };

/** The user of the pending sign-in (the engine's signed two_factor cookie), when the caller has no session. */
async function pendingUserId(ctx: HookContext): Promise<string | null> {
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (typeof identifier !== "string" || !identifier) return null;
  if (await getSessionFromCtx(ctx).catch(() => null)) return null; // the engine checks the session's user
  const pending = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return pending?.value ?? null;
}

async function clear(ctx: HookContext, key: string) {
  const storage = ctx.context.options.secondaryStorage;
  if (storage) await storage.delete(`tessera-${key}`);
  else await ctx.context.adapter.delete({ model: MODEL, where: [{ field: "key", value: key }] });
}

export function codeAttemptLimit() {
  const counted = new WeakMap<object, string>();
  return {
    id: "tessera-code-attempt-limit",
    schema: { mfaAttemptThrottle: { modelName: "mfa_attempt_throttle", fields: counterFields } },
    hooks: {
      before: [
        {
          matcher: (ctx) => VERIFY_PATHS.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const userId = await pendingUserId(ctx);
            if (!userId) return; // the engine answers
            // An authenticator-app row carries the engine's own lock, which counts every factor.
            const row = await ctx.context.adapter.findOne({
              model: "twoFactor",
              where: [{ field: "userId", value: userId }],
            });
            if (row) return;
            const key = `2fa-tries:${userId}`;
            const verdict = await countAttempt(ctx.context, key, TRIES);
            if (!verdict.allowed) throw retryLater("TOO_MANY_TWO_FACTOR_ATTEMPTS", verdict.retryAfter);
            if (ctx.request) counted.set(ctx.request, key);
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/two-factor/send-otp",
          handler: createAuthMiddleware(async (ctx) => {
            const userId = await pendingUserId(ctx);
            if (!userId) return;
            const verdict = await countAttempt(ctx.context, `2fa-sent:${userId}`, SENDS);
            if (!verdict.allowed) throw retryLater("TOO_MANY_TWO_FACTOR_CODES_SENT", verdict.retryAfter);
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => VERIFY_PATHS.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const key = ctx.request && counted.get(ctx.request);
            const returned = ctx.context.returned;
            if (key && returned !== undefined && !isAPIError(returned)) await clear(ctx, key);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
