import { Hono, type MiddlewareHandler } from "hono";
import type { AdminUserDetail, AdminUserPage } from "../../../shared/admin-users.js";
import type { Auth } from "../../auth/auth.js";
import type { SessionVariables } from "../../auth/session-fast-path.js";
import type { Database } from "../../db/database.js";
import { fail } from "../../errors.js";
import { authorization, badRequest } from "../authorize.js";
import { loadUserDetail } from "./user-detail.js";
import { searchUsers, userSearchSchema } from "./user-search.js";

// The engine's own words for the same refusal (ADMIN_ERROR_CODES), so the web app translates both alike.

const LIST_USERS = { user: ["list"] };

/**
 * The admin console's reads the engine lacks: a user search with several filters at once, and one
 * user's accounts and memberships. Listing rights (user: list) cover both; every change goes through
 * the engine's /api/auth/admin/* calls, which check their own permissions.
 */
export function adminRoutes({
  auth,
  database,
  adminUserIds,
  requireSession,
}: {
  auth: Auth;
  database: Database;
  adminUserIds: readonly string[];
  requireSession: MiddlewareHandler<{ Variables: SessionVariables }>;
}) {
  const app = new Hono<{ Variables: SessionVariables }>();
  const { requirePermission } = authorization({ auth, requireSession });
  app.use("*", requirePermission("site", LIST_USERS, { refusal: "YOU_ARE_NOT_ALLOWED_TO_LIST_USERS" }));

  app.get("/users", async (c) => {
    const parsed = userSearchSchema.safeParse(c.req.query());
    if (!parsed.success) return badRequest(c, parsed.error.issues);
    const { users, total } = await searchUsers(database.db, database.dialect, parsed.data);
    return c.json({ users, total, page: parsed.data.page, pageSize: parsed.data.pageSize } satisfies AdminUserPage);
  });

  app.get("/users/:id", async (c) => {
    const id = c.req.param("id");
    if (id.length > 128) return fail(c, "BAD_REQUEST", "parameter", "id", "must be at most 128 characters");
    const detail = await loadUserDetail(database.db, id, adminUserIds);
    if (!detail) return fail(c, "USER_NOT_FOUND");
    return c.json(detail satisfies AdminUserDetail);
  });

  return app;
}
