import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./markdown.js";

// Issue 20 point 2: app routes check the session with requireSession and a permission with requirePermission
// (src/server/routes/authorize.ts), never with a check of their own. Route files are the server's files
// that use Hono, outside src/server/auth/ (the engine's side, where requireSession itself reads sessions).
const AUTHORIZE = "src/server/routes/authorize.ts";

/** The session and permission checks that only authorize.ts (and the engine's side) may make. */
const DIRECT_CHECKS = [
  "hasSitePermission",
  "organizationCheck",
  "organizationRefusal",
  "refusedByMfaPolicy",
  "getSession",
  "getSessionFromCtx",
  "userHasPermission",
  "hasPermission",
];

/** The direct checks `text` calls or imports, by name. */
function directChecks(text: string): string[] {
  return DIRECT_CHECKS.filter((name) => new RegExp(`(?<![\\w$])${name}\\s*(\\(|[,}])`).test(text));
}

const sources = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });

const routeFiles = () =>
  sources("src/server").filter(
    (path) =>
      path !== AUTHORIZE &&
      !path.startsWith("src/server/auth/") &&
      /from "hono(\/[\w-]+)?"/.test(readFileSync(join(ROOT, path), "utf8")),
  );

describe("app routes' session and permission checks", () => {
  it("recognises a direct check, called or imported, and not a mention", () => {
    expect(directChecks("const s = await auth.api.getSession({ headers: c.req.raw.headers });")).toEqual([
      "getSession",
    ]);
    expect(directChecks('import { badRequest, hasSitePermission } from "./authorize.js";')).toEqual([
      "hasSitePermission",
    ]);
    expect(directChecks("await organizationRefusal(auth, c, id, { webhook: [action] })")).toEqual([
      "organizationRefusal",
    ]);
    expect(directChecks("auth.api.hasPermission ({ headers, body })")).toEqual(["hasPermission"]);
    expect(directChecks("// the engine's hasPermission webhook:<action>")).toEqual([]);
    expect(directChecks('requirePermission("organization", { webhook: [action] })')).toEqual([]);
  });

  it("are made through requireSession and requirePermission only: no route file makes its own", () => {
    const files = routeFiles();
    // The webhooks, audit and organization OAuth client routes among them, and the server's entry.
    for (const path of [
      "src/server/app.ts",
      "src/server/webhooks/routes.ts",
      "src/server/routes/audit.ts",
      "src/server/routes/organization-oauth-clients.ts",
    ]) {
      expect(files).toContain(path);
    }
    const own = files.flatMap((path) =>
      directChecks(readFileSync(join(ROOT, path), "utf8")).map((name) => `${path}: ${name}`),
    );
    expect(own).toEqual([]);
  });

  it("keeps requirePermission's parts to authorize.ts", () => {
    const text = readFileSync(join(ROOT, AUTHORIZE), "utf8");
    const exported = [...text.matchAll(/^export (?:async )?(?:function|const) (\w+)/gm)].map((m) => m[1]);
    expect(exported).toContain("authorization");
    expect(exported.filter((name) => DIRECT_CHECKS.includes(name as string))).toEqual([]);
  });
});
