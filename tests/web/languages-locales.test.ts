// @vitest-environment node
// (It renders the server's error page, which reads a file by its file: URL; under jsdom, URL is jsdom's
// class, which node:fs refuses.)
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "@/shared/languages.js";
import { escapeHtml } from "../../src/server/mail/html.js";
import { mailLocales } from "../../src/server/mail/mail-locales.js";
import { errorPageLocale, renderErrorPage } from "../../src/server/routes/error-page.js";
import { expectEveryLanguage, localeFolder } from "./helpers/feature-locales.js";

// docs/i18n.md "Adding a language": LANGUAGES (src/shared/languages.ts) is the one list of languages. Every
// folder of translations, every namespace the web app registers, the error codes' messages, the mails and
// the server's error page have exactly its languages; a language added there names here each file it lacks.

const LOCALES = LANGUAGES.map((l) => l.locale);

// Imported by the tests that need it, not above: the app's i18n module refuses to load when a language
// lacks a file of the app's own namespaces, and the folder checks must still name every missing file.
const appI18n = () => import("@/lib/i18n.js");

/** Every folder under `dir` that holds translations: a `locales` folder and the folders inside one. */
function localeFolders(dir: string, inLocales = false): string[] {
  const here = inLocales && readdirSync(dir).some((name) => name.endsWith(".ts")) ? [dir] : [];
  return here.concat(
    readdirSync(dir)
      .filter((name) => statSync(join(dir, name)).isDirectory())
      .flatMap((name) => localeFolders(join(dir, name), inLocales || name === "locales")),
  );
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const FOLDERS = [...localeFolders("src/web"), ...localeFolders("src/server/mail")];

/** The modules that register a feature's namespace, its name and the folder its loaders read. */
const REGISTRATIONS = sources("src/web/features").flatMap((file) => {
  const text = readFileSync(file, "utf8");
  return [
    ...text.matchAll(/registerNamespace\((\w+),\s*localeLoaders\(import\.meta\.glob\("([^"]+)\/\*\.ts"\)\)\)/g),
  ].map((m) => ({ file, constant: m[1]!, folder: relative(".", resolve(dirname(file), m[2]!)) }));
});

describe("every place that holds a language has exactly the languages of src/shared/languages.ts", () => {
  it("finds the folders of translations (the app's, its errors, each feature's and the mails')", () => {
    expect(FOLDERS).toEqual(
      expect.arrayContaining(["src/web/locales", "src/web/locales/errors", "src/server/mail/locales"]),
    );
    expect(FOLDERS.filter((f) => f.startsWith("src/web/features/")).length).toBeGreaterThanOrEqual(12);
  });

  it.each(FOLDERS)("%s has one file per language", async (folder) => {
    expectEveryLanguage(folder, await localeFolder(folder));
  });

  it("every feature's folder is registered as a namespace, read from that folder", () => {
    const featureFolders = FOLDERS.filter((f) => f.startsWith("src/web/features/"));
    expect(REGISTRATIONS.map((r) => r.folder).sort()).toEqual(featureFolders.sort());
  });

  it.each(LOCALES)("the web app loads %s for its own, its errors' and every feature's namespace", async (locale) => {
    const { ERRORS_NS, loadMessages, UI_NS } = await appI18n();
    for (const ns of [UI_NS, ERRORS_NS]) expect(Object.keys(await loadMessages(locale, ns)), ns).not.toEqual([]);
    for (const { file, constant } of REGISTRATIONS) {
      // The name as the file writes it (the constant need not be exported); importing the file registers it.
      const ns = readFileSync(file, "utf8").match(new RegExp(`\\b${constant}\\s*=\\s*"([^"]+)"`))?.[1];
      expect(ns, `${constant} in ${file}`).toBeTypeOf("string");
      await import(/* @vite-ignore */ pathToFileURL(resolve(file)).href);
      const messages = await loadMessages(locale, ns);
      expect(Object.keys(messages), `${ns} (${file})`).not.toEqual([]);
      // Not the app's own texts, which loadMessages answers for a missing namespace name.
      expect(messages, `${ns} (${file})`).not.toEqual(await loadMessages(locale, UI_NS));
    }
  });

  it("the mails are written in exactly these languages", () => {
    expect(Object.keys(mailLocales).sort()).toEqual([...LOCALES].sort());
  });

  it.each(LOCALES)("the server's error page speaks %s, in the app's words", async (locale) => {
    const ui = (await localeFolder<{ errorPage: { title: string } }>("src/web/locales"))[locale];
    const errors = (await localeFolder<Record<string, string>>("src/web/locales/errors"))[locale];
    expect(errorPageLocale(locale, undefined)).toBe(locale);
    expect(errorPageLocale(undefined, `${locale};q=0.9`)).toBe(locale);
    const page = renderErrorPage("INVALID_TOKEN", "http://localhost:3000", locale);
    expect(page).toContain(`<html lang="${locale}"`);
    expect(page).toContain(`<title>${escapeHtml(String(ui?.errorPage.title))} \u00B7 Tessera</title>`);
    expect(page).toContain(escapeHtml(String(errors?.INVALID_TOKEN)));
  });
});
