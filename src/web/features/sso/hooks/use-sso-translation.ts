import { useTranslation } from "react-i18next";
import { localeLoaders, registerNamespace } from "@/lib/i18n.js";

/** The single sign-on screen's own texts (features/sso/locales), loaded with the screen. */
const SSO_NS = "sso";

registerNamespace(SSO_NS, localeLoaders(import.meta.glob("../locales/*.ts")));

export function useSsoTranslation() {
  return useTranslation(SSO_NS);
}
