import { useEffect } from "react";
import { useSession } from "@/lib/api/session.js";
import { changeLocale, i18n } from "@/lib/i18n.js";
import { isLanguageCode, localeOf } from "@/shared/languages.js";

/**
 * Signed in, the user's stored language decides the UI language. Runs only when the stored value
 * changes, so a local switch whose save failed is not undone behind the user's back.
 */
export function useLanguageSync() {
  const { session } = useSession();
  const stored = session?.user.language;
  useEffect(() => {
    if (!isLanguageCode(stored)) return;
    const locale = localeOf(stored);
    if (locale !== i18n.language) void changeLocale(locale);
  }, [stored]);
}
