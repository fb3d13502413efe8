import { useTranslation } from "react-i18next";
import { eventLabel } from "../lib/events.js";
import { WEBHOOKS_NS } from "./use-webhooks-translation.js";
import { useWebhooksContext } from "./webhooks-context.js";

/** Event type → its name in the UI language, with the audit log's translations loaded alongside. */
export function useEventLabel() {
  const { auditNs } = useWebhooksContext();
  const { t, i18n, ready } = useTranslation([WEBHOOKS_NS, auditNs]);
  return { ready, label: (event: string) => eventLabel(event, t, i18n, auditNs) };
}
