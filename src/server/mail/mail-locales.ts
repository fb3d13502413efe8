import type { Locale } from "../../shared/languages.js";
import type { MailLocale } from "./i18n.js";
import { de } from "./locales/de.js";
import { en } from "./locales/en.js";
import { es } from "./locales/es.js";
import { fr } from "./locales/fr.js";
import { pl } from "./locales/pl.js";
import { ru } from "./locales/ru.js";
import { tr } from "./locales/tr.js";
import { uk } from "./locales/uk.js";

/** The mail strings of every language of docs/behaviour.md#data; `satisfies` fails the build if one is missing. */
export const mailLocales = { ru, uk, en, es, de, pl, fr, tr } satisfies Record<Locale, MailLocale>;
