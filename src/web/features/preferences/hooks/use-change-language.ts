import { useState } from "react";
import { LANGUAGES, type Locale } from "../../../../shared/languages.js";
import { changeLocale } from "../../../lib/i18n.js";
import { useSession } from "../../../lib/session.js";
import { saveLanguage } from "../api/save-language.js";

/** Switches the UI language; signed in, it is saved to the user first so every device follows. */
export function useChangeLanguage() {
  const { session } = useSession();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function change(locale: Locale) {
    setError(null);
    const language = LANGUAGES.find((l) => l.locale === locale);
    if (!language) return;
    setPending(true);
    try {
      if (session) await saveLanguage(language.code);
    } catch (e) {
      setError(e);
    } finally {
      // Even when saving failed, the user asked for this language on this screen.
      await changeLocale(locale);
      setPending(false);
    }
  }
  return { change, pending, error };
}
