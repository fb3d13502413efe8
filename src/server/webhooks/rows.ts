import type { Kysely } from "kysely";
import type {
  WebhookDeliveryStatus,
  WebhookDeliveryView,
  WebhookEndpointView,
  WebhookEventType,
} from "../../shared/webhooks.js";

/** One row of `webhook_endpoint` (migration 010_webhooks); times are epoch milliseconds. */
export interface EndpointRow {
  id: string;
  organizationId: string | null;
  url: string;
  description: string;
  /** JSON array of event types. */
  events: string;
  enabled: number;
  disabledReason: "manual" | "failing" | null;
  secret: string;
  /** The secret before the last rotation, still signing until `previousSecretUntil`. */
  previousSecret: string | null;
  previousSecretUntil: number | null;
  /** When the current run of failed attempts began; null after a success. */
  failingSince: number | null;
  createdAt: number;
  updatedAt: number;
}

/** One row of `webhook_delivery`: one message to one endpoint, leased like the mail outbox. */
export interface DeliveryRow {
  id: string;
  endpointId: string;
  messageId: string;
  eventType: string;
  /** The WebhookPayload JSON, exactly the body sent. */
  payload: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  availableAt: number;
  claimToken: string | null;
  responseStatus: number | null;
  durationMs: number | null;
  lastError: string | null;
  createdAt: number;
  deliveredAt: number | null;
}

type Tables = { webhook_endpoint: EndpointRow; webhook_delivery: DeliveryRow };
export type WebhookDb = Kysely<Tables>;

/** Which endpoints a store call may see: one organization's, or the site's (organizationId null). */
export type Owner = { organizationId: string | null };

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** An endpoint as the API answers it: the secret only by its last four characters. */
export function endpointView(row: EndpointRow): WebhookEndpointView {
  return {
    id: row.id,
    organizationId: row.organizationId,
    url: row.url,
    description: row.description,
    events: JSON.parse(row.events) as WebhookEventType[],
    enabled: Number(row.enabled) === 1,
    disabledReason: row.disabledReason,
    secretHint: row.secret.slice(-4),
    createdAt: new Date(Number(row.createdAt)).toISOString(),
    updatedAt: new Date(Number(row.updatedAt)).toISOString(),
  };
}

/** A delivery as the API answers it. */
export function deliveryView(row: DeliveryRow): WebhookDeliveryView {
  const deliveredAt = num(row.deliveredAt);
  return {
    id: row.id,
    endpointId: row.endpointId,
    messageId: row.messageId,
    eventType: row.eventType as WebhookEventType,
    status: row.status,
    attempts: Number(row.attempts),
    responseStatus: num(row.responseStatus),
    durationMs: num(row.durationMs),
    lastError: row.lastError,
    createdAt: new Date(Number(row.createdAt)).toISOString(),
    nextAttemptAt: row.status === "pending" ? new Date(Number(row.availableAt)).toISOString() : null,
    deliveredAt: deliveredAt === null ? null : new Date(deliveredAt).toISOString(),
  };
}
