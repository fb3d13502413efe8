import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-error.js";
import { errorMessage } from "@/lib/error-message.js";
import { ERRORS_NS, i18n } from "@/lib/i18n.js";
import { API_KEY_ERROR_CODES } from "@/shared/api-keys.js";
import { LANGUAGES, type Locale } from "@/shared/languages.js";
import { describeFeatureLocales } from "./helpers/feature-locales.js";
import { withLocale } from "./helpers/render.js";

await describeFeatureLocales("api-keys", {});

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
