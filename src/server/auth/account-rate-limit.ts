import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";

/**
 * Sign-in attempts per e-mail address, whatever address they come from: the engine limits per
 * client IP only (3 per 10 s), so a password guesser spreading over many addresses was never
 * slowed down on one account. docs/security.md "Brute force" explains the numbers.
 */
export const ACCOUNT_SIGN_IN_WINDOW_SECONDS = 15 * 60;
export const ACCOUNT_SIGN_IN_MAX_ATTEMPTS = 10;

const MODEL = "signInThrottle";
const TOO_MANY = {
  code: "TOO_MANY_SIGN_IN_ATTEMPTS",
  message: "Too many sign-in attempts for this account. Please try again later.",
};

interface Row {
  key: string;
  count: number;
  windowStart: number;
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
type Verdict = { allowed: true } | { allowed: false; retryAfter: number };

const keyOf = (ctx: HookContext): string | undefined => {
  const email = (ctx.body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" && email.trim() ? `sign-in:${email.trim().toLowerCase()}` : undefined;
};

/**
 * Counts one attempt and says whether it may go ahead. Every attempt counts, before the password
 * is checked, in one atomic step (Redis INCR, or a guarded database update): a burst of parallel
 * guesses gets exactly the allowance, not one per request in flight. A success clears the count.
 */
async function consume(ctx: HookContext, key: string, retries = 3): Promise<Verdict> {
  const windowMs = ACCOUNT_SIGN_IN_WINDOW_SECONDS * 1000;
  const storage = ctx.context.options.secondaryStorage;
  if (storage) {
    const count = Number(await storage.increment(`tessera-${key}`, ACCOUNT_SIGN_IN_WINDOW_SECONDS));
    return count <= ACCOUNT_SIGN_IN_MAX_ATTEMPTS
      ? { allowed: true }
      : { allowed: false, retryAfter: ACCOUNT_SIGN_IN_WINDOW_SECONDS };
  }
  const { adapter } = ctx.context;
  const now = Date.now();
  const row = await adapter.findOne<Row>({ model: MODEL, where: [{ field: "key", value: key }] });
  const again = () =>
    retries > 0 ? consume(ctx, key, retries - 1) : Promise.resolve<Verdict>({ allowed: false, retryAfter: 1 });
  if (!row) {
    try {
      await adapter.create({ model: MODEL, data: { key, count: 1, windowStart: now } });
      return { allowed: true };
    } catch {
      return again(); // another attempt created it first
    }
  }
  const start = Number(row.windowStart);
  const same = [
    { field: "key", value: key },
    { field: "windowStart", value: row.windowStart },
  ];
  if (now - start >= windowMs) {
    const reset = await adapter.incrementOne({
      model: MODEL,
      where: same,
      increment: {},
      set: { count: 1, windowStart: now },
    });
    return reset ? { allowed: true } : again();
  }
  const counted = await adapter.incrementOne({
    model: MODEL,
    where: [...same, { field: "count", operator: "lt", value: ACCOUNT_SIGN_IN_MAX_ATTEMPTS }],
    increment: { count: 1 },
  });
  return counted
    ? { allowed: true }
    : { allowed: false, retryAfter: Math.max(1, Math.ceil((start + windowMs - now) / 1000)) };
}

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
        fields: {
          key: { type: "string", required: true, unique: true },
          count: { type: "number", required: true },
          windowStart: { type: "number", required: true, bigint: true },
        },
      },
    },
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === "/sign-in/email",
          handler: createAuthMiddleware(async (ctx) => {
            const key = keyOf(ctx);
            if (!key) return; // the engine's body validation answers
            const verdict = await consume(ctx, key);
            if (!verdict.allowed) {
              throw new APIError("TOO_MANY_REQUESTS", TOO_MANY, { "X-Retry-After": String(verdict.retryAfter) });
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
