import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const WEB = "src/web";
const SHARED = "src/shared";

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

const all = files(WEB);
const code = all.filter((f) => /\.tsx?$/.test(f));
const importsOf = (file: string) =>
  [...readFileSync(file, "utf8").matchAll(/\b(?:from\s+|import\s*\(\s*|import\s+)"([^"]+)"/g)].map((m) => m[1]!);

/**
 * Where a specifier points, as a path from the repository root ("@/shared/x" is src/shared/x, any other "@/x"
 * src/web/x: tsconfig.json paths); a package stays as written.
 */
const target = (file: string, spec: string) => {
  if (spec.startsWith("@/shared/")) return join(SHARED, spec.slice("@/shared/".length));
  if (spec.startsWith("@/")) return join(WEB, spec.slice(2));
  return spec.startsWith(".") ? join(dirname(file), spec) : spec;
};

/** STYLE.md: bulletproof-react's layout, checked rather than hoped for. */
describe("web app layout", () => {
  it("features never import each other", () => {
    const crossings: string[] = [];
    for (const file of code.filter((f) => f.startsWith(`${WEB}/features/`))) {
      const own = relative(`${WEB}/features`, file).split("/")[0];
      for (const spec of importsOf(file)) {
        // Resolved: "../other-feature/…" crosses as much as "@/features/other-feature/…".
        const m = /features\/([^/]+)\//.exec(target(file, spec));
        if (m && m[1] !== own) crossings.push(`${file} → ${spec}`);
      }
    }
    expect(crossings).toEqual([]);
  });

  it("shared code (components, hooks, lib, config) never imports features or app; features never import app", () => {
    const wrong: string[] = [];
    for (const file of code) {
      const area = relative(WEB, file).split("/")[0];
      for (const spec of importsOf(file)) {
        const to = target(file, spec);
        if (!to.startsWith(`${WEB}/`)) continue;
        const toArea = relative(WEB, to).split("/")[0];
        if (["components", "hooks", "lib", "config"].includes(area!) && ["features", "app"].includes(toArea!)) {
          wrong.push(`${file} → ${spec}`);
        }
        if (area === "features" && toArea === "app") wrong.push(`${file} → ${spec}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('imports across the web app and from src/shared by "@/…", never by climbing two folders or more (src/web and tests/web)', () => {
    const climbing: string[] = [];
    for (const file of [...code, ...files("tests/web").filter((f) => /\.tsx?$/.test(f))]) {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/\b(?:from\s+|import\s*\(\s*|import\s+|vi\.mock\(\s*)"(\.\.\/\.\.\/[^"]*)"/g)) {
        const to = target(file, m[1]!);
        if (to.startsWith(`${WEB}/`) || to.startsWith(`${SHARED}/`)) climbing.push(`${file} → ${m[1]}`);
      }
    }
    expect(climbing).toEqual([]);
  });

  // "@/shared/x" is src/shared/x (the longer paths pattern wins): a src/web/shared/x could never be imported by it.
  it("has no shared/ folder in src/web", () => {
    expect(existsSync(join(WEB, "shared"))).toBe(false);
  });

  // ADR 020: "@/…" names the web app's folders. The server's tools would resolve it too (tsx, Vitest and the
  // server build all read tsconfig.json paths), so only this keeps server code from reaching into src/web by it.
  it('is the only user of "@/…": src/server and src/shared import relatively', () => {
    const aliased: string[] = [];
    for (const file of ["src/server", SHARED].flatMap(files).filter((f) => /\.tsx?$/.test(f))) {
      for (const spec of importsOf(file)) if (spec.startsWith("@/")) aliased.push(`${file} → ${spec}`);
    }
    expect(aliased).toEqual([]);
  });

  it("has no barrel index files and only kebab-case file names", () => {
    expect(all.filter((f) => /(^|\/)index\.tsx?$/.test(f))).toEqual([]);
    const bad = all
      .map((f) => f.split("/").at(-1)!)
      .filter((name) => !/^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+)+$/.test(name));
    expect(bad).toEqual([]);
  });

  // ADR 016: a server call is a hook or function in an `api/` folder (a feature's, or lib/api/ for the
  // app-wide ones), its query keys in that feature's api/keys.ts; screens only use those hooks.
  it("calls the server only from api/ folders (and the three helpers every call goes through)", () => {
    const helpers = [
      `${WEB}/lib/auth-client.ts`, // creates `authClient`
      `${WEB}/lib/api-error.ts`, // `fetchJson` (the one `fetch`) and `authCall`
      `${WEB}/lib/query-client.ts`, // `useFeatureMutation` (the one `useMutation`)
    ];
    const call =
      /\b(?:useQuery|useQueries|useInfiniteQuery|useSuspenseQuery|useMutation|useFeatureMutation|authCall|fetchJson)\s*[(<]|(?<![.\w$])fetch\s*\(|\bauthClient\b/;
    const stray: string[] = [];
    for (const file of code.filter((f) => !f.split("/").includes("api") && !helpers.includes(f))) {
      const lines = readFileSync(file, "utf8").split("\n");
      lines.forEach((line, i) => {
        if (call.test(line.replace(/\/\/.*$/, ""))) stray.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(stray).toEqual([]);
    // Each named helper still exists, so the exemption cannot outlive it.
    for (const helper of helpers) expect(code).toContain(helper);
  });

  it("defines query keys once, in a feature's api/keys.ts: no `queryKey: [` literal elsewhere", () => {
    const inline: string[] = [];
    for (const file of code.filter((f) => !f.endsWith("/api/keys.ts"))) {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/queryKey:\s*\[/g)) inline.push(`${file}@${m.index}`);
    }
    expect(inline).toEqual([]);
  });

  it("keeps every app URL in config/paths.ts", () => {
    const routes = [
      "/sign-in",
      "/sign-up",
      "/forgot-password",
      "/reset-password",
      "/verify-email",
      "/invitations",
      "/delete-user",
    ];
    const stray: string[] = [];
    for (const file of code.filter((f) => !f.endsWith("config/paths.ts"))) {
      const text = readFileSync(file, "utf8");
      for (const r of routes) if (text.includes(`"${r}`) || text.includes(`\`${r}`)) stray.push(`${file}: ${r}`);
    }
    expect(stray).toEqual([]);
  });
});
