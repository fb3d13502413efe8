import { describe, expect, it } from "vitest";
import { ApiError, retryAfterSeconds } from "@/lib/api-error.js";
import { errorCodeMessage, errorMessage } from "@/lib/error-message.js";
import { loadMessages } from "@/lib/i18n.js";
import { LANGUAGES, type Locale } from "@/shared/languages.js";
import { withLocale } from "./helpers/render.js";

describe("error → message", () => {
  it.each<[Locale, string]>([
    ["en", "Invalid email or password."],
    ["ru", "Неверный адрес электронной почты или пароль."],
    ["uk", "Неправильна адреса електронної пошти або пароль."],
    ["es", "Correo electrónico o contraseña incorrectos."],
    ["de", "E-Mail-Adresse oder Passwort ist falsch."],
    ["pl", "Nieprawidłowy adres e-mail lub hasło."],
    ["fr", "Adresse e-mail ou mot de passe incorrect."],
    ["tr", "E-posta adresi veya parola hatalı."],
  ])("maps an engine code to the %s message", async (locale, expected) => {
    const i18n = await withLocale(locale);
    expect(errorMessage(i18n, new ApiError(401, "INVALID_EMAIL_OR_PASSWORD", "Invalid email or password"))).toBe(
      expected,
    );
  });

  it("gives every code of the table its own message in every language (never the generic one)", async () => {
    for (const { locale } of LANGUAGES) {
      const i18n = await withLocale(locale);
      const table = await loadMessages(locale, "errors");
      const generic = i18n.t("errorStatus.generic");
      for (const code of Object.keys(table)) {
        const message = errorMessage(i18n, new ApiError(400, code, "x"));
        expect(message, `${locale} ${code}`).toBe(table[code]);
        expect(message).not.toBe(generic);
      }
    }
  });

  it("turns a 429 into how long to wait, in words of the language", async () => {
    const cases: [Locale, number, string][] = [
      ["en", 45, "Too many attempts. Try again in 45 seconds."],
      ["en", 1, "Too many attempts. Try again in 1 second."],
      ["en", 120, "Too many attempts. Try again in 2 minutes."],
      ["ru", 21, "Слишком много попыток. До следующей попытки: 21 секунда."],
      ["ru", 5, "Слишком много попыток. До следующей попытки: 5 секунд."],
      ["pl", 3, "Zbyt wiele prób. Pozostały czas oczekiwania: 3 sekundy."],
      ["de", 60, "Zu viele Versuche. Versuchen Sie es in 1 Minute erneut."],
      ["tr", 30, "Çok fazla deneme. 30 saniye sonra tekrar deneyin."],
    ];
    for (const [locale, seconds, expected] of cases) {
      const i18n = await withLocale(locale);
      expect(errorMessage(i18n, new ApiError(429, undefined, "Too many requests", seconds))).toBe(expected);
      // The server's generic limit code (translated, like every code) still reads as just the wait.
      expect(errorMessage(i18n, new ApiError(429, "TOO_MANY_REQUESTS", "Too many requests", seconds))).toBe(expected);
    }
    const i18n = await withLocale("en");
    expect(errorMessage(i18n, new ApiError(429, undefined, "Too many requests"))).toBe(
      "Too many attempts. Please wait a moment and try again.",
    );
  });

  it("a limit with words of its own says what was limited, with the wait (invitations)", async () => {
    const cases: [Locale, string, number, string][] = [
      ["en", "TOO_MANY_INVITATIONS", 45, "You have sent too many invitations. Try again in 45 seconds."],
      [
        "en",
        "TOO_MANY_ORGANIZATION_INVITATIONS",
        120,
        "This organization has sent too many invitations. Try again in 2 minutes.",
      ],
      ["ru", "TOO_MANY_INVITATIONS", 5, "Вы отправили слишком много приглашений. До следующей попытки: 5 секунд."],
      [
        "de",
        "TOO_MANY_INVITATIONS",
        60,
        "Sie haben zu viele Einladungen gesendet. Versuchen Sie es in 1 Minute erneut.",
      ],
    ];
    for (const [locale, code, seconds, expected] of cases) {
      const i18n = await withLocale(locale);
      expect(errorMessage(i18n, new ApiError(429, code, "Too many", seconds))).toBe(expected);
    }
    // Every language says what was limited, then fills the wait in: no placeholder is left.
    for (const { locale } of LANGUAGES) {
      const i18n = await withLocale(locale);
      for (const code of ["TOO_MANY_INVITATIONS", "TOO_MANY_ORGANIZATION_INVITATIONS"]) {
        const message = errorMessage(i18n, new ApiError(429, code, "Too many", 90));
        expect(message, `${locale} ${code}`).not.toMatch(/[{}]/);
        expect(message.startsWith(errorCodeMessage(i18n, code) as string), `${locale} ${code}`).toBe(true);
      }
    }
  });

  it("falls back by status for codes it does not know, and never resolves prototype keys", async () => {
    const i18n = await withLocale("en");
    expect(errorMessage(i18n, new ApiError(0, "NETWORK_ERROR", "fetch failed"))).toBe(
      "We couldn't reach the server. Check your connection and try again.",
    );
    expect(errorMessage(i18n, new ApiError(401, undefined, "Not authenticated"))).toBe(
      "Your session has ended. Sign in again.",
    );
    expect(errorMessage(i18n, new ApiError(503, "SOMETHING_NEW", "x"))).toBe(
      "The server ran into a problem. Please try again in a moment.",
    );
    expect(errorMessage(i18n, new ApiError(400, "SOMETHING_NEW", "x"))).toBe("Something went wrong. Please try again.");
    for (const hostile of ["__proto__", "constructor", "toString", "hasOwnProperty", "errors.INVALID_TOKEN"]) {
      expect(errorCodeMessage(i18n, hostile), hostile).toBeUndefined();
    }
    expect(errorMessage(i18n, new Error("boom"))).toBe("Something went wrong. Please try again.");
  });

  it("reads the wait from X-Retry-After (the engine's header), or Retry-After", () => {
    expect(retryAfterSeconds(new Headers({ "X-Retry-After": "17" }))).toBe(17);
    expect(retryAfterSeconds(new Headers({ "Retry-After": "9" }))).toBe(9);
    expect(retryAfterSeconds(new Headers({ "X-Retry-After": "soon" }))).toBeUndefined();
    expect(retryAfterSeconds(new Headers())).toBeUndefined();
  });
});
