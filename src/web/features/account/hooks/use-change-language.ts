import { useSubmit } from "@/hooks/use-submit.js";
import { useSession } from "@/lib/api/session.js";
import { changeLocale } from "@/lib/i18n.js";
import { LANGUAGES, type Language, type Locale } from "@/shared/languages.js";
import { saveLanguage } from "../api/save-language.js";

/** Switches the UI language; signed in, it is saved to the user first so every device follows. */
export function useChangeLanguage() {
  const { session } = useSession();
  const save = useSubmit(async (language: Language) => {
    try {
      if (session) await saveLanguage(language.code);
    } finally {
      // Even when saving failed, the user asked for this language on this screen.
      await changeLocale(language.locale);
    }
  });

  function change(locale: Locale) {
    const language = LANGUAGES.find((l) => l.locale === locale);
    if (!language) return save.reset();
    save.mutate(language);
  }
  return { change, pending: save.isPending, error: save.error };
}
