import { BASE_ERROR_CODES, type BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";

// The engine's URL fields and how it refuses each (its origin check; redirectTo is "redirectURL").
export const URL_FIELDS = {
  callbackURL: BASE_ERROR_CODES.INVALID_CALLBACK_URL,
  redirectTo: BASE_ERROR_CODES.INVALID_REDIRECT_URL,
  errorCallbackURL: BASE_ERROR_CODES.INVALID_ERROR_CALLBACK_URL,
  newUserCallbackURL: BASE_ERROR_CODES.INVALID_NEW_USER_CALLBACK_URL,
} as const;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/**
 * Whether a browser sent to `value` from `base` could end up on another site although the engine's
 * origin check passed it: it resolves to a path starting with `//` (`/..//evil.example`,
 * `/%2e//evil.example`, `https://ours/.//evil.example`), which anything writing the URL back without
 * its origin turns into a protocol-relative URL — the engine's own `appendQueryParams` does, for the
 * verify-email redirect. Or it holds a control character, which the URL parser drops but a
 * Location header cannot carry.
 */
function isUnsafeRedirect(value: string, base: string): boolean {
  if (CONTROL_CHARACTER.test(value)) return true;
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return false; // not a URL at all: the engine's check refuses it
  }
  return (url.protocol === "http:" || url.protocol === "https:") && url.pathname.startsWith("//");
}

/**
 * `value` when it is a path that stays on `base`'s own site, else undefined: for Tessera's routes that
 * hand a callback URL to an engine call from the server, where the engine's origin check (router
 * middleware) does not run. `//evil.example` and `/\\evil.example` start with a slash and leave.
 */
export function sameSitePath(value: unknown, base: string): string | undefined {
  if (typeof value !== "string" || !value.startsWith("/") || isUnsafeRedirect(value, base)) return undefined;
  try {
    return new URL(value, base).origin === new URL(base).origin ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * docs/behaviour.md#conventions: callback, error and redirect URLs must be a trusted origin or a safe relative path. The
 * engine judges the text as written; this judges what it resolves to, on every route, in the body
 * and the query (the mail-link GETs take `callbackURL` there), with the engine's own refusal.
 */
export function redirectUrlRules() {
  return {
    id: "tessera-redirect-url-rules",
    hooks: {
      before: [
        {
          matcher: () => true,
          handler: createAuthMiddleware(async (ctx) => {
            for (const [field, error] of Object.entries(URL_FIELDS)) {
              for (const source of [ctx.body, ctx.query]) {
                const value = (source as Record<string, unknown> | undefined)?.[field];
                if (typeof value === "string" && isUnsafeRedirect(value, ctx.context.baseURL)) {
                  throw APIError.from("FORBIDDEN", error);
                }
              }
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
