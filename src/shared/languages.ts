// The languages (docs/i18n.md "Adding a language"). See also: the mails' words (src/server/mail/locales/); the web
// app's, one folder per feature (src/web/features/*/locales/, loaded by src/web/lib/i18n.ts).

/** docs/behaviour.md#data "Language enumeration": the user's preferred language, stored as its integer code. */
export const LANGUAGES = [
  { code: 0, name: "RUS", locale: "ru", label: "Русский" },
  { code: 1, name: "UKR", locale: "uk", label: "Українська" },
  { code: 3, name: "ENG", locale: "en", label: "English" },
  { code: 4, name: "SPA", locale: "es", label: "Español" },
  { code: 6, name: "GERMAN", locale: "de", label: "Deutsch" },
  { code: 15, name: "POL", locale: "pl", label: "Polski" },
  { code: 16, name: "FRA", locale: "fr", label: "Français" },
  { code: 82, name: "TURKEY", locale: "tr", label: "Türkçe" },
] as const;

export type Language = (typeof LANGUAGES)[number];
export type LanguageCode = Language["code"];
export type Locale = Language["locale"];

/**
 * The cookie holding the UI language the web app last showed (set by src/web/lib/i18n.ts), so pages the
 * server renders itself (the /api/auth/error page) speak the same language.
 */
export const LOCALE_COOKIE = "tessera.locale";

export const DEFAULT_LANGUAGE_CODE: LanguageCode = 3;
export const LANGUAGE_CODES: readonly number[] = LANGUAGES.map((l) => l.code);

/** True when `value` is one of the enumeration's integer codes. */
export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === "number" && LANGUAGE_CODES.includes(value);
}

/** The locale for a stored language code; English for anything unknown. */
export function localeOf(code: number | null | undefined): Locale {
  return LANGUAGES.find((l) => l.code === code)?.locale ?? "en";
}
