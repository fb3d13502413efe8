import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { i18n } from "../lib/i18n.js";

/** Translations for everything below; data fetching is provided per screen (query-provider.tsx). */
export function AppProvider({ children }: { children: ReactNode }) {
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}
