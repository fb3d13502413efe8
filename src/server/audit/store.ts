import type { DBAdapter, Where } from "better-auth";
import type { AuditEventView } from "../../shared/audit-events.js";
import type { AuditEventRow } from "./schema.js";

export interface AuditQuery {
  organizationId?: string;
  actor?: string;
  action?: string;
  from?: Date;
  to?: Date;
  page: number;
  pageSize: number;
}

/** Reads and prunes the audit log through the engine's adapter (one code path for both dialects). */
export function auditStore(adapter: DBAdapter<any>) {
  function whereOf(q: Omit<AuditQuery, "page" | "pageSize">): Where[] {
    const where: Where[] = [];
    if (q.organizationId) where.push({ field: "organizationId", value: q.organizationId });
    if (q.action) where.push({ field: "action", value: q.action });
    if (q.from) where.push({ field: "createdAt", operator: "gte", value: q.from });
    if (q.to) where.push({ field: "createdAt", operator: "lte", value: q.to });
    if (q.actor) {
      // One box for "who": an id or an e-mail address.
      where.push({ field: "actorId", value: q.actor, connector: "OR" });
      where.push({ field: "actorEmail", value: q.actor.toLowerCase(), connector: "OR" });
    }
    return where;
  }

  return {
    async list(q: AuditQuery): Promise<{ events: AuditEventView[]; total: number }> {
      const where = whereOf(q);
      const [rows, total] = await Promise.all([
        adapter.findMany<AuditEventRow>({
          model: "auditEvent",
          where,
          limit: q.pageSize,
          offset: (q.page - 1) * q.pageSize,
          sortBy: { field: "createdAt", direction: "desc" },
        }),
        adapter.count({ model: "auditEvent", where }),
      ]);
      return { events: rows.map(toView), total };
    },
    /** Deletes events older than `days`; returns how many. */
    async prune(days: number): Promise<number> {
      const cutoff = new Date(Date.now() - days * 86_400_000);
      const where: Where[] = [{ field: "createdAt", operator: "lt", value: cutoff }];
      const count = await adapter.count({ model: "auditEvent", where });
      if (count) await adapter.deleteMany({ model: "auditEvent", where });
      return count;
    },
  };
}

function toView(row: AuditEventRow): AuditEventView {
  let detail: Record<string, unknown> | null = null;
  try {
    detail = row.detail ? JSON.parse(row.detail) : null;
  } catch {
    detail = { raw: row.detail };
  }
  return { ...row, createdAt: new Date(row.createdAt).toISOString(), detail };
}

const CSV_COLUMNS = [
  "createdAt",
  "action",
  "actorId",
  "actorEmail",
  "targetType",
  "targetId",
  "organizationId",
  "ipAddress",
  "userAgent",
  "detail",
] as const;

/** RFC 4180 CSV; cells that a spreadsheet would run as a formula are prefixed with a quote. */
export function toCsv(events: AuditEventView[]): string {
  const cell = (v: unknown) => {
    let s = v == null ? "" : typeof v === "object" ? JSON.stringify(v) : String(v);
    if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const lines = [CSV_COLUMNS.join(","), ...events.map((e) => CSV_COLUMNS.map((c) => cell(e[c])).join(","))];
  return `${lines.join("\r\n")}\r\n`;
}
