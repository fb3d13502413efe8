import { useTranslation } from "react-i18next";
import { registerNamespace } from "../../../lib/i18n.js";

/** The audit log's own texts (features/audit/locales), loaded with its first screen. */
export const AUDIT_NS = "audit";

registerNamespace(AUDIT_NS, {
  ru: () => import("../locales/ru.js"),
  uk: () => import("../locales/uk.js"),
  en: () => import("../locales/en.js"),
  es: () => import("../locales/es.js"),
  de: () => import("../locales/de.js"),
  pl: () => import("../locales/pl.js"),
  fr: () => import("../locales/fr.js"),
  tr: () => import("../locales/tr.js"),
});

export function useAuditTranslation() {
  return useTranslation(AUDIT_NS);
}
