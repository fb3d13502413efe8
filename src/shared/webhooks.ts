import { AUDIT_ACTIONS, type AuditAction } from "./audit-actions.js";
import { messagesOf } from "./error-codes.js";

/**
 * Webhooks as data, shared by the server (src/server/webhooks/) and the web app: which events can be
 * sent, what an endpoint and a delivery look like over `/api`, and the codes the routes answer.
 * docs/webhooks.md describes the payload and the signature.
 */

/**
 * Every audit log action is a webhook event of the same name, plus `webhook.test` (the "Send test
 * event" button). An organization's endpoints receive the events of that organization only; a site
 * endpoint receives every event it subscribed to.
 */
export const WEBHOOK_EVENT_TYPES = [...AUDIT_ACTIONS, "webhook.test"] as const;
export type WebhookEventType = AuditAction | "webhook.test";

/** The version of the JSON body below; a change that is not purely additive increments it. */
export const WEBHOOK_PAYLOAD_VERSION = 1;

/** What a receiver gets as the request body (Standard Webhooks: type, timestamp, data). */
export interface WebhookPayload {
  type: WebhookEventType;
  /** When the event happened (ISO 8601). */
  timestamp: string;
  version: typeof WEBHOOK_PAYLOAD_VERSION;
  data: {
    /** The audit event's id (for `webhook.test`, a fresh id). */
    eventId: string;
    actor: { id: string | null; email: string | null } | null;
    target: { type: string; id: string | null } | null;
    organizationId: string | null;
    detail: Record<string, unknown> | null;
  };
}

/** An endpoint as `/api/…/webhooks` answers it; its secret is only ever answered once (create, rotate). */
export interface WebhookEndpointView {
  id: string;
  /** null: a site endpoint (site admins); otherwise the organization whose events it receives. */
  organizationId: string | null;
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
  /** Why it is off: turned off by a person, or after failing for days (docs/webhooks.md). */
  disabledReason: "manual" | "failing" | null;
  /** The secret's last four characters, to tell secrets apart. */
  secretHint: string;
  createdAt: string;
  updatedAt: string;
}

export type WebhookDeliveryStatus = "pending" | "sending" | "succeeded" | "failed";

/** One message to one endpoint (an event, a resend or a test), with its last attempt. */
export interface WebhookDeliveryView {
  id: string;
  endpointId: string;
  /** The `webhook-id` header: the same for every attempt and for a resend, so receivers can deduplicate. */
  messageId: string;
  eventType: WebhookEventType;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** The receiver's HTTP status of the last attempt, if it answered. */
  responseStatus: number | null;
  /** How long the last attempt took. */
  durationMs: number | null;
  /** Why the last attempt failed, in English (timeouts, refused addresses, non-2xx answers). */
  lastError: string | null;
  createdAt: string;
  /** When the next attempt is due (pending rows). */
  nextAttemptAt: string | null;
  deliveredAt: string | null;
}

/** GET /api/…/webhooks. */
export interface WebhookEndpointList {
  endpoints: WebhookEndpointView[];
}

/** PATCH /api/…/webhooks/:id. */
export interface WebhookEndpointAnswer {
  endpoint: WebhookEndpointView;
}

/** POST /api/…/webhooks and POST …/:id/rotate-secret: the signing secret, in this answer only. */
export interface WebhookEndpointWithSecret {
  endpoint: WebhookEndpointView;
  secret: string;
}

/** DELETE /api/…/webhooks/:id. */
export interface WebhookEndpointDeleted {
  success: true;
}

/** A page of GET /api/…/webhooks/:id/deliveries, newest first. */
export interface WebhookDeliveryPage {
  deliveries: WebhookDeliveryView[];
  total: number;
  page: number;
  pageSize: number;
}

/** POST …/:id/test and POST …/:id/deliveries/:deliveryId/resend: the delivery just queued. */
export interface WebhookDeliveryAnswer {
  delivery: WebhookDeliveryView;
}

/** The codes `/api/…/webhooks` answers besides the shared ones, with their messages (src/shared/error-codes.ts). */
export const WEBHOOK_ERROR_CODES = messagesOf([
  // Not an absolute http(s) address, or http where https is required.
  "WEBHOOK_URL_INVALID",
  // Loopback, private, link-local or otherwise internal address (SSRF), unless the operator allows it.
  "WEBHOOK_URL_NOT_ALLOWED",
  "WEBHOOK_EVENTS_REQUIRED",
  "WEBHOOK_EVENT_UNKNOWN",
  "WEBHOOK_NOT_FOUND",
  "WEBHOOK_DELIVERY_NOT_FOUND",
  // More endpoints than allowed for one organization (or for the site).
  "WEBHOOK_LIMIT_REACHED",
]);
export type WebhookErrorCode = keyof typeof WEBHOOK_ERROR_CODES;
