import type { MiddlewareHandler } from "hono";
import type { Auth } from "../auth/auth.js";
import type { SessionVariables } from "../auth/session-fast-path.js";
import type { Config } from "../config.js";
import { fail } from "../errors.js";
import { openAPIDocument } from "../openapi.js";
import { authorization, SITE_ADMINISTRATION } from "./authorize.js";

/**
 * GET /api/openapi.json and the gate before the engine's own /open-api/* (docs/operations.md "API reference"):
 * open outside production, to site admins in production. The document is built once, on its first request.
 */
export function apiReference({
  auth,
  config,
  requireSession,
}: {
  auth: Auth;
  config: Pick<Config, "env" | "adminUserIds" | "baseURL">;
  requireSession: MiddlewareHandler<{ Variables: SessionVariables }>;
}) {
  const { requirePermission } = authorization({ auth, requireSession });
  const siteAdmins = requirePermission("site", SITE_ADMINISTRATION, {
    refuse: (c) => fail(c, "FORBIDDEN", "apiReference"),
  });
  const gate: MiddlewareHandler<{ Variables: SessionVariables }> = (c, next) =>
    config.env === "production" ? siteAdmins(c, next) : next();
  let reference: Promise<unknown> | undefined;
  const document: MiddlewareHandler = async (c) => {
    reference ??= openAPIDocument(auth, config.baseURL).catch((error) => {
      reference = undefined;
      throw error;
    });
    return c.json(await reference);
  };
  return { gate, document };
}
