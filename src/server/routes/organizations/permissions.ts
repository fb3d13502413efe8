import { Hono, type MiddlewareHandler } from "hono";
import type { OrganizationPermissions } from "../../../shared/permissions.js";
import type { Auth } from "../../auth/auth.js";
import { effectivePermissions } from "../../auth/custom-roles.js";
import type { SessionVariables } from "../../auth/session-fast-path.js";
import { authorization, membershipOf } from "../authorize.js";

interface Deps {
  auth: Auth;
  requireSession: MiddlewareHandler<{ Variables: SessionVariables }>;
}

/**
 * GET /api/organizations/:organizationId/permissions → `{ roles, permissions }`: the caller's role
 * names in the organization and what they may do there (built-in and custom roles together, for each
 * resource the actions the engine's has-permission allows), read from the database on every call so
 * a role change shows at once on every instance. The web app shows or hides controls with it
 * (docs/roles.md); the engine still checks every call.
 */
export function organizationPermissionRoutes({ auth, requireSession }: Deps) {
  const { requirePermission } = authorization({ auth, requireSession });
  const app = new Hono<{ Variables: SessionVariables }>();
  app.get("/:organizationId/permissions", requirePermission("organization", "membership"), async (c) => {
    const { adapter } = await auth.$context;
    const { roles, permissions } = await effectivePermissions(
      adapter,
      c.req.param("organizationId"),
      membershipOf(c).role,
    );
    c.header("Cache-Control", "no-store");
    return c.json({ roles, permissions } satisfies OrganizationPermissions);
  });
  return app;
}
