import { useTranslation } from "react-i18next";
import { localeLoaders, registerNamespace } from "@/lib/i18n.js";

/** The SCIM provisioning screen's own texts (features/scim/locales), loaded with the screen. */
const SCIM_NS = "scim";

registerNamespace(SCIM_NS, localeLoaders(import.meta.glob("../locales/*.ts")));

export function useScimTranslation() {
  return useTranslation(SCIM_NS);
}
