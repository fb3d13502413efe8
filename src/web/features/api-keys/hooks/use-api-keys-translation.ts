import { useTranslation } from "react-i18next";
import { localeLoaders, registerNamespace } from "@/lib/i18n.js";

/** The API-key screens' own texts (features/api-keys/locales), loaded with their first screen. */
const API_KEYS_NS = "apiKeys";

registerNamespace(API_KEYS_NS, localeLoaders(import.meta.glob("../locales/*.ts")));

export function useApiKeysTranslation() {
  return useTranslation(API_KEYS_NS);
}
