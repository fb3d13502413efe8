import { isAPIError } from "better-auth/api";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Auth } from "../auth/auth.js";
import type { Config } from "../config.js";

interface Deps {
  auth: Auth;
  config: Config;
}

/**
 * POST /api/account/set-password {newPassword}: a user who signed up through a provider adds a
 * password. The engine's /set-password is server-only, so this route is its door: a signed-in,
 * fresh session (as for unlinking) and a trusted Origin, since the session rides on a cookie.
 */
export function setPasswordRoute({ auth, config }: Deps) {
  return async (c: Context) => {
    const origin = requestOrigin(c);
    if (!origin || !config.trustedOrigins.includes(origin)) {
      return c.json({ code: "INVALID_ORIGIN", message: origin ? "Invalid origin" : "Missing or null Origin" }, 403);
    }
    const body: unknown = await c.req.json().catch(() => undefined);
    const newPassword = (body as { newPassword?: unknown } | undefined)?.newPassword;
    if (typeof newPassword !== "string") {
      return c.json({ code: "VALIDATION_ERROR", message: "newPassword is required" }, 400);
    }

    const headers = c.req.raw.headers;
    const session = await auth.api.getSession({ headers, query: { disableCookieCache: true } });
    if (!session) return c.json({ code: "UNAUTHORIZED", message: "Not authenticated" }, 401);
    const freshAge = config.session.freshAge;
    if (freshAge !== 0 && Date.now() - new Date(session.session.createdAt).getTime() >= freshAge * 1000) {
      return c.json({ code: "SESSION_NOT_FRESH", message: "Session is not fresh" }, 403);
    }

    try {
      await auth.api.setPassword({ body: { newPassword }, headers });
    } catch (error) {
      // "Password too short/long", "User already has a password set": the engine's words, its status.
      if (!isAPIError(error) || error.statusCode >= 500) throw error;
      const status = error.statusCode as ContentfulStatusCode;
      return c.json({ code: error.body?.code ?? "BAD_REQUEST", message: error.body?.message ?? error.message }, status);
    }
    return c.json({ status: true });
  };
}

function requestOrigin(c: Context): string | undefined {
  const origin = c.req.header("Origin");
  if (origin && origin !== "null") return origin;
  const referer = c.req.header("Referer");
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}
