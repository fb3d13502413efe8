import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { paths } from "@/config/paths.js";
import { fetchJson } from "@/lib/api-error.js";
import type { AuditPage } from "@/shared/audit-events.js";
import { keys } from "./keys.js";

/** The filters as the screen holds them: dates are calendar days (YYYY-MM-DD) in the viewer's time zone. */
export interface AuditFilters {
  actor: string;
  action: string;
  from: string;
  to: string;
  page: number;
}

export const AUDIT_PAGE_SIZE = 25;

/** A calendar day's first or last moment in the viewer's time zone, as the instant the server compares. */
export function dayBoundary(day: string, end: boolean): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const date = new Date(`${day}T${end ? "23:59:59.999" : "00:00:00.000"}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** GET /api/audit's query for these filters; `organizationId` narrows to one organization. */
export function auditQuery(f: AuditFilters, organizationId?: string, format?: "csv"): URLSearchParams {
  const query = new URLSearchParams();
  if (organizationId) query.set("organizationId", organizationId);
  if (f.actor.trim()) query.set("actor", f.actor.trim());
  if (f.action) query.set("action", f.action);
  const from = dayBoundary(f.from, false);
  const to = dayBoundary(f.to, true);
  if (from) query.set("from", from);
  if (to) query.set("to", to);
  if (format) query.set("format", format);
  else {
    query.set("page", String(f.page));
    query.set("pageSize", String(AUDIT_PAGE_SIZE));
  }
  return query;
}

/** The download link of every event matching the filters, as CSV. */
export function auditCsvHref(f: AuditFilters, organizationId?: string): string {
  return `${paths.api.audit}?${auditQuery(f, organizationId, "csv")}`;
}

/** One page of the log; the previous page stays on screen while the next one loads. */
export function useAuditLog(f: AuditFilters, organizationId?: string) {
  return useQuery({
    queryKey: keys.page(f, organizationId),
    queryFn: () => fetchJson<AuditPage>(`${paths.api.audit}?${auditQuery(f, organizationId)}`),
    placeholderData: keepPreviousData,
  });
}
