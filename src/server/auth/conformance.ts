import type { BetterAuthPlugin } from "better-auth";
import {
  createAuthEndpoint,
  createAuthMiddleware,
  createEmailVerificationToken,
  getSessionFromCtx,
  isAPIError,
  requestPasswordReset,
} from "better-auth/api";
import { verifyJWT } from "better-auth/crypto";
import { apiError } from "../errors.js";
import type { PathHook } from "./resources/resource.js";

/**
 * Where better-auth 1.7 departs from the specification Tessera started from, the specification wins (docs/behaviour.md); each extension
 * names the section it serves. See docs/decisions/002-spec-conformance.md. The hooks are wired by
 * src/server/auth/resources/user.ts and session.ts.
 */
export function conformance() {
  return {
    id: "tessera-conformance",
    endpoints: {
      // docs/behaviour.md#password-reset: POST /forget-password beside /request-password-reset, same body, checks and mail.
      forgetPassword: createAuthEndpoint(
        "/forget-password",
        { method: "POST", body: requestPasswordReset.options.body },
        // A plain call runs the engine's own redirectTo origin check and mail; the engine's
        // rate-limit rules already cover /forget-password (3 a minute).
        async (ctx) =>
          requestPasswordReset({ body: ctx.body, headers: ctx.headers, request: ctx.request, context: ctx.context }),
      ),
    },
  } satisfies BetterAuthPlugin;
}

/**
 * docs/behaviour.md#linked-accounts: unlink-account's accountId is optional; without it, the user's one account of
 * that provider. A path matcher: the body is rewritten before the engine validates it, and no typed hook sees it.
 */
export const unlinkAccountSelection: PathHook = {
  matcher: (ctx) => ctx.path === "/unlink-account",
  handler: createAuthMiddleware(async (ctx) => {
    const body = (ctx.body ?? {}) as { providerId?: unknown; accountId?: unknown };
    if (typeof body.providerId !== "string") return;
    const use = (accountId: string) => ({ context: { body: { ...body, accountId } } });
    const session = await getSessionFromCtx(ctx);
    // Signed out: let the engine's fresh-session check answer 401, not its body validation 400.
    if (!session) return typeof body.accountId === "string" ? undefined : use("");
    const accounts = await ctx.context.internalAdapter.findAccounts(session.user.id);
    const ofProvider = accounts.filter((a) => a.providerId === body.providerId);
    if (typeof body.accountId === "string") {
      // The spec pairs accountId with providerId: the provider's account id or our row id, of that provider.
      const match = ofProvider.find((a) => a.accountId === body.accountId || a.id === body.accountId);
      return use(match?.id ?? "");
    }
    if (ofProvider.length > 1) {
      throw apiError("ACCOUNT_ID_REQUIRED");
    }
    // No match leaves an id that matches nothing, so the engine answers in its own order
    // ("You can't unlink your last account" before "Account not found").
    return use(ofProvider[0]?.id ?? "");
  }),
};

/**
 * docs/behaviour.md#e-mail-change: a change-email token sets the new e-mail with emailVerified false and sends a
 * new verification. A path matcher: the query's token is exchanged before the engine reads it; no typed hook sees it.
 */
export const changeEmailVerifiedAnew: PathHook = {
  matcher: (ctx) => ctx.path === "/verify-email",
  handler: createAuthMiddleware(async (ctx) => {
    const token = ctx.query?.token;
    if (typeof token !== "string") return;
    const claims = await verifyJWT(token, ctx.context.secret);
    if (claims?.requestType !== "change-email-verification") return;
    const { email, updateTo, userId, exp } = claims;
    const left = typeof exp === "number" ? exp - Math.floor(Date.now() / 1000) : 0;
    if (typeof email !== "string" || typeof updateTo !== "string" || left <= 0) return;
    // 1.7's two-step change keeps the old emailVerified; its direct token (no requestType) does what
    // the spec says: sets the e-mail unverified and mails a verification to it. Same claims, same expiry.
    const direct = await createEmailVerificationToken(ctx.context.secret, email, updateTo, left, { userId });
    return { context: { query: { ...ctx.query, token: direct } } };
  }),
};

const STATE_ERRORS = new Set(["state_not_found", "state_mismatch", "state_invalid", "state_security_mismatch"]);

/**
 * docs/behaviour.md#social-providers: a missing, unknown or expired social sign-in state ends with
 * please_restart_the_process. Generic OAuth providers share this route in 1.7 (there is no
 * /oauth2/callback/:providerId). A path matcher: it rewrites the engine's redirect, which no typed hook sees.
 */
export const socialStateRestart: PathHook = {
  matcher: (ctx) => ctx.path === "/callback/:id",
  handler: createAuthMiddleware(async (ctx) => {
    const returned = ctx.context.returned;
    if (!isAPIError(returned)) return;
    const location = new Headers(returned.headers).get("location");
    if (!location) return;
    const url = new URL(location, ctx.context.baseURL);
    const code = url.searchParams.get("error");
    if (!code || !STATE_ERRORS.has(code)) return;
    url.searchParams.set("error", "please_restart_the_process");
    // Keep a relative errorCallbackURL relative, as the engine sent it.
    const absolute = /^[a-z][a-z0-9+.-]*:/i.test(location);
    throw ctx.redirect(absolute ? url.toString() : `${url.pathname}${url.search}${url.hash}`);
  }),
};
