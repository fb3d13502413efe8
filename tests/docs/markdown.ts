import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root, as a path. */
export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** README.md and every markdown file under docs/, as paths relative to the root. */
export function projectMarkdownFiles(): string[] {
  const found = ["README.md"];
  const walk = (folder: string) => {
    for (const entry of readdirSync(join(ROOT, folder), { withFileTypes: true })) {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".md")) found.push(path);
    }
  };
  walk("docs");
  return found.sort();
}

export const readMarkdown = (path: string) => readFileSync(join(ROOT, path), "utf8");

/** The text without fenced code blocks and inline code spans, which hold no links. */
function withoutCode(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "").replace(/(`+)[^`\n]*?\1/g, "");
}

/** Every inline link target `[text](target)` of a markdown text, with the line it is on. */
export function linkTargets(markdown: string): { target: string; line: number }[] {
  const lines = withoutCode(markdown).split("\n");
  const links: { target: string; line: number }[] = [];
  lines.forEach((text, i) => {
    for (const m of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      links.push({ target: m[1] as string, line: i + 1 });
    }
  });
  return links;
}

/**
 * The anchors GitHub gives a markdown file's headings: inline formatting dropped, lower-cased,
 * everything but letters, digits, spaces, `-` and `_` removed, spaces made `-`; a repeated
 * heading gets `-1`, `-2`, … in order.
 */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const text = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "");
  for (const [, heading] of text.matchAll(/^#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$/gm)) {
    const plain = (heading as string)
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1") // links and images keep their text
      .replace(/<[^>]+>/g, "") // inline HTML
      .replace(/[`*~]/g, ""); // code and emphasis markers (an underscore stays, as GitHub keeps it)
    const slug = plain
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** The path of `target` (without its #anchor) relative to the root, seen from markdown file `from`. */
export function resolveFrom(from: string, target: string): string {
  const path = decodeURIComponent(target.split("#")[0] as string);
  return relative(ROOT, join(ROOT, from, "..", path));
}
