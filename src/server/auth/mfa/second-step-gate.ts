import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import { generateRandomString } from "better-auth/crypto";
import { type HookContext, TWO_FACTOR_COOKIE } from "./challenge.js";

/** The engine's lifetime of a pending second step (twoFactorCookieMaxAge default), seconds. */
const CHALLENGE_SECONDS = 600;
/** The web app's screen that asks for the second factor (h-web; it calls the engine's verify endpoints). */
const TWO_FACTOR_SCREEN = "/sign-in/two-factor";

// OIDC_PROVIDERS (generic OAuth) return through /callback/:id too in 1.7: the engine has no /oauth2/callback/:providerId.
const SOCIAL_CALLBACKS = new Set(["/callback/:id"]);

type NewSession = { session: { token: string }; user: { id: string; twoFactorEnabled?: boolean | null } };

/**
 * No way in skips the second step (docs/mfa.md "Server rules"). The engine asks for it after an
 * e-mail + password sign-in only; its after-hook deletes the new session and starts a challenge.
 * This does the same after a social or OIDC callback (then sends the browser to the web app's
 * second-step screen with the original destination) and after an ID-token sign-in, and keeps the
 * e-mail verification link's automatic sign-in from signing in a user with two-step on: the
 * address is verified, the user signs in as usual. A device the user trusts skips it, as on
 * the engine's path. Passkeys are a strong factor of their own; impersonation is a site admin's.
 */
export function secondStepGate(webBaseURL: string, isTrusted: (ctx: HookContext, userId: string) => Promise<boolean>) {
  /** Drops the session just made and starts the engine's challenge (cookie + verification values). */
  async function challenge(ctx: HookContext, data: NewSession) {
    deleteSessionCookie(ctx, true);
    await ctx.context.internalAdapter.deleteSession(data.session.token);
    ctx.context.setNewSession(null);
    const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE, { maxAge: CHALLENGE_SECONDS });
    const identifier = `2fa-${generateRandomString(20)}`;
    const expiresAt = new Date(Date.now() + CHALLENGE_SECONDS * 1000);
    await ctx.context.internalAdapter.createVerificationValue({ value: data.user.id, identifier, expiresAt });
    await ctx.context.internalAdapter.createVerificationValue({
      value: "0",
      identifier: `2fa-attempts-${identifier}`,
      expiresAt,
    });
    await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);
  }

  async function needsSecondStep(ctx: HookContext): Promise<NewSession | null> {
    const data = ctx.context.newSession as NewSession | null;
    if (!data?.user.twoFactorEnabled) return null;
    return (await isTrusted(ctx, data.user.id)) ? null : data;
  }

  /** Where the engine was sending the browser (the callbackURL), from its redirect. */
  function destination(ctx: HookContext): string {
    const returned = ctx.context.returned as { headers?: Headers } | undefined;
    const location = returned?.headers?.get?.("location");
    return location ?? "/";
  }

  return {
    id: "tessera-second-step-gate",
    hooks: {
      after: [
        {
          matcher: (ctx) => SOCIAL_CALLBACKS.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const data = await needsSecondStep(ctx);
            if (!data) return;
            const to = destination(ctx);
            await challenge(ctx, data);
            const screen = new URL(TWO_FACTOR_SCREEN, webBaseURL);
            screen.searchParams.set("redirectTo", to);
            throw ctx.redirect(screen.toString());
          }),
        },
        {
          // An ID token (one tap, native apps) signs in at once; answer as the engine's password path does.
          matcher: (ctx) => ctx.path === "/sign-in/social",
          handler: createAuthMiddleware(async (ctx) => {
            const data = await needsSecondStep(ctx);
            if (!data) return;
            await challenge(ctx, data);
            const app = await ctx.context.adapter.findOne<{ verified?: boolean | null }>({
              model: "twoFactor",
              where: [{ field: "userId", value: data.user.id }],
            });
            const twoFactorMethods = app && app.verified !== false ? ["totp", "otp"] : ["otp"];
            return ctx.json({ twoFactorRedirect: true, twoFactorMethods });
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/verify-email",
          handler: createAuthMiddleware(async (ctx) => {
            const data = ctx.context.newSession as NewSession | null;
            if (!data?.user.twoFactorEnabled) return;
            // A signed-in user verifying a new address keeps the session they already had.
            const current = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
            if (current === data.session.token) return;
            deleteSessionCookie(ctx, true);
            await ctx.context.internalAdapter.deleteSession(data.session.token);
            ctx.context.setNewSession(null);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
