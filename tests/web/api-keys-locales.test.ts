// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import de from "@/features/api-keys/locales/de.js";
import en from "@/features/api-keys/locales/en.js";
import es from "@/features/api-keys/locales/es.js";
import fr from "@/features/api-keys/locales/fr.js";
import pl from "@/features/api-keys/locales/pl.js";
import ru from "@/features/api-keys/locales/ru.js";
import tr from "@/features/api-keys/locales/tr.js";
import uk from "@/features/api-keys/locales/uk.js";
import { ApiError } from "@/lib/api-error.js";
import { errorMessage } from "@/lib/error-message.js";
import { ERRORS_NS, i18n } from "@/lib/i18n.js";
import { API_KEY_ERROR_CODES } from "../../src/shared/api-keys.js";
import { LANGUAGES, type Locale } from "../../src/shared/languages.js";
import { describeFeatureLocales } from "./helpers/feature-locales.js";
import { withLocale } from "./helpers/render.js";

describeFeatureLocales("api-keys", { ru, uk, en, es, de, pl, fr, tr }, {});

describe("API-key error codes on screen", () => {
  it("translates every code the API-key routes answer with, in every language", async () => {
    for (const { locale } of LANGUAGES) {
      await withLocale(locale as Locale);
      await i18n.loadNamespaces(ERRORS_NS);
      for (const code of Object.keys(API_KEY_ERROR_CODES)) {
        const message = errorMessage(i18n, new ApiError(400, code, "x"));
        expect(message, `${locale} ${code}`).not.toBe(i18n.t("errorStatus.generic"));
      }
    }
    await withLocale("en");
  });
});
