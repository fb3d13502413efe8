import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES, LOCALE_COOKIE } from "../../src/shared/languages.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

// Issue 22 item 10: the server-rendered /api/auth/error speaks the visitor's language — the app's language
// cookie, else Accept-Language, else English — with the app's own words, and escapes whatever it is given.
describe("the /api/auth/error page's language", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("sqlite");
  });
  afterAll(() => server?.close());

  const page = (headers: Record<string, string>, error?: string) =>
    server.client().get("/api/auth/error", error === undefined ? undefined : { error }, headers);
  const lang = (text: string) => /<html lang="([^"]+)"/.exec(text)?.[1];
  const heading = (text: string) => /<h1>([^<]+)<\/h1>/.exec(text)?.[1];

  it("follows Accept-Language by quality, and is English for anything it does not speak", async () => {
    const de = await page({ "Accept-Language": "de-DE,de;q=0.9,en;q=0.5" });
    expect(de.status).toBe(200);
    expect(lang(de.text)).toBe("de");
    expect(heading(de.text)).toBe("Authentifizierungsfehler");
    expect(de.text).toContain(">Zurück zur Anwendung</a>");
    expect(de.text).toContain('<code data-testid="error-code">Unbekannt</code>');
    expect(de.headers.get("vary")).toMatch(/Accept-Language/);

    expect(lang((await page({ "Accept-Language": "ja-JP, fr;q=0.5, pl;q=0.8" })).text)).toBe("pl");
    expect(lang((await page({ "Accept-Language": "pt-BR;q=1, tr;q=0" })).text)).toBe("en");
    const unknown = await page({ "Accept-Language": "ja-JP" });
    expect(lang(unknown.text)).toBe("en");
    expect(heading(unknown.text)).toBe("Authentication error");
    expect(unknown.text).toContain(`<a href="${server.url}">Return to Application</a>`);
  });

  it("lets the app's language cookie beat Accept-Language, and ignores a cookie it does not know", async () => {
    const uk = await page({ Cookie: `${LOCALE_COOKIE}=uk`, "Accept-Language": "de-DE,de" });
    expect(lang(uk.text)).toBe("uk");
    expect(heading(uk.text)).toBe("Помилка автентифікації");
    const bogus = await page({ Cookie: `${LOCALE_COOKIE}=%3Cscript%3E; other=1`, "Accept-Language": "es" });
    expect(lang(bogus.text)).toBe("es");
    expect(bogus.text).not.toContain("<script>");
    expect(lang((await page({ Cookie: `${LOCALE_COOKIE}=xx` })).text)).toBe("en");
  });

  it("speaks all eight languages with the app's words, and explains a code the app knows", async () => {
    for (const { locale } of LANGUAGES) {
      const ui = (await import(`../../src/web/locales/${locale}.ts`)).default;
      const errors = (await import(`../../src/web/locales/errors/${locale}.ts`)).default;
      const res = await page({ Cookie: `${LOCALE_COOKIE}=${locale}` }, "please_restart_the_process");
      expect(lang(res.text), locale).toBe(locale);
      expect(heading(res.text), locale).toBe(escaped(ui.errorPage.title));
      expect(res.text, locale).toContain(`<p>${escaped(ui.errorPage.description)}</p>`);
      expect(res.text, locale).toContain(`>${escaped(ui.common.returnToApp)}</a>`);
      expect(res.text, locale).toContain(escaped(errors.please_restart_the_process));
      expect(res.text, locale).toContain('<code data-testid="error-code">please_restart_the_process</code>');
    }
    // Only the table's own entries: a prototype key explains nothing.
    const proto = await page({}, "__proto__");
    expect(proto.text).not.toContain('class="explanation"');
  });

  it("escapes the code in every language, and keeps the app's colours for light and dark", async () => {
    const hostile = `"><script>alert(1)</script><img src=x onerror=alert(2)>`;
    for (const locale of ["ru", "tr"]) {
      const res = await page({ Cookie: `${LOCALE_COOKIE}=${locale}` }, hostile);
      expect(res.text).not.toContain("<script>alert");
      expect(res.text).not.toContain("<img");
      const shown = /<code data-testid="error-code">([^<]*)<\/code>/.exec(res.text)?.[1];
      expect(shown).toBe(escaped(hostile));
    }
    const res = await page({});
    expect(res.text).toMatch(/:root\{[^}]*--background: oklch\(1 0 0\)/);
    expect(res.text).toMatch(/@media \(prefers-color-scheme: dark\)\{:root\{[^}]*--background: oklch\(0\.175 0 0\)/);
  });
});

function escaped(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
