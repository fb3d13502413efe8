import type { createAuthMiddleware } from "better-auth/api";
import { getSessionFromCtx } from "better-auth/api";

export type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The engine's cookie of a sign-in waiting for its second factor (its value: a verification identifier). */
export const TWO_FACTOR_COOKIE = "two_factor";
/** The engine's "trust this device" cookie: `hmac(userId!identifier)!identifier`, signed. */
export const TRUST_DEVICE_COOKIE = "trust_device";

/**
 * Whose code a two-factor call checks, as the engine's verifyTwoFactor decides it: the signed-in
 * user (setting up, regenerating) or the user of the pending sign-in's signed cookie.
 */
export async function challengedUserId(ctx: HookContext): Promise<string | null> {
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (session?.user) return session.user.id;
  if (!identifier) return null;
  const pending = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return pending?.value ?? null;
}
