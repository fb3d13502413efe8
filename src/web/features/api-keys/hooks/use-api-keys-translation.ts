import { useTranslation } from "react-i18next";
import { registerNamespace } from "../../../lib/i18n.js";

/** The API-key screens' own texts (features/api-keys/locales), loaded with their first screen. */
export const API_KEYS_NS = "apiKeys";

registerNamespace(API_KEYS_NS, {
  ru: () => import("../locales/ru.js"),
  uk: () => import("../locales/uk.js"),
  en: () => import("../locales/en.js"),
  es: () => import("../locales/es.js"),
  de: () => import("../locales/de.js"),
  pl: () => import("../locales/pl.js"),
  fr: () => import("../locales/fr.js"),
  tr: () => import("../locales/tr.js"),
});

export function useApiKeysTranslation() {
  return useTranslation(API_KEYS_NS);
}
