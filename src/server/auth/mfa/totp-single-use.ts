import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware, isAPIError } from "better-auth/api";
import { apiError } from "../../errors.js";
import { countAttempt, counterFields } from "../window-counter.js";
import { challengedUserId, type HookContext } from "./challenge.js";

/** A code is accepted for at most three 30-second steps (±1); its marker outlives that. */
const MARKER_SECONDS = 120;
const LIMIT = { model: "mfaCodeUse", max: 1, windowSeconds: MARKER_SECONDS };

async function release(ctx: HookContext, key: string) {
  const storage = ctx.context.options.secondaryStorage;
  if (storage) await storage.delete(`tessera-${key}`);
  else await ctx.context.adapter.delete({ model: LIMIT.model, where: [{ field: "key", value: key }] });
}

/**
 * An authenticator code is single use per user: the engine accepts any code of the ±1 step window
 * as often as it is sent, so a code seen over a shoulder or replayed within 90 s signed in again.
 * A per-user marker is claimed atomically before the engine checks the code (window-counter.ts:
 * Redis INCR or a guarded update), so a concurrent duplicate loses too; a refused code releases
 * its marker, so only accepted codes are spent.
 */
export function totpSingleUse() {
  const claimed = new WeakMap<object, string>();
  return {
    id: "tessera-totp-single-use",
    schema: { mfaCodeUse: { modelName: "mfa_code_use", fields: counterFields } },
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === "/two-factor/verify-totp",
          handler: createAuthMiddleware(async (ctx) => {
            const code = (ctx.body as { code?: unknown } | undefined)?.code;
            // Anything but a short code is refused by the engine anyway; it never becomes a key.
            if (typeof code !== "string" || code.trim().length > 10) return;
            const userId = await challengedUserId(ctx);
            if (!userId) return; // the engine answers INVALID_TWO_FACTOR_COOKIE
            const key = `totp-used:${userId}:${code.trim()}`;
            const verdict = await countAttempt(ctx.context, key, LIMIT);
            if (!verdict.allowed) throw apiError("TOTP_CODE_ALREADY_USED");
            if (ctx.request) claimed.set(ctx.request, key);
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === "/two-factor/verify-totp",
          handler: createAuthMiddleware(async (ctx) => {
            const key = ctx.request && claimed.get(ctx.request);
            if (key && isAPIError(ctx.context.returned)) await release(ctx, key);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
