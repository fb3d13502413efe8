import { Hono, type MiddlewareHandler } from "hono";
import type { AccountSession, AccountSessionList, RevokedAccountSession } from "../../../shared/account.js";
import type { Auth } from "../../auth/auth.js";
import type { SessionVariables } from "../../auth/session-fast-path.js";
import type { Config } from "../../config.js";
import { fail } from "../../errors.js";
import { trustedOrigin } from "./trusted-origin.js";

interface Deps {
  auth: Auth;
  config: Pick<Config, "trustedOrigins">;
  requireSession: MiddlewareHandler<{ Variables: SessionVariables }>;
}

type StoredSession = {
  id: string;
  token: string;
  userId: string;
  ipAddress?: string | null;
  userAgent?: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  expiresAt: Date | string;
  impersonatedBy?: string | null;
};

const iso = (v: Date | string) => new Date(v).toISOString();

/**
 * GET /api/account/sessions and POST /api/account/sessions/:id/revoke. The engine's /list-sessions
 * needs a fresh session (SESSION_FRESH_AGE), so a settings screen opened a day after sign-in could not
 * list anything; these need only a signed-in user, and answer with ids instead of the tokens
 * /list-sessions hands out (a token is a bearer credential for that other device).
 */
export function accountSessionRoutes({ auth, config, requireSession }: Deps) {
  const app = new Hono<{ Variables: SessionVariables }>();
  app.use("*", trustedOrigin(config), requireSession);

  async function activeSessions(userId: string): Promise<StoredSession[]> {
    const ctx = await auth.$context;
    const now = Date.now();
    const sessions = (await ctx.internalAdapter.listSessions(userId)) as StoredSession[];
    // The engine deletes expired rows lazily; an expired one is not a way in, so it is not shown.
    return sessions.filter((s) => s.userId === userId && new Date(s.expiresAt).getTime() > now);
  }

  app.get("/", async (c) => {
    const current = c.get("session").id;
    const sessions = (await activeSessions(c.get("user").id))
      .map(
        (s): AccountSession => ({
          id: s.id,
          ipAddress: s.ipAddress ?? null,
          userAgent: s.userAgent ?? null,
          createdAt: iso(s.createdAt),
          updatedAt: iso(s.updatedAt),
          expiresAt: iso(s.expiresAt),
          current: s.id === current,
          impersonated: Boolean(s.impersonatedBy),
        }),
      )
      // This device first, then the most recently active.
      .sort((a, b) => Number(b.current) - Number(a.current) || b.updatedAt.localeCompare(a.updatedAt));
    c.header("Cache-Control", "no-store");
    return c.json({ sessions } satisfies AccountSessionList);
  });

  app.post("/:id/revoke", async (c) => {
    const id = c.req.param("id");
    const target = (await activeSessions(c.get("user").id)).find((s) => s.id === id);
    // Another user's session id answers exactly like an unknown one: nothing to learn by guessing.
    if (!target) return fail(c, "SESSION_NOT_FOUND");
    // The engine revokes it (and clears the cookie when it is this device's own session).
    const { headers } = await auth.api.revokeSession({
      body: { token: target.token },
      headers: c.req.raw.headers,
      returnHeaders: true,
    });
    const res = c.json({ status: true, current: target.id === c.get("session").id } satisfies RevokedAccountSession);
    for (const cookie of headers?.getSetCookie() ?? []) res.headers.append("set-cookie", cookie);
    return res;
  });

  return app;
}
