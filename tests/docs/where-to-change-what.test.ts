import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./markdown.js";

// docs/where-to-change-what.md sends a newcomer to files by name: each one it names must exist, so a
// move or a rename that forgets the map fails here.
const text = readFileSync(join(ROOT, "docs/where-to-change-what.md"), "utf8");

/** Every `code` span that names a path: src/-relative (server/, web/, shared/) or from the root. */
function namedPaths(): string[] {
  const spans = [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1] as string);
  return spans
    .flatMap((span) => span.split(/,\s+|\s+\+\s+/))
    .map((part) => part.trim().split(" ")[0] as string)
    .flatMap((part) => {
      if (/^(server|web|shared)\/[\w./*{},-]*$/.test(part)) return [`src/${part}`];
      if (/^(tests|docs|scripts)\/[\w./*{},-]*$/.test(part)) return [part];
      // A test named after a path in the same cell (`auth-password.test.ts`): somewhere under tests/.
      if (/^[\w*{},-]+\.(test|e2e)\.ts$/.test(part)) return [`tests/**/${part}`];
      return [];
    });
}

/** A {a,b} alternative, expanded (globSync knows `*` but not braces on every Node). */
const expand = (pattern: string): string[] => {
  const brace = /\{([^}]*)\}/.exec(pattern);
  if (!brace) return [pattern];
  return (brace[1] as string)
    .split(",")
    .flatMap((alt) => expand(pattern.slice(0, brace.index) + alt + pattern.slice(brace.index + brace[0].length)));
};

/** Every file and folder under `dir`, relative to the root. */
const everything = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() && entry.name !== "node_modules" ? [path, ...everything(path)] : [path];
  });

/** `*` is any characters but `/`, `**\/` any folders (the only patterns the note uses). */
const matcher = (pattern: string) =>
  new RegExp(
    `^${pattern
      .split("**/")
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*"))
      .join("(?:.*/)?")}$`,
  );

describe("docs/where-to-change-what.md", () => {
  it("names files and folders that exist", () => {
    const paths = namedPaths();
    expect(paths.length).toBeGreaterThan(60);
    const missing = paths.filter((path) =>
      expand(path).some((one) =>
        one.includes("*")
          ? !everything(one.split("/")[0] as string).some((file) =>
              matcher(one.replace(/\/$/, "")).test(relative(ROOT, join(ROOT, file))),
            )
          : !existsSync(join(ROOT, one)),
      ),
    );
    expect(missing).toEqual([]);
  });
});
