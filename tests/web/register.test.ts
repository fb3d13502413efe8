import { readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Issue 22 item 5: one form of address per language, in every namespace and in the mails (docs/i18n.md):
 * German, French, Russian and Ukrainian address the user formally (Sie, vous, вы, ви), Spanish and Polish
 * informally (tú, ty). Where the other register has tell-tale words, none may appear.
 */
type Tree = { [key: string]: string | Tree };

const strings = (tree: Tree): string[] =>
  Object.values(tree).flatMap((v) => (typeof v === "string" ? [v] : strings(v)));

/** Every text file of a language: the app's namespace, its errors, each feature's namespace, the mails. */
function files(locale: string): string[] {
  const dirs = ["src/web/locales", "src/web/locales/errors", "src/server/mail/locales"];
  for (const feature of readdirSync("src/web/features")) {
    const dir = join("src/web/features", feature, "locales");
    try {
      if (statSync(dir).isDirectory()) dirs.push(dir);
    } catch {}
  }
  return dirs.map((dir) => resolve(dir, `${locale}.ts`));
}

async function texts(locale: string): Promise<{ file: string; text: string }[]> {
  const out: { file: string; text: string }[] = [];
  for (const file of files(locale)) {
    const module = await import(/* @vite-ignore */ pathToFileURL(file).href);
    const tree = (module.default ?? module[locale]) as Tree;
    for (const text of strings(tree)) out.push({ file: file.replace(`${process.cwd()}/`, ""), text });
  }
  return out;
}

/** Words only the other register uses (lower-cased, whole words). */
const OTHER_REGISTER: Record<string, RegExp> = {
  // du, dich, dir, dein…; and the verb forms that go with du.
  de: /(?<![\p{L}])(du|dich|dir|dein|deine|deinen|deinem|deiner|deines|hast|bist|kannst|darfst|musst|willst|möchtest|brauchst|findest|wirst|solltest)(?![\p{L}])/iu,
  fr: /(?<![\p{L}])(tu|toi|ton|tes)(?![\p{L}])/iu,
  ru: /(?<![\p{L}])(ты|тебя|тебе|тобой|твой|твоя|твоё|твои|твоего|твоей|твою|твоим|твоих)(?![\p{L}])/iu,
  uk: /(?<![\p{L}])(ти|тебе|тобі|тобою|твій|твоя|твоє|твої|твого|твоєї|твою|твоїх|твоїм)(?![\p{L}])/iu,
  es: /(?<![\p{L}])(usted|ustedes)(?![\p{L}])/iu,
  pl: /(?<![\p{L}])(Pan|Pani|Pana|Panu|Państwo|Państwa)(?![\p{L}])/u,
};

describe("one form of address per language", () => {
  it.each(Object.keys(OTHER_REGISTER))("%s: no word of the other register in any namespace or mail", async (locale) => {
    const all = await texts(locale);
    expect(all.length).toBeGreaterThan(300);
    const offending = all.filter(({ text }) => OTHER_REGISTER[locale]!.test(text)).map((t) => `${t.file}: ${t.text}`);
    expect(offending).toEqual([]);
  });

  it("German: the formal address really is the one used (Sie, Ihr) across the namespaces", async () => {
    const all = await texts("de");
    const formal = all.filter(({ text }) =>
      /(?<![\p{L}])(Sie|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihnen)(?![\p{L}])/u.test(text),
    );
    expect(new Set(formal.map((t) => t.file.split("/").slice(0, -1).join("/"))).size).toBeGreaterThanOrEqual(8);
  });
});
