import { useSearchParams } from "react-router";
import { AUDIT_ACTIONS } from "@/shared/audit-actions.js";
import type { AuditFilters } from "../api/audit.js";

export const EMPTY_AUDIT_FILTERS: AuditFilters = { actor: "", action: "", from: "", to: "", page: 1 };

const day = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : "");

/** The log's filters live in the URL, so a filtered view can be reloaded, shared and gone back to. */
function parseAuditFilters(params: URLSearchParams): AuditFilters {
  const action = params.get("action") ?? "";
  const page = Number(params.get("page"));
  return {
    actor: (params.get("actor") ?? "").slice(0, 320),
    action: (AUDIT_ACTIONS as readonly string[]).includes(action) ? action : "",
    from: day(params.get("from")),
    to: day(params.get("to")),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

function auditSearchParams(f: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (f.actor.trim()) params.set("actor", f.actor.trim());
  if (f.action) params.set("action", f.action);
  if (f.from) params.set("from", f.from);
  if (f.to) params.set("to", f.to);
  if (f.page > 1) params.set("page", String(f.page));
  return params;
}

/** The current filters and a way to change them; a change of filter starts again at page 1. */
export function useAuditSearchParams() {
  const [params, setParams] = useSearchParams();
  const filters = parseAuditFilters(params);
  const update = (patch: Partial<AuditFilters>) =>
    setParams((current) => auditSearchParams({ ...parseAuditFilters(current), ...patch, page: patch.page ?? 1 }));
  return [filters, update] as const;
}
