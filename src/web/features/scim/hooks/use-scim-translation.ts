import { useTranslation } from "react-i18next";
import { registerNamespace } from "../../../lib/i18n.js";

/** The SCIM provisioning screen's own texts (features/scim/locales), loaded with the screen. */
export const SCIM_NS = "scim";

registerNamespace(SCIM_NS, {
  ru: () => import("../locales/ru.js"),
  uk: () => import("../locales/uk.js"),
  en: () => import("../locales/en.js"),
  es: () => import("../locales/es.js"),
  de: () => import("../locales/de.js"),
  pl: () => import("../locales/pl.js"),
  fr: () => import("../locales/fr.js"),
  tr: () => import("../locales/tr.js"),
});

export function useScimTranslation() {
  return useTranslation(SCIM_NS);
}
