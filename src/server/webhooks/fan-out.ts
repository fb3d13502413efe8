import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { WebhookPayload } from "../../shared/webhooks.js";
import type { DeliveryRow, WebhookDb } from "./rows.js";

/** A row's id (endpoints and deliveries). */
export const newId = () => randomUUID().replaceAll("-", "");
/** A message's id (webhook-id), kept by its resends. */
export const newMessageId = () => `msg_${randomUUID().replaceAll("-", "")}`;

/**
 * Queues `payload` for every enabled endpoint subscribed to its type that may see it: the event's
 * organization's endpoints and the site's. Runs on the caller's transaction; returns how many rows.
 */
export async function fanOut(db: Kysely<any>, payload: WebhookPayload): Promise<number> {
  const wdb = db as WebhookDb;
  let query = wdb.selectFrom("webhook_endpoint").select(["id", "events"]).where("enabled", "=", 1);
  const org = payload.data.organizationId;
  query = org
    ? query.where((eb) => eb.or([eb("organizationId", "is", null), eb("organizationId", "=", org)]))
    : query.where("organizationId", "is", null);
  const endpoints = (await query.execute()).filter((e) => (JSON.parse(e.events) as string[]).includes(payload.type));
  if (!endpoints.length) return 0;
  const now = Date.now();
  const body = JSON.stringify(payload);
  await wdb
    .insertInto("webhook_delivery")
    .values(endpoints.map((e) => newDelivery(e.id, newMessageId(), payload.type, body, now)))
    .execute();
  return endpoints.length;
}

/** A pending delivery of one message to one endpoint, due now. */
export function newDelivery(
  endpointId: string,
  messageId: string,
  eventType: string,
  payload: string,
  now: number,
): DeliveryRow {
  return {
    id: newId(),
    endpointId,
    messageId,
    eventType,
    payload,
    status: "pending",
    attempts: 0,
    availableAt: now,
    claimToken: null,
    responseStatus: null,
    durationMs: null,
    lastError: null,
    createdAt: now,
    deliveredAt: null,
  };
}
