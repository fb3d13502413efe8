import { useTranslation } from "react-i18next";
import { localeLoaders, registerNamespace } from "@/lib/i18n.js";

/** The webhooks screens' own texts (features/webhooks/locales), loaded with their first screen. */
export const WEBHOOKS_NS = "webhooks";

registerNamespace(WEBHOOKS_NS, localeLoaders(import.meta.glob("../locales/*.ts")));

export function useWebhooksTranslation() {
  return useTranslation(WEBHOOKS_NS);
}
