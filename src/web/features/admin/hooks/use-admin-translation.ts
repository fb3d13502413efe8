import { useTranslation } from "react-i18next";
import { localeLoaders, registerNamespace } from "@/lib/i18n.js";

/** The admin console's own texts (features/admin/locales), loaded when an admin screen or the banner first needs them. */
export const ADMIN_NS = "admin";

registerNamespace(ADMIN_NS, localeLoaders(import.meta.glob("../locales/*.ts")));

export function useAdminTranslation() {
  return useTranslation(ADMIN_NS);
}
