// GET /api/audit's answer, for the server that builds it (src/server/audit) and the screen that reads it.

/** One event as stored, with dates as ISO strings; what the CSV holds. */
export interface AuditEventView {
  id: string;
  createdAt: string;
  action: string;
  actorId: string | null;
  actorEmail: string | null;
  targetType: string | null;
  targetId: string | null;
  organizationId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  detail: Record<string, unknown> | null;
}

/** A person (or invitation) as a reader knows them. */
export interface AuditParty {
  name: string | null;
  email: string | null;
}

/**
 * The names behind an event's ids, as they are now; when the thing is gone, as the event recorded
 * them; null when neither is known (the screen then shows the id). CSV keeps the raw ids only.
 */
interface AuditNames {
  actor: AuditParty | null;
  target: AuditParty | null;
  organization: string | null;
  team: string | null;
  impersonator: AuditParty | null;
}

/** One event as the screen gets it (src/server/audit/names.ts). */
export type AuditEvent = AuditEventView & { names: AuditNames };

/** A page of GET /api/audit. */
export interface AuditPage {
  events: AuditEvent[];
  total: number;
  page: number;
  pageSize: number;
}
