import { useTranslation } from "react-i18next";
import { localeLoaders, registerNamespace } from "@/lib/i18n.js";

/** "Sign in with Tessera" screens' own texts (features/oauth/locales), loaded with their first screen. */
export const OAUTH_NS = "oauth";

registerNamespace(OAUTH_NS, localeLoaders(import.meta.glob("../locales/*.ts")));

export function useOAuthTranslation() {
  return useTranslation(OAUTH_NS);
}
