import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { AUDIT_ACTIONS } from "../../shared/audit-actions.js";
import type { AuditPage } from "../../shared/audit-events.js";
import { nameEvents } from "../audit/names.js";
import { auditStore, toCsv } from "../audit/store.js";
import type { Auth } from "../auth/auth.js";
import type { SessionVariables } from "../auth/session-fast-path.js";
import { authorization, validated } from "./authorize.js";

const MAX_CSV_ROWS = 50_000;

export const querySchema = z.object({
  organizationId: z.string().min(1).max(128).optional(),
  actor: z.string().min(1).max(320).optional(),
  action: z.enum(AUDIT_ACTIONS, { message: "action is not a known audit action" }).optional(),
  from: z.coerce.date({ message: "from must be a date" }).optional(),
  to: z.coerce.date({ message: "to must be a date" }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  format: z.enum(["json", "csv"]).default("json"),
});

/**
 * GET /api/audit: site admins read everything; an organization's owners and admins
 * read that organization's events (?organizationId=…). Filters, pagination, CSV.
 */
export function auditRoutes(auth: Auth, requireSession: MiddlewareHandler<{ Variables: SessionVariables }>) {
  const { requirePermission } = authorization({ auth, requireSession });
  // A bad query is 400 to anyone signed in; then the site role, else the organization the query names.
  const readers = requirePermission(
    "organization",
    { audit: ["read"] },
    { organizationId: (c) => c.req.query("organizationId"), orSite: { audit: ["list"] } },
  );
  const app = new Hono<{ Variables: SessionVariables }>();
  app.get("/", requireSession, validated("query", querySchema), readers, async (c) => {
    const { format, ...q } = c.req.valid("query");

    const { adapter } = await auth.$context;
    const store = auditStore(adapter);
    if (format === "csv") {
      const { events } = await store.list({ ...q, page: 1, pageSize: MAX_CSV_ROWS });
      c.header("Content-Type", "text/csv; charset=utf-8");
      c.header("Content-Disposition", `attachment; filename="audit-${new Date().toISOString().slice(0, 10)}.csv"`);
      return c.body(toCsv(events));
    }
    // The screen shows names (audit/names.ts); the CSV above keeps the raw ids.
    const { events, total } = await store.list(q);
    return c.json({
      events: await nameEvents(adapter, events),
      total,
      page: q.page,
      pageSize: q.pageSize,
    } satisfies AuditPage);
  });
  return app;
}
