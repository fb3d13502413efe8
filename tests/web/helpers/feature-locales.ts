import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import appEn from "@/locales/en.js";
import { LANGUAGES } from "@/shared/languages.js";

type Tree = { [key: string]: string | Tree };

const PLURAL = /_(zero|one|two|few|many|other)$/;
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

function flatten(tree: Tree, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out[key] = v;
    else Object.assign(out, flatten(v, key));
  }
  return out;
}

const baseKeys = (flat: Record<string, string>) => new Set(Object.keys(flat).map((k) => k.replace(PLURAL, "")));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "locales" ? [] : sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/**
 * A folder of `<locale>.ts` files, each default-exporting one language's messages, keyed by file name:
 * whatever files are there, so a language of src/shared/languages.ts without its file shows up as missing
 * in the tests that compare the keys with LANGUAGES (`expectEveryLanguage`), and no test lists languages.
 */
export async function localeFolder<T = Tree>(dir: string): Promise<Record<string, T>> {
  const files = readdirSync(dir).filter((name) => name.endsWith(".ts"));
  const loaded = await Promise.all(
    files.map(async (name) => {
      const module = (await import(/* @vite-ignore */ pathToFileURL(resolve(dir, name)).href)) as { default: T };
      return [name.slice(0, -".ts".length), module.default] as const;
    }),
  );
  return Object.fromEntries(loaded);
}

/** The folder has a file for exactly the languages of src/shared/languages.ts: names the missing and the extra. */
export function expectEveryLanguage(dir: string, locales: Record<string, unknown>) {
  const wanted = LANGUAGES.map((l) => l.locale as string);
  const has = Object.keys(locales);
  const missing = wanted.filter((l) => !has.includes(l)).map((l) => `${dir}/${l}.ts`);
  const extra = has.filter((l) => !wanted.includes(l)).map((l) => `${dir}/${l}.ts`);
  expect({ missing, extra }, `${dir}: one file per language of src/shared/languages.ts`).toEqual({
    missing: [],
    extra: [],
  });
}

/** Where a feature has more than one namespace, which one this is and which of its files use it. */
export interface NamespaceScope {
  /** The namespace's name in the test titles (default: the feature's). */
  name?: string;
  /** Whether a file of the feature asks this namespace for its t("…") keys (default: every file). */
  uses?: (source: string) => boolean;
  /** The folder inside the feature's locales/ that holds this namespace (the signed-in home's "home"). */
  folder?: string;
  /** `appT` keys built at run time (the app's namespace): the literal prefix and its every completion. */
  appDynamic?: Record<string, string[]>;
}

/**
 * The checks tests/web/locales.test.ts makes for the app's own texts, for one feature's namespace
 * (src/web/features/<feature>/locales, or a folder inside it): every language of LANGUAGES, the same keys as
 * English, each language's plural forms, the same placeholders, really translated; and every key the
 * feature's code asks for with t("…") exists (`appT("…")` keys, the app's namespace, in the app's English).
 */
export async function describeFeatureLocales(
  feature: string,
  /** Keys built at run time: the literal prefix and every value it is completed with. */
  dynamic: Record<string, string[]>,
  scope: NamespaceScope = {},
): Promise<Record<string, Tree>> {
  const dir = `src/web/features/${feature}/locales${scope.folder ? `/${scope.folder}` : ""}`;
  const locales = await localeFolder(dir);
  const files = () =>
    sources(`src/web/features/${feature}`)
      .map((file) => ({ file, text: readFileSync(file, "utf8") }))
      .filter(({ text }) => scope.uses?.(text) ?? true);
  const en = locales.en ?? {};
  const enFlat = flatten(en);
  const pluralBases = new Set(
    Object.keys(enFlat)
      .filter((k) => PLURAL.test(k))
      .map((k) => k.replace(PLURAL, "")),
  );

  describe(`the ${scope.name ?? feature} texts in every language`, () => {
    it("covers the languages of src/shared/languages.ts", () => expectEveryLanguage(dir, locales));

    describe.each(Object.keys(locales))("%s", (locale) => {
      const flat = flatten(locales[locale]!);
      const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;

      it("has exactly the keys of English", () => {
        expect([...baseKeys(flat)].sort()).toEqual([...baseKeys(enFlat)].sort());
      });

      it("has every plural form its language needs, and no others", () => {
        for (const base of pluralBases) {
          const forms = Object.keys(flat)
            .filter((k) => k.replace(PLURAL, "") === base && PLURAL.test(k))
            .map((k) => PLURAL.exec(k)![1])
            .sort();
          expect(forms, `${locale} ${base}`).toEqual([...categories].sort());
          expect(flat[base], `${locale} ${base} must only exist in plural forms`).toBeUndefined();
        }
      });

      it("keeps every placeholder of the English message, and adds none", () => {
        for (const [key, value] of Object.entries(flat)) {
          const enKey = enFlat[key] !== undefined ? key : `${key.replace(PLURAL, "")}_other`;
          expect(placeholders(value), `${locale} ${key}`).toEqual(placeholders(enFlat[enKey] ?? ""));
        }
      });

      it("has no empty message and is actually translated", () => {
        for (const [key, value] of Object.entries(flat)) expect(value.trim(), `${locale} ${key}`).not.toBe("");
        if (locale === "en") return;
        const same = Object.entries(flat).filter(([k, v]) => enFlat[k] === v);
        expect(same.length / Object.keys(flat).length, `${locale}: ${same.map(([k]) => k).join(", ")}`).toBeLessThan(
          0.05,
        );
      });
    });

    it("has every key the feature's screens ask for", () => {
      const used = new Set<string>();
      const usedApp = new Set<string>();
      for (const { file, text } of files()) {
        for (const m of text.matchAll(/\bt\(\s*"([a-zA-Z][\w.]*)"/g)) used.add(m[1]!);
        for (const m of text.matchAll(/\bappT\(\s*"([a-zA-Z][\w.]*)"/g)) usedApp.add(m[1]!);
        for (const m of text.matchAll(/\bt\(\s*`([a-zA-Z][\w.]*\.)\$\{/g)) {
          const completions = dynamic[m[1]!];
          expect(completions, `${file}: dynamic key ${m[1]}… needs an entry in the test's dynamic keys`).toBeDefined();
          for (const c of completions ?? []) used.add(m[1]! + c);
        }
        for (const m of text.matchAll(/\bappT\(\s*`([a-zA-Z][\w.]*\.)\$\{/g)) {
          const completions = scope.appDynamic?.[m[1]!];
          expect(completions, `${file}: app key ${m[1]}… needs an entry in the test's appDynamic keys`).toBeDefined();
          for (const c of completions ?? []) usedApp.add(m[1]! + c);
        }
      }
      const known = baseKeys(enFlat);
      // The scan found the screens' calls at all (a small feature has fewer than 30 keys).
      expect(used.size).toBeGreaterThan(Math.min(30, known.size / 2));
      expect([...used].filter((k) => !known.has(k))).toEqual([]);
      const appKnown = baseKeys(flatten(appEn as Tree));
      expect([...usedApp].filter((k) => !appKnown.has(k))).toEqual([]);
    });

    it("uses every key it has (none left behind by a change)", () => {
      const text = files()
        .map((f) => f.text)
        .join("\n");
      const dynamicKeys = Object.entries(dynamic).flatMap(([prefix, cs]) => cs.map((c) => prefix + c));
      const unused = [...baseKeys(enFlat)].filter((k) => !text.includes(`"${k}"`) && !dynamicKeys.includes(k));
      expect(unused).toEqual([]);
    });
  });
  return locales;
}
