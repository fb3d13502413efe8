import type { Config } from "../config.js";
import type { Database } from "../db/database.js";
import type { Logger } from "../logger.js";
import { createEventRecorder } from "./events.js";
import { createWebhookStore } from "./store.js";
import { createWebhookWorker } from "./worker.js";

/** Webhooks of one server process: the event recorder the audit log writes through, the store, the worker. */
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
