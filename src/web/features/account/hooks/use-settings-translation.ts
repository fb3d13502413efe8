import { useTranslation } from "react-i18next";
import { localeLoaders, registerNamespace } from "@/lib/i18n.js";

/** The account settings screens' own texts (features/account/locales), loaded when a settings screen first opens. */
export const SETTINGS_NS = "settings";

registerNamespace(SETTINGS_NS, localeLoaders(import.meta.glob("../locales/*.ts")));

export function useSettingsTranslation() {
  return useTranslation(SETTINGS_NS);
}
