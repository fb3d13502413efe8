import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";

// Tessera's plugins and hooks recognise engine calls by path ("/organization/create-team"). An engine
// upgrade that renames or drops a call would silently turn such a rule off; this test fails instead.
// Every path-like string literal in the server's code must be a path of the running engine's router (or,
// ending in "/", the prefix of one), unless it is listed below as something else.

const serverRoot = new URL("../../src/server/", import.meta.url).pathname;

/** Literals that are not engine calls: the web app's screens, Tessera's own Hono routes, system files. */
const NOT_ENGINE_PATHS: Record<string, string> = {
  "/sign-in": "the web app's sign-in screen",
  "/sign-in/two-factor": "the web app's second-step screen (mfa/second-step-gate.ts)",
  "/oauth/sign-in": "the web app's sign-in hand-off of an OpenID flow (auth/oauth-provider.ts)",
  "/oauth/consent": "the web app's consent screen (auth/oauth-provider.ts)",
  "/users": "Hono route under /api/admin",
  "/users/:id": "Hono route under /api/admin",
  "/healthz": "Hono health route",
  "/readyz": "Hono readiness route",
  "/metrics": "Tessera's Prometheus endpoint (metrics.ts)",
  "/a/:id": "an example in a comment (openapi.ts)",
  "/self": "Hono route under /api/api-keys (routes/api-keys.ts)",
  "/domain": "Hono route under /api/organizations/:organizationId/sso (sso/domain-routes.ts)",
  "/domain/verify": "Hono route under /api/organizations/:organizationId/sso (sso/domain-routes.ts)",
  "/oidc": "Hono route under /api/organizations/:organizationId/sso (sso/routes.ts)",
  "/enabled": "Hono route under /api/organizations/:organizationId/sso (sso/routes.ts)",
  "/check": "Hono route under /api/sso (sso/sign-in-routes.ts)",
  "/saml": "Hono route under /api/organizations/:organizationId/sso (sso/routes.ts)",
  "/domains": "Hono route under /api/organizations/:organizationId/sso (sso/domain-routes.ts)",
  "/domains/:domain": "Hono route under /api/organizations/:organizationId/sso (sso/domain-routes.ts)",
  "/domains/:domain/verify": "Hono route under /api/organizations/:organizationId/sso (sso/domain-routes.ts)",
  "/policy": "Hono route under /api/organizations/:organizationId/sso (sso/routes.ts)",
  "/test":
    "Hono route under /api/organizations/:organizationId/sso/saml and …/sso/oidc (sso/saml-routes.ts, oidc-routes.ts)",
  "/sp/metadata": "the SP metadata path below /sso/saml2, as Tessera's gate sees it (sso/saml.ts)",
};
const SKIPPED_PREFIXES = ["/api/", '/api"', "/proc/", "/assets/", "/.well-known/"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

/** Every "/path" string literal in one file's text (any case: "/scim/v2/Users", ":providerId"). */
function literalsIn(text: string): string[] {
  return [...text.matchAll(/["'`](\/[A-Za-z0-9][A-Za-z0-9_:/-]*)["'`]/g)]
    .map(([, literal]) => literal as string)
    .filter((path) => !SKIPPED_PREFIXES.some((p) => `${path}"`.startsWith(p)) && !(path in NOT_ENGINE_PATHS));
}

/** Every path literal in the server's code, with where it appears. */
function pathLiterals(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of sourceFiles(serverRoot)) {
    for (const path of literalsIn(readFileSync(file, "utf8"))) {
      found.set(path, [...(found.get(path) ?? []), relative(serverRoot, file)]);
    }
  }
  return found;
}

/** The literals that name no path of the router: exactly, or (ending in "/") as the prefix of one. */
function unknown(literals: Iterable<string>, enginePaths: Set<string>): string[] {
  return [...literals].filter((path) =>
    path.endsWith("/") ? ![...enginePaths].some((p) => p.startsWith(path)) : !enginePaths.has(path),
  );
}

describe("engine paths named in Tessera's code", () => {
  let server: TestServer;
  let enginePaths: Set<string>;

  beforeAll(async () => {
    server = await startTestServer("sqlite");
    const endpoints = Object.values(server.running.auth.api) as Array<{ path?: string }>;
    enginePaths = new Set(endpoints.map((e) => e.path).filter((p): p is string => typeof p === "string"));
  });
  afterAll(() => server?.close());

  it("the running engine exposes its router's paths (the check below has something to check against)", () => {
    expect(enginePaths.size).toBeGreaterThan(80);
    expect(enginePaths.has("/organization/create-team")).toBe(true);
  });

  it("every one exists in the running engine's router", () => {
    const literals = pathLiterals();
    expect(literals.size).toBeGreaterThan(50);
    const missing = unknown(literals.keys(), enginePaths).map(
      (path) => `${path} (${[...new Set(literals.get(path))].join(", ")})`,
    );
    expect(missing).toEqual([]);
  });

  it("finds every way the code names a path, and fails for a renamed one", () => {
    // The shapes the plugins use: a matcher's comparison, a Set or table of paths, a prefix, a callback.
    const code = `
      matcher: (ctx) => ctx.path === "/organization/create-teams" || ctx.path === "/sign-in/email",
      const PATHS = new Set(["/two-factor/verify-totpp"]);
      const ROUTES = { "/admin/set-roles": (b) => b };
      if (ctx?.path !== '/unlink-accounts') return;
      (ctx.path ?? "").startsWith("/passkeys/");
      const SOCIAL = new Set(["/oauth2/callback/:providerId"]);
      path?.startsWith(\`/scim/v2/Userz\`);
    `;
    expect(unknown(literalsIn(code), enginePaths)).toEqual([
      "/organization/create-teams",
      "/two-factor/verify-totpp",
      "/admin/set-roles",
      "/unlink-accounts",
      "/passkeys/",
      "/oauth2/callback/:providerId",
      "/scim/v2/Userz",
    ]);
    // Every comparison of a hook's path is with a literal the scan sees (no path built at run time).
    const built = sourceFiles(serverRoot).flatMap((file) =>
      [
        ...readFileSync(file, "utf8").matchAll(/\b(?:ctx|c)\??\.path\s*(?:===|!==|==|!=)(?!=)\s*([^"'`\s][^\s),;]*)/g),
      ].map(([, rhs]) => `${relative(serverRoot, file)}: path === ${rhs}`),
    );
    expect(built).toEqual([]);
  });

  it("the non-engine list holds only paths the engine really lacks", () => {
    expect(Object.keys(NOT_ENGINE_PATHS).filter((p) => enginePaths.has(p))).toEqual([]);
  });
});
