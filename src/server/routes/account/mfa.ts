import { Hono, type MiddlewareHandler } from "hono";
import type { MfaStatus } from "../../../shared/mfa.js";
import { mfaStatusOf } from "../../auth/mfa-status.js";
import type { SessionVariables } from "../../auth/session-fast-path.js";
import type { Database } from "../../db/database.js";

interface Deps {
  database: Database;
  requireSession: MiddlewareHandler<{ Variables: SessionVariables }>;
}

/**
 * GET /api/account/mfa: the signed-in user's second factors, for Settings → Security. The engine tells
 * only whether two-step is on (user.twoFactorEnabled), not whether by authenticator app or by e-mail.
 */
export function accountMfaRoute({ database, requireSession }: Deps) {
  const app = new Hono<{ Variables: SessionVariables }>();
  app.get("/", requireSession, async (c) => {
    const userId = c.get("user").id;
    const status: MfaStatus = (await mfaStatusOf(database.db, [userId])).get(userId) ?? {
      twoFactor: null,
      passkeys: 0,
    };
    c.header("Cache-Control", "no-store");
    return c.json(status);
  });
  return app;
}
