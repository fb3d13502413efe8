import { describe, expect, it } from "vitest";
import { ADMIN_NS } from "@/features/admin/hooks/use-admin-translation.js";
import { AUDIT_NS } from "@/features/audit/hooks/use-audit-translation.js";
import { i18n } from "@/lib/i18n.js";
import { AUDIT_ACTIONS } from "@/shared/audit-actions.js";
import { LANGUAGES, type Locale } from "@/shared/languages.js";
import { describeFeatureLocales } from "./helpers/feature-locales.js";
import { withLocale } from "./helpers/render.js";

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out[key] = v;
    else Object.assign(out, flatten(v, key));
  }
  return out;
}

// Keys the code reads from tables rather than t("…") literals: role names, ban lengths, action labels,
// targets, detail names and session scopes (src/web/features/{admin,audit}/lib/labels.ts and the ban dialog).
await describeFeatureLocales("admin", {
  "roles.": ["admin", "user"],
  "orgRoles.": ["owner", "admin", "member"],
  "user.ban.": ["forever", "hour", "day", "week", "month"],
});
const auditLocales = await describeFeatureLocales("audit", {
  "actions.": [...AUDIT_ACTIONS],
  "groups.": ["account", "organization", "admin"],
  "targets.": ["user", "session", "account", "organization", "member", "invitation", "team", "webhook"],
  "details.": [
    "method",
    "code",
    "role",
    "reason",
    "expiresIn",
    "scope",
    "by",
    "fields",
    "slug",
    "name",
    "email",
    "teamId",
    "providerId",
    "via",
    "left",
    "impersonatedBy",
    "twoFactor",
    "passkeys",
    "url",
    "events",
  ],
  "scopes.": ["one", "all", "others"],
});

describe("audit action labels", () => {
  it.each(Object.keys(auditLocales))("%s names every action of src/shared/audit-actions.ts", (locale) => {
    const flat = flatten(auditLocales[locale]!);
    expect(AUDIT_ACTIONS.filter((a) => !flat[`actions.${a}`])).toEqual([]);
  });

  it("has no label for an action the server does not record", () => {
    const labelled = Object.keys(flatten(auditLocales.en!)).filter((k) => k.startsWith("actions."));
    expect(labelled.map((k) => k.slice("actions.".length)).sort()).toEqual([...AUDIT_ACTIONS].sort());
  });
});

describe("the namespaces load through the app's i18n", () => {
  it("in every language, with the language's plural forms", async () => {
    // Written out where someone checked the words; any other language of LANGUAGES must still load its own.
    const expected: Partial<Record<Locale, [string, string]>> = {
      en: ["3 users", "Audit log"],
      ru: ["3 пользователя", "Журнал аудита"],
      uk: ["3 користувачі", "Журнал аудиту"],
      es: ["3 usuarios", "Registro de auditoría"],
      de: ["3 Benutzer", "Audit-Protokoll"],
      pl: ["3 użytkownicy", "Dziennik audytu"],
      fr: ["3 utilisateurs", "Journal d'audit"],
      tr: ["3 kullanıcı", "Denetim kaydı"],
    };
    for (const { locale } of LANGUAGES) {
      await withLocale(locale);
      await i18n.loadNamespaces([ADMIN_NS, AUDIT_NS]);
      const users = i18n.t("users.count", { ns: ADMIN_NS, count: 3, formatted: "3" });
      const audit = i18n.t("site.title", { ns: AUDIT_NS });
      const own = flatten(auditLocales[locale]!)["site.title"];
      expect([users, audit], locale).toEqual(expected[locale] ?? [expect.stringMatching(/^3 /), own]);
    }
    await withLocale("ru");
    expect(i18n.t("users.count", { ns: ADMIN_NS, count: 21, formatted: "21" })).toBe("21 пользователь");
    expect(i18n.t("users.count", { ns: ADMIN_NS, count: 25, formatted: "25" })).toBe("25 пользователей");
    await withLocale("en");
  });
});
