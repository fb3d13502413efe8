import fc from "fast-check";
import type { TestServer } from "../helpers/server.js";

/** One route a client can call, with the body and query keys it understands. */
export interface Route {
  method: "GET" | "POST";
  /** Path with `:params` left in, e.g. /api/auth/reset-password/:token. */
  path: string;
  bodyKeys: string[];
  queryKeys: string[];
}

/** The field names a zod schema understands, through optional, intersection and union wrappers. */
function keysOf(schema: unknown, depth = 0): string[] {
  const def = (schema as { def?: Record<string, any> } | undefined)?.def;
  if (!def || depth > 6) return [];
  switch (def.type) {
    case "object":
      return Object.keys(def.shape ?? {});
    case "optional":
    case "nullable":
    case "default":
    case "readonly":
      return keysOf(def.innerType, depth + 1);
    case "intersection":
      return [...keysOf(def.left, depth + 1), ...keysOf(def.right, depth + 1)];
    case "union":
      return (def.options ?? []).flatMap((o: unknown) => keysOf(o, depth + 1));
    case "pipe":
      return keysOf(def.in, depth + 1);
    default:
      return [];
  }
}

/**
 * Every route: the engine's endpoints as `auth.api` lists them (with their schemas' keys), and the
 * app's own /api routes as Hono lists them. Wildcard and middleware-only entries are left out.
 */
export function listRoutes(server: TestServer): Route[] {
  const routes: Route[] = [];
  type Endpoint = { path?: string; options?: { method?: string | string[]; body?: unknown; query?: unknown } };
  for (const endpoint of Object.values(server.running.auth.api as Record<string, Endpoint>)) {
    if (!endpoint.path) continue; // server-only
    for (const method of [endpoint.options?.method].flat()) {
      if (method !== "GET" && method !== "POST") continue;
      routes.push({
        method,
        path: `/api/auth${endpoint.path}`,
        bodyKeys: [...new Set(keysOf(endpoint.options?.body))],
        queryKeys: [...new Set(keysOf(endpoint.options?.query))],
      });
    }
  }
  const seen = new Set(routes.map((r) => `${r.method} ${r.path}`));
  for (const r of server.running.app.routes as { method: string; path: string }[]) {
    if (r.path.includes("*") || !r.path.startsWith("/api/")) continue;
    if (r.method !== "GET" && r.method !== "POST") continue;
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    // The app's routes parse their own input; these are the names they read.
    const keys = ["organizationId", "actor", "action", "from", "to", "page", "pageSize", "format", "newPassword", "id"];
    routes.push({ method: r.method, path: r.path, bodyKeys: keys, queryKeys: keys });
  }
  return routes;
}

/** Strings that have broken parsers, databases and templates before. */
export const NASTY_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udfff",
  "x\ud83dy",
  "\u202eevil\u202c",
  "\u200b\u200c\u200d\u2060",
  "\ufeff",
  "ﬀ",
  "İ",
  "Ⅻ",
  "\u0301\u0301\u0301",
  "' OR '1'='1",
  "'; DROP TABLE \"user\"; --",
  '" OR 1=1 --',
  "1; SELECT pg_sleep(5)",
  "%",
  "_",
  "\\",
  "%00",
  "%2e%2e%2f",
  "../../../etc/passwd",
  "${7*7}",
  "{{7*7}}",
  "<script>alert(1)</script>",
  "=cmd|' /C calc'!A0",
  "null",
  "undefined",
  "NaN",
  "-1",
  "1e309",
  "9".repeat(400),
  "__proto__",
  "constructor",
  "[object Object]",
  "😀".repeat(2000),
  "a".repeat(200_000),
  "owner",
  "admin",
  "credential",
  "user@example.com",
];

const PROTO_KEYS = ["__proto__", "constructor", "prototype"];

export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 4 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ maxLength: 20 }), weight: 1 },
  { arbitrary: fc.emailAddress(), weight: 1 },
  { arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null)), weight: 2 },
  { arbitrary: fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), { maxLength: 4 }), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
  {
    arbitrary: fc.dictionary(fc.constantFrom(...PROTO_KEYS, "role", "admin"), fc.jsonValue({ maxDepth: 2 }), {
      maxKeys: 3,
    }),
    weight: 1,
  },
);

/** A JSON body for the route: mostly an object of its own keys (and some it does not know), sometimes not an object. */
export function bodyFor(route: Route): fc.Arbitrary<unknown> {
  const key = fc.oneof(
    { arbitrary: fc.constantFrom(...(route.bodyKeys.length ? route.bodyKeys : ["x"])), weight: 6 },
    { arbitrary: fc.constantFrom(...PROTO_KEYS), weight: 1 },
    { arbitrary: fc.string({ maxLength: 12 }), weight: 1 },
  );
  return fc.oneof(
    { arbitrary: fc.dictionary(key, anyValue, { maxKeys: 6 }), weight: 8 },
    { arbitrary: anyValue, weight: 1 },
  );
}

/** Query parameters: the route's keys (repeated sometimes, as ?a=1&a=2) with string values. */
export function queryFor(route: Route): fc.Arbitrary<[string, string][]> {
  const key = fc.oneof(
    { arbitrary: fc.constantFrom(...(route.queryKeys.length ? route.queryKeys : ["x"])), weight: 6 },
    { arbitrary: fc.constantFrom(...PROTO_KEYS), weight: 1 },
  );
  const value = fc.oneof(fc.constantFrom(...NASTY_STRINGS.filter((s) => s.length < 5000)), fc.string({ unit: "binary", maxLength: 30 }));
  return fc.array(fc.tuple(key, value), { maxLength: 6 });
}

/** A value for a `:param` in the path. */
export const pathParam = fc.oneof(
  fc.constantFrom("", "x", "..", "%2e%2e", "%00", "a%2Fb", "\u0000", "🙂", "a".repeat(5000), "' OR 1=1"),
  fc.string({ unit: "binary", maxLength: 20 }),
);

/** Lone surrogates replaced by U+FFFD, as a browser encodes them into a URL. */
export function wellFormed(value: string): string {
  return value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");
}

/** Fills `:params`; each value is percent-encoded as a browser would send it. */
export function fillPath(path: string, values: string[]): string {
  let i = 0;
  return path.replace(/:[A-Za-z]+/g, () => encodeURIComponent(wellFormed(values[i++] ?? "x")) || "x");
}
