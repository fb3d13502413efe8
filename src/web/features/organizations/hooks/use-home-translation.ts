import { useTranslation } from "react-i18next";
import { localeLoaders, registerNamespace } from "../../../lib/i18n.js";

/** The signed-in home's own texts (features/organizations/locales), loaded with the home screen, not before sign-in. */
export const HOME_NS = "home";

registerNamespace(HOME_NS, localeLoaders(import.meta.glob("../locales/*.ts")));

export function useHomeTranslation() {
  return useTranslation(HOME_NS);
}
