import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { headingAnchors, linkTargets, projectMarkdownFiles, ROOT, readMarkdown, resolveFrom } from "./markdown.js";

const files = projectMarkdownFiles();
const external = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

/** Every relative link of the README and docs/, with the file it is in. */
const links = files.flatMap((file) =>
  linkTargets(readMarkdown(file))
    .filter(({ target }) => !external(target))
    .map(({ target, line }) => ({ file, target, line, where: `${file}:${line} → ${target}` })),
);

describe("markdown links of README.md and docs/", () => {
  it("finds the files and their links", () => {
    expect(files).toContain("README.md");
    expect(files).toContain("docs/behaviour.md");
    expect(links.length).toBeGreaterThan(50);
  });

  it("never leave the repository", () => {
    const outside = links.filter(({ file, target }) => {
      const path = resolveFrom(file, target);
      return path === ".." || path.startsWith("../") || target.startsWith("/");
    });
    expect(outside.map((l) => l.where)).toEqual([]);
  });

  it("point at files that exist", () => {
    const missing = links.filter(({ file, target }) => {
      if (target.startsWith("#")) return false;
      return !existsSync(join(ROOT, resolveFrom(file, target)));
    });
    expect(missing.map((l) => l.where)).toEqual([]);
  });

  it("point at headings that exist, by GitHub's anchors", () => {
    const broken = links.filter(({ file, target }) => {
      const hash = target.indexOf("#");
      if (hash < 0) return false;
      const path = hash === 0 ? file : resolveFrom(file, target);
      const full = join(ROOT, path);
      if (!path.endsWith(".md") || !existsSync(full) || statSync(full).isDirectory()) return false;
      return !headingAnchors(readMarkdown(path)).has(decodeURIComponent(target.slice(hash + 1)));
    });
    expect(broken.map((l) => l.where)).toEqual([]);
  });
});

describe("GitHub's heading anchors", () => {
  it("are computed as GitHub computes them", () => {
    const anchors = headingAnchors(
      [
        "# Behaviour reference",
        "## Sign-up and sign-in",
        "### Redirect codes (`?error=`)",
        "## Organizations",
        "### Organizations",
        "## Two-step verification and passkeys",
        "## Web screens (sign-in's second step, Settings → Security, passkey sign-in)",
        "## [Linked](x.md) *accounts* and TOO_MANY_REQUESTS",
        "```sh",
        "# not a heading",
        "```",
      ].join("\n"),
    );
    expect([...anchors]).toEqual([
      "behaviour-reference",
      "sign-up-and-sign-in",
      "redirect-codes-error",
      "organizations",
      "organizations-1",
      "two-step-verification-and-passkeys",
      "web-screens-sign-ins-second-step-settings--security-passkey-sign-in",
      "linked-accounts-and-too_many_requests",
    ]);
  });

  it("and a link inside code is not a link", () => {
    expect(linkTargets("see `[a](../outside.md)` and [b](docs/roles.md)").map((l) => l.target)).toEqual([
      "docs/roles.md",
    ]);
  });
});

describe("references to docs/ in the source's comments", () => {
  const sources = (folder: string): string[] =>
    readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory()) return sources(path);
      return /\.tsx?$/.test(entry.name) ? [path] : [];
    });
  const references = sources("src").flatMap((file) =>
    [...readFileSync(join(ROOT, file), "utf8").matchAll(/\bdocs\/[\w./-]+\.md(?:#[\w-]+)?/g)].map((m) => ({
      file,
      target: m[0],
    })),
  );

  it("name files and headings that exist", () => {
    expect(references.length).toBeGreaterThan(50);
    const broken = references.filter(({ target }) => {
      const [path, anchor] = target.split("#") as [string, string | undefined];
      if (!existsSync(join(ROOT, path))) return true;
      return anchor !== undefined && !headingAnchors(readMarkdown(path)).has(anchor);
    });
    expect(broken.map(({ file, target }) => `${file} → ${target}`)).toEqual([]);
  });
});

describe("file paths named in the docs", () => {
  it("exist (a path in a code span of README.md or docs/, like `src/server/app.ts`)", () => {
    const named = files.flatMap((file) =>
      [...readMarkdown(file).matchAll(/`((?:src|tests|docs|scripts|bench)\/[\w./-]*[\w/])`/g)].map((m) => ({
        file,
        path: m[1] as string,
      })),
    );
    expect(named.length).toBeGreaterThan(100);
    const missing = named.filter(({ path }) => !existsSync(join(ROOT, path)));
    expect(missing.map(({ file, path }) => `${file} → ${path}`)).toEqual([]);
  });
});
