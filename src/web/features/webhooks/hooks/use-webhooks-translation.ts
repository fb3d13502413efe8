import { useTranslation } from "react-i18next";
import { registerNamespace } from "../../../lib/i18n.js";

/** The webhooks screens' own texts (features/webhooks/locales), loaded with their first screen. */
export const WEBHOOKS_NS = "webhooks";

registerNamespace(WEBHOOKS_NS, {
  ru: () => import("../locales/ru.js"),
  uk: () => import("../locales/uk.js"),
  en: () => import("../locales/en.js"),
  es: () => import("../locales/es.js"),
  de: () => import("../locales/de.js"),
  pl: () => import("../locales/pl.js"),
  fr: () => import("../locales/fr.js"),
  tr: () => import("../locales/tr.js"),
});

export function useWebhooksTranslation() {
  return useTranslation(WEBHOOKS_NS);
}
