import { createContext, useContext } from "react";
import type { WebhookScope } from "../api/webhooks.js";

export interface WebhooksContextValue {
  scope: WebhookScope;
  /** The audit log's namespace, whose action names label the events (loaded by the screen). */
  auditNs: string;
}

export const WebhooksContext = createContext<WebhooksContextValue | null>(null);

/** Inside a webhooks screen: whose endpoints these are and what the user may do. */
export function useWebhooksContext(): WebhooksContextValue {
  const value = useContext(WebhooksContext);
  if (!value) throw new Error("useWebhooksContext outside a webhooks screen");
  return value;
}
