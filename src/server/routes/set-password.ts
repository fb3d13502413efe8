import { isAPIError } from "better-auth/api";
import { Hono, type MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { PasswordSet } from "../../shared/account.js";
import { siteAdminTest } from "../auth/admin-rules.js";
import type { Auth } from "../auth/auth.js";
import { type SessionVariables, sessionOf } from "../auth/session-fast-path.js";
import type { Config } from "../config.js";
import { fail } from "../errors.js";
import { refusedBySsoPolicy } from "../sso/policy.js";
import { trustedOrigin } from "./account/trusted-origin.js";

interface Deps {
  auth: Auth;
  config: Config;
  requireSession: MiddlewareHandler<{ Variables: SessionVariables }>;
}

/**
 * POST /api/account/set-password {newPassword}: a user who signed up through a provider adds a
 * password. The engine's /set-password is server-only, so this route is its door: a signed-in,
 * fresh session (as for unlinking) and a trusted Origin, since the session rides on a cookie.
 */
export function setPasswordRoutes({ auth, config, requireSession }: Deps) {
  const app = new Hono<{ Variables: SessionVariables }>();
  app.post("/", trustedOrigin(config), requireSession, async (c) => {
    const body: unknown = await c.req.json().catch(() => undefined);
    const newPassword = (body as { newPassword?: unknown } | undefined)?.newPassword;
    if (typeof newPassword !== "string") {
      return fail(c, "VALIDATION_ERROR", "newPasswordRequired");
    }
    const { session } = sessionOf(c);
    const freshAge = config.session.freshAge;
    if (freshAge !== 0 && Date.now() - new Date(session.createdAt).getTime() >= freshAge * 1000) {
      return fail(c, "SESSION_NOT_FRESH");
    }

    // An address whose organization requires single sign-on gets no password (docs/sso.md "SSO required").
    const { adapter } = await auth.$context;
    if (await refusedBySsoPolicy(adapter, sessionOf(c).user, siteAdminTest(config.adminUserIds))) {
      return fail(c, "SSO_REQUIRED");
    }
    try {
      await auth.api.setPassword({ body: { newPassword }, headers: c.req.raw.headers });
    } catch (error) {
      // "Password too short/long", "User already has a password set": the engine's words, its status.
      if (!isAPIError(error) || error.statusCode >= 500) throw error;
      const status = error.statusCode as ContentfulStatusCode;
      return c.json({ code: error.body?.code ?? "BAD_REQUEST", message: error.body?.message ?? error.message }, status);
    }
    return c.json({ status: true } satisfies PasswordSet);
  });
  return app;
}
