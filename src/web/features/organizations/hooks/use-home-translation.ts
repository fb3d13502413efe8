import { useTranslation } from "react-i18next";
import { registerNamespace } from "../../../lib/i18n.js";

/** The signed-in home's own texts (features/organizations/locales), loaded with the home screen, not before sign-in. */
export const HOME_NS = "home";

registerNamespace(HOME_NS, {
  ru: () => import("../locales/ru.js"),
  uk: () => import("../locales/uk.js"),
  en: () => import("../locales/en.js"),
  es: () => import("../locales/es.js"),
  de: () => import("../locales/de.js"),
  pl: () => import("../locales/pl.js"),
  fr: () => import("../locales/fr.js"),
  tr: () => import("../locales/tr.js"),
});

export function useHomeTranslation() {
  return useTranslation(HOME_NS);
}
