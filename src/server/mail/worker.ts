import type { Logger } from "../logger.js";
import { createLeasedWorker, backoff as leasedBackoff } from "../queue/leased-queue.js";
import type { Outbox, OutboxRow } from "./outbox.js";
import { isPermanentFailure, type MailTransport, senderDomain } from "./transport.js";

export interface DeliverySettings {
  /** Attempts per message before it is marked failed. */
  maxAttempts: number;
  /** How often the outbox is read for retries and for rows other instances wrote. */
  pollIntervalMs: number;
  /** Delay before the second attempt; doubles for each further one (capped, with jitter). */
  retryBaseMs: number;
  /** Bound on each SMTP phase (connect, greeting, each command). */
  sendTimeoutMs: number;
}

/** Messages delivered at once by one process. */
const CONCURRENCY = 4;
const MAX_BACKOFF_MS = 3600 * 1000;

/**
 * Delivers the outbox in the server process through the leased-queue loop (src/server/queue/):
 * wakes at once when this process enqueues, polls for everything else (retries, rows from other
 * instances, rows a dead process held).
 */
export function createDeliveryWorker(deps: {
  outbox: Outbox;
  transport: MailTransport;
  from: string;
  logger: Logger;
  settings: DeliverySettings;
}) {
  const { outbox, transport, from, logger, settings } = deps;
  const domain = senderDomain(from);
  // Set by a failed attempt, cleared by a success: the server came back, so retry the rest now.
  let sawFailure = false;

  async function deliver(row: OutboxRow, token: string) {
    const log = { kind: row.kind, to: row.recipient, outboxId: row.id, attempt: row.attempts };
    // A row whose last attempt died with its process is tried once more (at-least-once, ADR 004).
    try {
      await transport.send({
        from,
        to: row.recipient,
        subject: row.subject,
        text: row.text,
        html: row.html,
        messageId: `<${row.id}@${domain}>`,
      });
    } catch (error) {
      sawFailure = true;
      const reason = error instanceof Error ? error.message : String(error);
      if (isPermanentFailure(error) || row.attempts >= settings.maxAttempts) {
        await outbox.markFailed(row.id, token, reason);
        logger.error({ ...log, reason }, "mail failed");
      } else {
        const delay = backoff(row.attempts, settings.retryBaseMs);
        await outbox.markRetry(row.id, token, Date.now() + delay, reason);
        logger.warn({ ...log, reason, retryInMs: delay }, "mail delivery failed; will retry");
      }
      return;
    }
    if (await outbox.markSent(row.id, token)) logger.info(log, "mail sent");
    else logger.warn(log, "mail sent after its lease ran out; it may be delivered twice");
    if (sawFailure) {
      sawFailure = false;
      await outbox.retryNow();
    }
  }

  return createLeasedWorker<OutboxRow>({
    name: "mail",
    concurrency: CONCURRENCY,
    pollIntervalMs: settings.pollIntervalMs,
    // Every SMTP phase is bounded by sendTimeoutMs; a lease several times that outlives any live attempt.
    leaseMs: 4 * settings.sendTimeoutMs,
    claim: (limit, leaseMs, token) => outbox.claim(limit, leaseMs, token),
    handle: deliver,
    prune: () => outbox.prune(),
    logger,
  });
}

/** base · 2^(attempt−1), capped at an hour, ±20 % so instances that failed together spread out. */
function backoff(attempt: number, baseMs: number): number {
  return leasedBackoff(attempt, baseMs, MAX_BACKOFF_MS);
}
