import type { BetterAuthPlugin } from "better-auth";
import { counterFields, type WindowLimit } from "../auth/window-counter.js";

/**
 * Test events and resends are sent on request; without a bound, one caller could make Tessera send as
 * many requests as it likes to any public address. At most this many per endpoint per window, counted
 * like the other limits (Redis with REDIS_URL, else the table below; auth/window-counter.ts).
 */
export const WEBHOOK_SEND_LIMIT: WindowLimit = { model: "webhookSendThrottle", max: 20, windowSeconds: 60 };

/** The engine's schema for the count (its migrations create `webhook_send_throttle`). */
export const webhookSendLimitSchema = {
  id: "tessera-webhook-send-limit",
  schema: { webhookSendThrottle: { modelName: "webhook_send_throttle", fields: counterFields } },
} satisfies BetterAuthPlugin;
