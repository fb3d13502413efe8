import { useTranslation } from "react-i18next";
import { localeLoaders, registerNamespace } from "../../../lib/i18n.js";

/** This feature's own texts (features/organization-admin/locales), loaded with its first screen. */
export const ORG_NS = "organization-admin";

registerNamespace(ORG_NS, localeLoaders(import.meta.glob("../locales/*.ts")));

export function useOrgTranslation() {
  return useTranslation(ORG_NS);
}
