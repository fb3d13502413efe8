import { useTranslation } from "react-i18next";
import { registerNamespace } from "../../../lib/i18n.js";

/** The second step's texts (features/two-factor/locales): loaded with its screen, not with sign-in. */
export const TWO_FACTOR_NS = "twoFactor";

registerNamespace(TWO_FACTOR_NS, {
  ru: () => import("../locales/ru.js"),
  uk: () => import("../locales/uk.js"),
  en: () => import("../locales/en.js"),
  es: () => import("../locales/es.js"),
  de: () => import("../locales/de.js"),
  pl: () => import("../locales/pl.js"),
  fr: () => import("../locales/fr.js"),
  tr: () => import("../locales/tr.js"),
});

export function useTwoFactorTranslation() {
  return useTranslation(TWO_FACTOR_NS);
}
