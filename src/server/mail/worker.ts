import { randomUUID } from "node:crypto";
import type { Logger } from "../logger.js";
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
const PRUNE_EVERY_MS = 3600 * 1000;

/**
 * Delivers the outbox in the server process: wakes at once when this process enqueues,
 * polls for everything else (retries, rows from other instances, rows a dead process held).
 */
export function createDeliveryWorker(deps: {
  outbox: Outbox;
  transport: MailTransport;
  from: string;
  logger: Logger;
  settings: DeliverySettings;
}) {
  const { outbox, transport, from, logger, settings } = deps;
  // Every SMTP phase is bounded by sendTimeoutMs; a lease several times that outlives any live attempt.
  const leaseMs = 4 * settings.sendTimeoutMs;
  const domain = senderDomain(from);
  const inFlight = new Set<Promise<void>>();
  let stopped = true;
  let woken = false;
  let wakeUp: (() => void) | undefined;
  let loop: Promise<void> | undefined;
  // Set by a failed attempt, cleared by a success: the server came back, so retry the rest now.
  let sawFailure = false;
  let lastPrune = 0;

  function wake() {
    woken = true;
    wakeUp?.();
  }

  function pause(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });
  }

  async function deliver(row: OutboxRow, token: string) {
    const log = { kind: row.kind, to: row.recipient, outboxId: row.id, attempt: row.attempts };
    try {
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
    } catch (error) {
      // The database failed around the attempt; the lease runs out and the row is tried again.
      logger.error({ ...log, err: error }, "mail outbox update failed");
    }
  }

  function track(row: OutboxRow, token: string) {
    const job = deliver(row, token).finally(() => {
      inFlight.delete(job);
      wake();
    });
    inFlight.add(job);
  }

  async function run() {
    while (!stopped) {
      woken = false;
      let rest = settings.pollIntervalMs;
      const free = CONCURRENCY - inFlight.size;
      if (free > 0) {
        try {
          const token = randomUUID();
          const rows = await outbox.claim(free, leaseMs, token);
          for (const row of rows) track(row, token);
          if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
            lastPrune = Date.now();
            await outbox.prune();
          }
        } catch (error) {
          logger.error({ err: error }, "mail outbox unavailable");
          woken = false; // an enqueue must not turn a database outage into a busy loop
          rest = Math.max(rest, 1000);
        }
      }
      if (stopped) break;
      if (!woken) await pause(rest);
    }
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      loop = run();
    },
    /** A message was just enqueued here: look now instead of at the next poll. */
    wake,
    /** Stops claiming, then waits for deliveries under way (each bounded by the SMTP timeouts). */
    async stop() {
      stopped = true;
      wakeUp?.();
      await loop;
      await Promise.allSettled([...inFlight]);
    },
  };
}

export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>;

/** base · 2^(attempt−1), capped at an hour, ±20 % so instances that failed together spread out. */
export function backoff(attempt: number, baseMs: number): number {
  const delay = Math.min(baseMs * 2 ** Math.max(0, attempt - 1), MAX_BACKOFF_MS);
  return Math.round(delay * (0.8 + Math.random() * 0.4));
}
