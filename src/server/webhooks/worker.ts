import type { Logger } from "../logger.js";
import { backoff, createLeasedWorker } from "../queue/leased-queue.js";
import type { DeliveryRow, EndpointRow } from "./rows.js";
import { sendWebhook } from "./sender.js";
import { signatureHeaders } from "./signer.js";
import type { WebhookStore } from "./store.js";

export interface WebhookDeliverySettings {
  /** Attempts per delivery before it is marked failed. */
  maxAttempts: number;
  /** Delay before the second attempt; doubles for each further one, capped at MAX_BACKOFF_MS. */
  retryBaseMs: number;
  pollIntervalMs: number;
  timeoutMs: number;
  /** An endpoint failing without a single success this long is turned off ("failing"). */
  disableAfterMs: number;
  allowPrivate: boolean;
}

/** Deliveries sent at once by one process. */
const CONCURRENCY = 8;
/** The longest wait between two attempts. */
const MAX_BACKOFF_MS = 6 * 3600 * 1000;
/** At most this much of a receiver's answer is read. */
const MAX_RESPONSE_BYTES = 64 * 1024;

/** The secrets that sign now: the current one, and the previous one during its grace period. */
function signingSecrets(endpoint: EndpointRow, now = Date.now()): string[] {
  const secrets = [endpoint.secret];
  if (endpoint.previousSecret && Number(endpoint.previousSecretUntil) > now) secrets.push(endpoint.previousSecret);
  return secrets;
}

/** Sends webhook deliveries through the leased-queue loop shared with mail (src/server/queue/). */
export function createWebhookWorker(deps: { store: WebhookStore; logger: Logger; settings: WebhookDeliverySettings }) {
  const { store, logger, settings } = deps;

  async function deliver(row: DeliveryRow, token: string) {
    const log = { deliveryId: row.id, endpointId: row.endpointId, messageId: row.messageId, attempt: row.attempts };
    const endpoint = await store.byId(row.endpointId);
    if (!endpoint || Number(endpoint.enabled) !== 1) {
      await store.finish(row.id, token, { status: "failed", lastError: "the endpoint is disabled" });
      return;
    }
    // The webhook-id stays the message's for every attempt and resend; the timestamp is this attempt's.
    const headers = signatureHeaders(signingSecrets(endpoint), row.messageId, row.payload);
    const result = await sendWebhook(endpoint.url, headers, row.payload, {
      timeoutMs: settings.timeoutMs,
      maxResponseBytes: MAX_RESPONSE_BYTES,
      allowPrivate: settings.allowPrivate,
    });
    const outcome = { responseStatus: result.status, durationMs: result.durationMs };
    if (result.ok) {
      if (
        await store.finish(row.id, token, { ...outcome, status: "succeeded", lastError: null, deliveredAt: Date.now() })
      )
        logger.info(log, "webhook delivered");
      else logger.warn(log, "webhook delivered after its lease ran out; it may be delivered twice");
      if (await store.endpointSucceeded(endpoint.id)) worker.wake();
      return;
    }
    const error = (result.error ?? "failed").slice(0, 1000);
    if (row.attempts >= settings.maxAttempts) {
      await store.finish(row.id, token, { ...outcome, status: "failed", lastError: error });
      logger.error({ ...log, reason: error }, "webhook failed");
    } else {
      const delay = backoff(row.attempts, settings.retryBaseMs, MAX_BACKOFF_MS);
      await store.finish(row.id, token, {
        ...outcome,
        status: "pending",
        availableAt: Date.now() + delay,
        lastError: error,
      });
      logger.warn({ ...log, reason: error, retryInMs: delay }, "webhook attempt failed; will retry");
    }
    if (await store.endpointFailed(endpoint.id, settings.disableAfterMs))
      logger.warn({ endpointId: endpoint.id }, "webhook endpoint turned off after failing continuously");
  }

  const worker = createLeasedWorker<DeliveryRow>({
    name: "webhook",
    concurrency: CONCURRENCY,
    pollIntervalMs: settings.pollIntervalMs,
    // An attempt is bounded by timeoutMs; the lease outlives it with room for the database writes.
    leaseMs: 3 * settings.timeoutMs + 5000,
    claim: (limit, leaseMs, token) => store.claim(limit, leaseMs, token),
    handle: deliver,
    prune: () => store.prune(),
    logger,
  });
  return worker;
}
