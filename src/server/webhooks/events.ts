import { generateId } from "@better-auth/core/utils/id";
import { WEBHOOK_PAYLOAD_VERSION, type WebhookPayload } from "../../shared/webhooks.js";
import type { AuditAction } from "../audit/actions.js";
import type { AuditEventRow } from "../audit/schema.js";
import type { Database } from "../db/database.js";
import { fanOut } from "./fan-out.js";

/** An audit event as written: the `audit_event` row (src/server/audit/schema.ts) but its id and time. */
export type AuditRowInput = Omit<AuditEventRow, "id" | "createdAt" | "action"> & { action: AuditAction };

/** The body every subscribed endpoint receives for an audit event (docs/webhooks.md "Payload"). */
function payloadOf(id: string, createdAt: Date, row: AuditRowInput): WebhookPayload {
  return {
    type: row.action,
    timestamp: createdAt.toISOString(),
    version: WEBHOOK_PAYLOAD_VERSION,
    data: {
      eventId: id,
      actor: row.actorId || row.actorEmail ? { id: row.actorId, email: row.actorEmail } : null,
      target: row.targetType ? { type: row.targetType, id: row.targetId } : null,
      organizationId: row.organizationId,
      detail: row.detail ? (JSON.parse(row.detail) as Record<string, unknown>) : null,
    },
  };
}

/**
 * Writes an audit event and its webhook deliveries in ONE transaction (docs/webhooks.md "Delivery"):
 * either both are stored or neither, so a crash can lose no event a receiver subscribed to. The
 * audit row is encoded as the engine's adapter encodes it (its id, dates as ISO text on SQLite),
 * so the audit log reads it through the adapter as before.
 */
export function createEventRecorder(database: Database) {
  const listeners = new Set<() => void>();
  return {
    async record(row: AuditRowInput): Promise<void> {
      const id = generateId();
      const createdAt = new Date();
      const queued = await database.db.transaction().execute(async (trx) => {
        await trx
          .insertInto("audit_event")
          .values({ id, createdAt: database.dialect === "sqlite" ? createdAt.toISOString() : createdAt, ...row })
          .execute();
        return fanOut(trx, payloadOf(id, createdAt, row));
      });
      if (queued) for (const listener of listeners) listener();
    },
    /** Called after a commit that queued deliveries (the worker wakes). */
    onQueued(listener: () => void) {
      listeners.add(listener);
    },
  };
}

export type EventRecorder = ReturnType<typeof createEventRecorder>;
