import type { AuthContext } from "better-auth";

// Tessera's own rate limits count here (docs/behaviour.md "Rate limits"). See also: the engine's per-IP limits
// (src/server/auth/options.ts `rateLimit`); sign-ins per address (account-rate-limit.ts); invitation mails
// (invitation-send-limit.ts); second-factor codes (mfa/code-attempt-limit.ts, mfa/totp-single-use.ts); webhook
// test sends (src/server/webhooks/send-limit.ts); "Continue with SSO" (src/server/sso/sign-in-routes.ts); image
// uploads, counted on their own rows (src/server/routes/uploads/routes.ts).

/** One fixed-window count: `max` attempts per `windowSeconds` for one key. */
export interface WindowLimit {
  /** The engine model (a plugin schema with key, count and windowStart) that holds counts without Redis. */
  model: string;
  max: number;
  windowSeconds: number;
}

export type Verdict = { allowed: true } | { allowed: false; retryAfter: number };

interface CounterRow {
  key: string;
  count: number;
  windowStart: number;
}

/** The fields of a counter model, for a plugin's `schema`. */
export const counterFields = {
  key: { type: "string", required: true, unique: true },
  count: { type: "number", required: true },
  windowStart: { type: "number", required: true, bigint: true },
} as const;

/**
 * Counts one attempt and says whether it may go ahead, in one atomic step (Redis INCR with
 * REDIS_URL, else a guarded database update): a burst of parallel attempts gets exactly `max`
 * through, not one per request in flight.
 */
export async function countAttempt(
  context: Pick<AuthContext, "adapter" | "options">,
  key: string,
  limit: WindowLimit,
  retries = 3,
): Promise<Verdict> {
  const windowMs = limit.windowSeconds * 1000;
  const storage = context.options.secondaryStorage;
  if (storage) {
    const count = Number(await storage.increment(`tessera-${key}`, limit.windowSeconds));
    return count <= limit.max ? { allowed: true } : { allowed: false, retryAfter: limit.windowSeconds };
  }
  const { adapter } = context;
  const now = Date.now();
  const row = await adapter.findOne<CounterRow>({ model: limit.model, where: [{ field: "key", value: key }] });
  const again = () =>
    retries > 0
      ? countAttempt(context, key, limit, retries - 1)
      : Promise.resolve<Verdict>({ allowed: false, retryAfter: 1 });
  if (!row) {
    try {
      await adapter.create({ model: limit.model, data: { key, count: 1, windowStart: now } });
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
      model: limit.model,
      where: same,
      increment: {},
      set: { count: 1, windowStart: now },
    });
    return reset ? { allowed: true } : again();
  }
  const counted = await adapter.incrementOne({
    model: limit.model,
    where: [...same, { field: "count", operator: "lt", value: limit.max }],
    increment: { count: 1 },
  });
  return counted
    ? { allowed: true }
    : { allowed: false, retryAfter: Math.max(1, Math.ceil((start + windowMs - now) / 1000)) };
}
