import { useTranslation } from "react-i18next";
import { localeLoaders, registerNamespace } from "@/lib/i18n.js";

/**
 * The signed-in home's own texts (features/organizations/locales/home), loaded with the home screen, not
 * before sign-in, and apart from the organization screens' texts (use-org-translation.ts).
 */
const HOME_NS = "home";

registerNamespace(HOME_NS, localeLoaders(import.meta.glob("../locales/home/*.ts")));

export function useHomeTranslation() {
  return useTranslation(HOME_NS);
}
