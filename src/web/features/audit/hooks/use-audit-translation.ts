import { useTranslation } from "react-i18next";
import { localeLoaders, registerNamespace } from "@/lib/i18n.js";

/** The audit log's own texts (features/audit/locales), loaded with its first screen. */
export const AUDIT_NS = "audit";

registerNamespace(AUDIT_NS, localeLoaders(import.meta.glob("../locales/*.ts")));

export function useAuditTranslation() {
  return useTranslation(AUDIT_NS);
}
