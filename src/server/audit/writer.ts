import { queueAfterTransactionHook } from "@better-auth/core/context";
import { CLIENT_IP_HEADER } from "../auth/client-ip.js";
import type { Logger } from "../logger.js";
import type { AuditRowInput, EventRecorder } from "../webhooks/events.js";
import type { AuditEventInput } from "./actions.js";

/** Where a request's client address and user agent are read: an endpoint's or a hook's context. */
type RequestSource = { request?: Request | undefined; headers?: Headers | undefined };
export type Actor = { id: string; email: string; impersonatedBy?: string | null };

/**
 * Writes one audit event for a request (actor optional), together with the webhook deliveries it
 * causes, in one transaction (webhooks/events.ts); a failed write is logged, never thrown. Inside one
 * of the engine's transactions it waits for the commit: on SQLite that transaction holds the one
 * connection, and an event of work that is rolled back never happened.
 */
export function auditWriter(logger: Logger, events: EventRecorder) {
  return async function write(ctx: RequestSource | null | undefined, event: AuditEventInput, actor?: Actor | null) {
    if (!ctx) return;
    const headers = ctx.request?.headers ?? ctx.headers;
    const detail = { ...event.detail, ...(actor?.impersonatedBy ? { impersonatedBy: actor.impersonatedBy } : {}) };
    const row: AuditRowInput = {
      action: event.action,
      actorId: event.actorId ?? actor?.id ?? null,
      actorEmail: event.actorEmail ?? actor?.email ?? null,
      targetType: event.targetType ?? null,
      targetId: event.targetId ?? null,
      organizationId: event.organizationId ?? null,
      ipAddress: headers?.get(CLIENT_IP_HEADER) ?? null,
      userAgent: headers?.get("user-agent")?.slice(0, 512) ?? null,
      detail: Object.keys(detail).length ? JSON.stringify(detail) : null,
    };
    await queueAfterTransactionHook(() => events.record(row), {
      onError: (error) => logger.error({ err: error, action: event.action }, "audit event not written"),
    }).catch((error) => logger.error({ err: error, action: event.action }, "audit event not written"));
  };
}

/** The writer's function: what the audit plugin, oauth-events.ts and mfa-events.ts write with. */
export type AuditWrite = ReturnType<typeof auditWriter>;
