import { useTranslation } from "react-i18next";
import { localeLoaders, registerNamespace } from "@/lib/i18n.js";

/**
 * The organization screens' own texts (features/organizations/locales), loaded with their first screen.
 * The home page's few texts are a namespace of their own (use-home-translation.ts), so it loads none of these.
 */
export const ORG_NS = "organizations";

registerNamespace(ORG_NS, localeLoaders(import.meta.glob("../locales/*.ts")));

export function useOrgTranslation() {
  return useTranslation(ORG_NS);
}
