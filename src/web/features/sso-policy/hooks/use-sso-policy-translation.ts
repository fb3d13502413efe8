import { useTranslation } from "react-i18next";
import { localeLoaders, registerNamespace } from "@/lib/i18n.js";

/** The single sign-on policy's texts (features/sso-policy/locales), loaded with the screen. */
const SSO_POLICY_NS = "sso-policy";

registerNamespace(SSO_POLICY_NS, localeLoaders(import.meta.glob("../locales/*.ts")));

export function useSsoPolicyTranslation() {
  return useTranslation(SSO_POLICY_NS);
}
