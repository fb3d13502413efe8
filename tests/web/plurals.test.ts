import { readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { INTERPOLATION } from "@/lib/i18n.js";
import { LANGUAGES } from "@/shared/languages.js";
import { formatDuration, type MailLocale } from "../../src/server/mail/i18n.js";

/**
 * Issue 22 item 4: every counted string, in every namespace and language, resolves to a plural form its
 * language has, and shows the number. The strings are found in the locale files, not listed by hand:
 * any key with a plural suffix or a {count} placeholder.
 */
type Tree = { [key: string]: string | Tree };

const PLURAL = /_(zero|one|two|few|many|other)$/;
const COUNTS = [1, 2, 5, 21];

function flatten(tree: Tree, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out[key] = v;
    else Object.assign(out, flatten(v, key));
  }
  return out;
}

/**
 * Every namespace's folder of <locale>.ts files: the app's, its errors', each feature's, and any folder
 * inside a feature's locales (a second namespace of that feature, named here `<feature>/<folder>`).
 */
function namespaceDirs(): Record<string, string> {
  const dirs: Record<string, string> = { translation: "src/web/locales", errors: "src/web/locales/errors" };
  for (const feature of readdirSync("src/web/features")) {
    const dir = join("src/web/features", feature, "locales");
    if (!statSync(join("src/web/features", feature)).isDirectory() || !safeIsDir(dir)) continue;
    dirs[feature] = dir;
    for (const inner of readdirSync(dir))
      if (safeIsDir(join(dir, inner))) dirs[`${feature}/${inner}`] = join(dir, inner);
  }
  return dirs;
}

function safeIsDir(path: string) {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

const locales = LANGUAGES.map((l) => l.locale);
const namespaces = namespaceDirs();
const messages: Record<string, Record<string, Record<string, string>>> = {};
for (const [ns, dir] of Object.entries(namespaces)) {
  messages[ns] = {};
  for (const locale of locales)
    messages[ns][locale] = flatten(
      (await import(/* @vite-ignore */ pathToFileURL(resolve(dir, `${locale}.ts`)).href)).default,
    );
}

/** The counted keys of a namespace, as i18next is asked for them (without the plural suffix), from every language. */
function countedKeys(ns: string): string[] {
  const keys = new Set<string>();
  for (const flat of Object.values(messages[ns]!)) {
    for (const [key, text] of Object.entries(flat)) {
      if (PLURAL.test(key) || text.includes("{count}")) keys.add(key.replace(PLURAL, ""));
    }
  }
  return [...keys].sort();
}

describe("counted strings", () => {
  it("are found in the app's namespace and the feature namespaces", () => {
    expect(Object.keys(namespaces)).toEqual(
      expect.arrayContaining(["translation", "organizations", "organizations/home", "account"]),
    );
    expect(countedKeys("organizations")).toContain("invite.summary");
    expect(countedKeys("translation")).toContain("validation.passwordTooShort");
  });

  describe.each(Object.keys(namespaces).filter((ns) => countedKeys(ns).length > 0))("namespace %s", (ns) => {
    describe.each(locales)("%s", (locale) => {
      const rules = new Intl.PluralRules(locale);
      const instance = i18next.createInstance();
      instance.init({
        lng: locale,
        resources: { [locale]: { [ns]: messages[ns]![locale]! } },
        defaultNS: ns,
        fallbackLng: false,
        nsSeparator: false,
        interpolation: INTERPOLATION,
        initAsync: false,
      });

      it.each(countedKeys(ns))("%s resolves a form the language has, with the number, for 1, 2, 5 and 21", (key) => {
        for (const count of COUNTS) {
          const form = `${key}_${rules.select(count)}`;
          expect(messages[ns]![locale]![form], `${locale} ${ns}:${form} is missing`).toBeDefined();
          const details = instance.t(key, {
            count,
            formatted: new Intl.NumberFormat(locale).format(count),
            sent: 1,
            total: count + 1,
            limit: 100,
            returnDetails: true,
          }) as unknown as { res: string; exactUsedKey: string };
          expect(details.exactUsedKey, `${locale} ${ns}:${key} for ${count}`).toBe(form);
          expect(details.res, `${locale} ${ns}:${form}`).toContain(String(count));
          expect(details.res, `${locale} ${ns}:${form} left a placeholder`).not.toMatch(/\{\w+\}/);
        }
      });
    });
  });

  it("agrees with the total, not the part: 1 of 2 invitations sent", () => {
    const instance = i18next.createInstance();
    instance.init({
      lng: "en",
      resources: { en: { ns: messages.organizations!.en! } },
      defaultNS: "ns",
      interpolation: INTERPOLATION,
      initAsync: false,
    });
    expect(instance.t("invite.summary", { count: 2, sent: 1 })).toBe("1 of 2 invitations sent.");
    expect(instance.t("invite.summary", { count: 1, sent: 1 })).toBe("1 of 1 invitation sent.");
  });
});

/** The mails' one counted string: "expires in {duration}", whose unit word takes the number's plural form. */
describe("mail durations", () => {
  it.each(locales)("%s has each unit in every plural form of the language, and shows the number", async (locale) => {
    const mail = (
      await import(/* @vite-ignore */ pathToFileURL(resolve("src/server/mail/locales", `${locale}.ts`)).href)
    )[locale] as MailLocale;
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
    for (const [unit, forms] of Object.entries(mail.units)) {
      for (const category of categories) {
        expect(forms[category], `${locale} mail units.${unit}.${category}`).toBeTruthy();
      }
    }
    // Minutes under an hour, hours up to two days, then days (formatDuration).
    for (const count of COUNTS) {
      expect(formatDuration(count * 60, locale, mail.units)).toBe(
        `${count} ${mail.units.minute[new Intl.PluralRules(locale).select(count)]}`,
      );
      expect(formatDuration(count * 3600, locale, mail.units)).toMatch(new RegExp(`^${count} \\S`));
      expect(formatDuration((count + 2) * 86400, locale, mail.units)).toMatch(new RegExp(`^${count + 2} \\S`));
    }
  });

  it.each(locales)("%s writes a number of a mail's duration as Intl.NumberFormat does", async (locale) => {
    const mail = (
      await import(/* @vite-ignore */ pathToFileURL(resolve("src/server/mail/locales", `${locale}.ts`)).href)
    )[locale] as MailLocale;
    const numbers = new Intl.NumberFormat(locale);
    const plural = new Intl.PluralRules(locale);
    // Below 1000 formatDuration writes the digits itself (it spares the server ICU's number data).
    for (const days of [3, 21, 999, 1000, 1234, 20000]) {
      expect(formatDuration(days * 86400, locale, mail.units)).toBe(
        `${numbers.format(days)} ${mail.units.day[plural.select(days)]}`,
      );
    }
    for (let n = 0; n < 1000; n++) expect(numbers.format(n), `${locale} ${n}`).toBe(String(n));
  });
});
