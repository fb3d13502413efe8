import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { BASE_ERROR_CODES } from "@better-auth/core/error";
import { PASSKEY_ERROR_CODES } from "@better-auth/passkey";
import { ADMIN_ERROR_CODES, ORGANIZATION_ERROR_CODES, TWO_FACTOR_ERROR_CODES } from "better-auth/client/plugins";
import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "@/shared/error-codes.js";
import { expectEveryLanguage, localeFolder } from "./helpers/feature-locales.js";

type Tree = { [key: string]: string | Tree };

// Every file of the two folders, whatever languages they hold: the first test compares them with LANGUAGES.
const ui = await localeFolder("src/web/locales");
const errors = await localeFolder<Record<string, string>>("src/web/locales/errors");
const en = ui.en ?? {};
const enErrors = errors.en ?? {};

/** SPEC §8 "Verification or redirect error codes", verbatim. */
const SPEC_REDIRECT_CODES = [
  "token_expired",
  "invalid_token",
  "user_not_found",
  "unauthorized",
  "INVALID_TOKEN",
  "invalid_callback_request",
  "state_not_found",
  "no_code",
  "oauth_provider_not_found",
  "invalid_code",
  "unable_to_get_user_info",
  "email_not_found",
  "no_callback_url",
  "unable_to_link_account",
  "account_already_linked_to_different_user",
  "internal_server_error",
  "account not linked",
  "signup disabled",
  "unable to create user",
  "unable to create session",
  "please_restart_the_process",
];

/** Codes Tessera's own server answers with: every code of its table (src/shared/error-codes.ts). */
const APP_CODES = Object.keys(ERROR_CODES);

/** The engine's OAuth callback redirect codes; not exported, so read from the installed engine itself. */
function oauthCallbackCodes(): string[] {
  const source = readFileSync("node_modules/better-auth/dist/oauth2/errors.mjs", "utf8");
  const table = /OAUTH_CALLBACK_ERROR_CODES = \{([^}]*)\}/.exec(source)?.[1];
  if (!table) throw new Error("OAUTH_CALLBACK_ERROR_CODES not found in the installed better-auth");
  return [...table.matchAll(/:\s*"([^"]+)"/g)].map((m) => m[1]!);
}

function flatten(tree: Tree, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out[key] = v;
    else Object.assign(out, flatten(v, key));
  }
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** en's keys with plural suffixes folded: "validation.passwordTooShort_one" → "validation.passwordTooShort". */
function baseKeys(flat: Record<string, string>) {
  return new Set(Object.keys(flat).map((k) => k.replace(PLURAL, "")));
}

const enFlat = flatten(en);
const pluralBases = new Set(
  Object.keys(enFlat)
    .filter((k) => PLURAL.test(k))
    .map((k) => k.replace(PLURAL, "")),
);

describe("every language has every message", () => {
  it("covers the languages of src/shared/languages.ts", () => {
    expectEveryLanguage("src/web/locales", ui);
    expectEveryLanguage("src/web/locales/errors", errors);
  });

  describe.each(Object.keys(ui))("%s", (locale) => {
    const flat = flatten(ui[locale]!);
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;

    it("has exactly the screens' keys of English", () => {
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

    it("has a message for every error code, in the same set as English", () => {
      const table = errors[locale]!;
      expect(Object.keys(table).sort()).toEqual(Object.keys(enErrors).sort());
      for (const [code, message] of Object.entries(table)) {
        expect(message.trim(), `${locale} ${code}`).not.toBe("");
        expect(placeholders(message), `${locale} ${code}`).toEqual([]);
      }
      if (locale !== "en") {
        const same = Object.keys(table).filter((c) => table[c] === enErrors[c]);
        expect(same, `${locale} untranslated`).toEqual([]);
      }
    });
  });
});

describe("every error code the server can send is translated", () => {
  const required = new Map<string, string>([
    ...Object.keys(BASE_ERROR_CODES).map((c) => [c, "better-auth BASE_ERROR_CODES"] as [string, string]),
    ...Object.keys(ORGANIZATION_ERROR_CODES).map(
      (c) => [c, "better-auth ORGANIZATION_ERROR_CODES"] as [string, string],
    ),
    ...Object.keys(ADMIN_ERROR_CODES).map((c) => [c, "better-auth ADMIN_ERROR_CODES"] as [string, string]),
    ...Object.keys(TWO_FACTOR_ERROR_CODES).map((c) => [c, "better-auth TWO_FACTOR_ERROR_CODES"] as [string, string]),
    ...Object.keys(PASSKEY_ERROR_CODES).map((c) => [c, "@better-auth/passkey PASSKEY_ERROR_CODES"] as [string, string]),
    ...oauthCallbackCodes().map((c) => [c, "better-auth OAUTH_CALLBACK_ERROR_CODES"] as [string, string]),
    ...SPEC_REDIRECT_CODES.map((c) => [c, "SPEC §8"] as [string, string]),
    ...APP_CODES.map((c) => [c, "Tessera"] as [string, string]),
  ]);

  it.each(Object.keys(errors))("%s", (locale) => {
    const missing = [...required].filter(([code]) => !Object.hasOwn(errors[locale]!, code));
    expect(missing.map(([code, from]) => `${code} (${from})`)).toEqual([]);
  });

  it("reads the engine's own tables (a sanity check that they are not empty)", () => {
    expect(Object.keys(BASE_ERROR_CODES).length).toBeGreaterThan(40);
    expect(Object.keys(ORGANIZATION_ERROR_CODES).length).toBeGreaterThan(40);
    expect(Object.keys(TWO_FACTOR_ERROR_CODES)).toContain("INVALID_BACKUP_CODE");
    expect(Object.keys(PASSKEY_ERROR_CODES)).toContain("PASSKEY_NOT_FOUND");
    expect(oauthCallbackCodes()).toContain("no_code");
  });
});

describe("every key the screens ask for exists", () => {
  // Keys built at run time whose every completion is known here; other dynamic keys need their group to exist.
  const DYNAMIC: Record<string, string[]> = {
    "password.strength.": ["veryWeak", "weak", "fair", "good", "strong"],
    "roles.": ["owner", "admin", "member"],
  };

  // A feature with its own namespace (features/<name>/locales) is checked by its own test
  // (tests/web/helpers/feature-locales.ts); here, the screens that use the app's namespace.
  function sources(dir: string): string[] {
    if (existsSync(join(dir, "locales")) && dir.includes(join("src", "web", "features"))) return [];
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return name === "locales" ? [] : sources(path);
      return /\.tsx?$/.test(name) ? [path] : [];
    });
  }

  it('finds every t("…") key of src/web in English (and so, by the tests above, in every language)', () => {
    const used = new Set<string>();
    for (const file of sources("src/web")) {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/\bt\(\s*"([a-zA-Z][\w.]*)"/g)) used.add(m[1]!);
      for (const m of text.matchAll(/\bt\(\s*`([a-zA-Z][\w.]*\.)\$\{/g)) {
        const prefix = m[1]!;
        const completions = DYNAMIC[prefix];
        if (completions) for (const c of completions) used.add(prefix + c);
        else {
          // A key built elsewhere: at least the group it reads from must exist and hold messages.
          const group = [...baseKeys(enFlat)].filter((k) => k.startsWith(prefix));
          expect(group, `${file}: no messages under ${prefix}`).not.toEqual([]);
        }
      }
    }
    expect(used.size).toBeGreaterThan(100);
    const known = baseKeys(enFlat);
    expect([...used].filter((k) => !known.has(k))).toEqual([]);
  });
});
