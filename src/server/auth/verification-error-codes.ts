import { createAuthMiddleware, isAPIError } from "better-auth/api";
import type { PathHook } from "./resources/resource.js";

/** docs/behaviour.md#redirect-codes-error verification error codes, by the engine's own code for the same failure. */
const REDIRECT_CODES: Record<string, string> = {
  TOKEN_EXPIRED: "token_expired",
  INVALID_TOKEN: "invalid_token",
  USER_NOT_FOUND: "user_not_found",
  INVALID_USER: "unauthorized",
};

const ERROR_PARAM = new RegExp(`([?&]error=)(${Object.keys(REDIRECT_CODES).join("|")})(?=[&#]|$)`);

/**
 * docs/behaviour.md#e-mail-verification: a failed GET /verify-email redirects to its callbackURL with ?error=token_expired,
 * invalid_token, user_not_found or unauthorized; better-auth 1.7 sends its upper-case codes instead.
 * JSON answers (no callbackURL) keep the engine's codes, like every other JSON error. A path matcher (wired by
 * resources/user.ts): it rewrites the engine's redirect, which no typed hook sees.
 */
export const verificationRedirectCodes: PathHook = {
  matcher: (ctx) => ctx.path === "/verify-email",
  handler: createAuthMiddleware(async (ctx) => {
    const returned = ctx.context.returned;
    if (!isAPIError(returned)) return;
    const location = new Headers(returned.headers).get("location");
    if (!location || !ERROR_PARAM.test(location)) return;
    throw ctx.redirect(
      location.replace(ERROR_PARAM, (_m, prefix: string, code: string) => prefix + REDIRECT_CODES[code]),
    );
  }),
};
