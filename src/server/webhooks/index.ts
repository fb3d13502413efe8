import type { Config } from "../config.js";
import type { Database } from "../db/database.js";
import type { Logger } from "../logger.js";
import { createEventRecorder } from "./events.js";
import { createWebhookStore } from "./store.js";
import { createWebhookWorker } from "./worker.js";

/**
 * Webhooks of one server process: the event recorder the audit log writes through, the store, the worker.
 * See also (docs/webhooks.md): an event and its deliveries in one transaction (events.ts, fan-out.ts); the
 * routes of an organization's and the site's endpoints (routes.ts); delivery and retries (worker.ts, sender.ts);
 * signatures (signer.ts); addresses refused (address-guard.ts).
 */
export function createWebhooks(database: Database, config: Pick<Config, "webhooks">, logger: Logger) {
  const { webhooks: s } = config;
  const store = createWebhookStore(database);
  const events = createEventRecorder(database);
  const worker = createWebhookWorker({
    store,
    logger,
    settings: {
      maxAttempts: s.maxAttempts,
      retryBaseMs: s.retryBaseMs,
      pollIntervalMs: s.pollIntervalMs,
      timeoutMs: s.timeoutMs,
      disableAfterMs: s.disableAfterMs,
      allowPrivate: s.allowPrivateAddresses,
    },
  });
  events.onQueued(() => worker.wake());
  return { store, events, worker };
}

export type Webhooks = ReturnType<typeof createWebhooks>;
