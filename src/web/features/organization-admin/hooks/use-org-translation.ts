import { useTranslation } from "react-i18next";
import { registerNamespace } from "../../../lib/i18n.js";

/** This feature's own texts (features/organization-admin/locales), loaded with its first screen. */
export const ORG_NS = "organization-admin";

registerNamespace(ORG_NS, {
  ru: () => import("../locales/ru.js"),
  uk: () => import("../locales/uk.js"),
  en: () => import("../locales/en.js"),
  es: () => import("../locales/es.js"),
  de: () => import("../locales/de.js"),
  pl: () => import("../locales/pl.js"),
  fr: () => import("../locales/fr.js"),
  tr: () => import("../locales/tr.js"),
});

export function useOrgTranslation() {
  return useTranslation(ORG_NS);
}
