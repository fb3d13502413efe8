import { createHmac } from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import type { Database } from "../../db/database.js";
import { type HookContext, TRUST_DEVICE_COOKIE } from "./challenge.js";

type Trust = { identifier: string; userId: string; createdAt: number };

/**
 * "Trust this device for 30 days" (docs/mfa.md "Server rules"). The engine signs the cookie and
 * binds it to the user (an HMAC of user id and record id), and keeps one verification value per
 * device, in Redis when REDIS_URL is set, where a user's records cannot be listed. Revoking them
 * all is therefore a per-user "not before" time: set when two-step goes off (by the user, an admin,
 * any path that updates the user) and when the password is reset (`revokeAll` from the typed
 * emailAndPassword.onPasswordReset, wired by resources/user.ts); a sign-in with an older record
 * has that record deleted before the engine reads it, so the engine asks for the second factor.
 */
export function trustedDevices(database: Database, maxAgeSeconds: number) {
  const { db } = database;

  async function notBefore(userId: string): Promise<number | null> {
    const row = await db
      .selectFrom("mfa_trust_floor")
      .select("notBefore")
      .where("userId", "=", userId)
      .executeTakeFirst();
    return row ? Number(row.notBefore) : null;
  }

  /** Ends every device's trust of `userId` from now on. */
  async function revokeAll(userId: string) {
    const now = Date.now();
    await db
      .insertInto("mfa_trust_floor")
      .values({ userId, notBefore: now })
      .onConflict((oc) => oc.column("userId").doUpdateSet({ notBefore: now }))
      .execute();
  }

  /** The engine's trust record this request's cookie names, if the cookie is genuine. */
  async function trustOf(ctx: HookContext): Promise<Trust | null> {
    const cookie = ctx.context.createAuthCookie(TRUST_DEVICE_COOKIE);
    const value = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
    const [, identifier] = typeof value === "string" ? value.split("!") : [];
    if (!identifier) return null;
    const record = await ctx.context.internalAdapter.findVerificationValue(identifier);
    if (!record) return null;
    // The engine writes each record for exactly maxAge, so its expiry says when it was made.
    const createdAt = new Date(record.expiresAt).getTime() - maxAgeSeconds * 1000;
    return { identifier, userId: record.value, createdAt };
  }

  /** Deletes the cookie's record when it is older than its user's revocation. */
  async function dropIfRevoked(ctx: HookContext, trust: Trust | null): Promise<Trust | null> {
    if (!trust) return null;
    const floor = await notBefore(trust.userId);
    if (floor === null || trust.createdAt > floor) return trust;
    await ctx.context.internalAdapter.deleteVerificationByIdentifier(trust.identifier);
    return null;
  }

  /** Whether this request comes from a device `userId` trusts (cookie genuine, bound to them, not revoked). */
  async function isTrusted(ctx: HookContext, userId: string): Promise<boolean> {
    const cookie = ctx.context.createAuthCookie(TRUST_DEVICE_COOKIE);
    const value = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
    const [token, identifier] = typeof value === "string" ? value.split("!") : [];
    if (!token || !identifier) return false;
    const expected = createHmac("sha256", ctx.context.secret).update(`${userId}!${identifier}`).digest("base64url");
    if (token !== expected) return false;
    const trust = await dropIfRevoked(ctx, await trustOf(ctx));
    return trust !== null && trust.userId === userId && trust.createdAt + maxAgeSeconds * 1000 > Date.now();
  }

  // User updates that turn two-step off, from the before-hook to the after-hook of one request.
  const turningOff = new WeakSet<object>();

  const plugin = {
    id: "tessera-trusted-devices",
    init() {
      return {
        options: {
          databaseHooks: {
            user: {
              update: {
                async before(data, ctx) {
                  if (ctx && (data as { twoFactorEnabled?: unknown }).twoFactorEnabled === false) turningOff.add(ctx);
                },
                async after(user, ctx) {
                  const u = user as { id: string; twoFactorEnabled?: boolean | null } | null;
                  if (!u || u.twoFactorEnabled) return;
                  // Outside a request (a server-side call) there is no context to match: revoke on any "off".
                  if (ctx && !turningOff.has(ctx)) return;
                  await revokeAll(u.id);
                },
              },
            },
          },
        },
      };
    },
    hooks: {
      before: [
        {
          // A path matcher: the two-factor plugin reads the trust record in its own sign-in hook; no typed hook precedes it.
          matcher: (ctx) => ctx.path === "/sign-in/email",
          handler: createAuthMiddleware(async (ctx) => {
            await dropIfRevoked(ctx, await trustOf(ctx));
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;

  return { plugin, isTrusted, revokeAll };
}
