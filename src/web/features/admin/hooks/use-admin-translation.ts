import { useTranslation } from "react-i18next";
import { registerNamespace } from "../../../lib/i18n.js";

/** The admin console's own texts (features/admin/locales), loaded when an admin screen or the banner first needs them. */
export const ADMIN_NS = "admin";

registerNamespace(ADMIN_NS, {
  ru: () => import("../locales/ru.js"),
  uk: () => import("../locales/uk.js"),
  en: () => import("../locales/en.js"),
  es: () => import("../locales/es.js"),
  de: () => import("../locales/de.js"),
  pl: () => import("../locales/pl.js"),
  fr: () => import("../locales/fr.js"),
  tr: () => import("../locales/tr.js"),
});

export function useAdminTranslation() {
  return useTranslation(ADMIN_NS);
}
