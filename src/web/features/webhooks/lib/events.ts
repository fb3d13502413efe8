import type { i18n as I18n, TFunction } from "i18next";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@/shared/webhooks.js";

/** The areas the event checkboxes are grouped by; an event no area claims goes to "other". */
const AREAS = [
  { key: "user", match: /^(user|email|password|account|session)\./ },
  { key: "signIn", match: /^(sign_in\.|sign_out$|two_factor\.|passkey\.)/ },
  { key: "organization", match: /^organization\./ },
  { key: "member", match: /^member\./ },
  { key: "invitation", match: /^invitation\./ },
  { key: "team", match: /^team\./ },
  { key: "admin", match: /^admin\./ },
  { key: "webhook", match: /^webhook\./ },
] as const;

export type EventArea = (typeof AREAS)[number]["key"] | "other";
const EVENT_AREAS: readonly EventArea[] = [...AREAS.map((a) => a.key), "other"];

export function eventArea(event: string): EventArea {
  return AREAS.find((a) => a.match.test(event))?.key ?? "other";
}

/** Every event of src/shared/webhooks.ts by area, in the order of the list; empty areas left out. */
export const EVENT_GROUPS = EVENT_AREAS.map((area) => ({
  area,
  events: WEBHOOK_EVENT_TYPES.filter((e) => eventArea(e) === area) as WebhookEventType[],
})).filter((g) => g.events.length > 0);

/**
 * An event's name in the UI language: the audit log's translation of the action of the same name
 * (`auditNs`), the test event's own, or the event type as sent when neither knows it.
 */
export function eventLabel(event: string, t: TFunction, i18n: I18n, auditNs: string): string {
  if (event === "webhook.test") return t("events.test");
  const key = `actions.${event}`;
  return i18n.exists(key, { ns: auditNs }) ? i18n.t(key, { ns: auditNs }) : event;
}
