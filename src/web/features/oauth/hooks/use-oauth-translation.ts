import { useTranslation } from "react-i18next";
import { registerNamespace } from "../../../lib/i18n.js";

/** "Sign in with Tessera" screens' own texts (features/oauth/locales), loaded with their first screen. */
export const OAUTH_NS = "oauth";

registerNamespace(OAUTH_NS, {
  ru: () => import("../locales/ru.js"),
  uk: () => import("../locales/uk.js"),
  en: () => import("../locales/en.js"),
  es: () => import("../locales/es.js"),
  de: () => import("../locales/de.js"),
  pl: () => import("../locales/pl.js"),
  fr: () => import("../locales/fr.js"),
  tr: () => import("../locales/tr.js"),
});

export function useOAuthTranslation() {
  return useTranslation(OAUTH_NS);
}
