import { useTranslation } from "react-i18next";
import { localeLoaders, registerNamespace } from "@/lib/i18n.js";

/** The second step's texts (features/two-factor/locales): loaded with its screen, not with sign-in. */
const TWO_FACTOR_NS = "twoFactor";

registerNamespace(TWO_FACTOR_NS, localeLoaders(import.meta.glob("../locales/*.ts")));

export function useTwoFactorTranslation() {
  return useTranslation(TWO_FACTOR_NS);
}
