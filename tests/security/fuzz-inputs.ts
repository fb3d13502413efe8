import fc from "fast-check";
import type { TestServer } from "../helpers/server.js";

/** One route a client can call, with the body and query fields it understands (and their schemas). */
export interface Route {
  method: "GET" | "POST";
  /** Path with `:params` left in, e.g. /api/auth/reset-password/:token. */
  path: string;
  bodyKeys: string[];
  queryKeys: string[];
  /** Field name → its zod schema, where the route declares one. */
  fields: Record<string, unknown>;
}

type Def = Record<string, any> | undefined;
const defOf = (schema: unknown): Def => (schema as { def?: Record<string, any> } | undefined)?.def;

/** The fields a zod schema understands, through optional, intersection and union wrappers. */
function fieldsOf(schema: unknown, depth = 0): Record<string, unknown> {
  const def = defOf(schema);
  if (!def || depth > 6) return {};
  switch (def.type) {
    case "object":
      return { ...(def.shape ?? {}) };
    case "optional":
    case "nullable":
    case "default":
    case "readonly":
      return fieldsOf(def.innerType, depth + 1);
    case "intersection":
      return { ...fieldsOf(def.left, depth + 1), ...fieldsOf(def.right, depth + 1) };
    case "union":
      return Object.assign({}, ...(def.options ?? []).map((o: unknown) => fieldsOf(o, depth + 1)));
    case "pipe":
      return fieldsOf(def.in, depth + 1);
    default:
      return {};
  }
}
const keysOf = (schema: unknown) => Object.keys(fieldsOf(schema));

/** True when a schema takes keys it does not name (a record, alone or beside an object). */
function takesAnyKey(schema: unknown, depth = 0): boolean {
  const def = defOf(schema);
  if (!def || depth > 6) return false;
  switch (def.type) {
    case "record":
      return true;
    case "optional":
    case "nullable":
    case "default":
    case "readonly":
      return takesAnyKey(def.innerType, depth + 1);
    case "intersection":
      return takesAnyKey(def.left, depth + 1) || takesAnyKey(def.right, depth + 1);
    case "union":
      return (def.options ?? []).some((o: unknown) => takesAnyKey(o, depth + 1));
    case "pipe":
      return takesAnyKey(def.in, depth + 1);
    default:
      return false;
  }
}

/**
 * The keys an endpoint's body schema names, at the top or inside one member (such as `data`),
 * and whether it takes any other key too (update-user's body and admin data are records).
 */
export function bodyKeysOf(schema: unknown, member?: string): { keys: string[]; open: boolean } {
  const target = member ? fieldsOf(schema)[member] : schema;
  return { keys: keysOf(target), open: takesAnyKey(target) };
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
        bodyKeys: keysOf(endpoint.options?.body),
        queryKeys: keysOf(endpoint.options?.query),
        fields: { ...fieldsOf(endpoint.options?.query), ...fieldsOf(endpoint.options?.body) },
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
    routes.push({ method: r.method, path: r.path, bodyKeys: keys, queryKeys: keys, fields: {} });
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
  '\'; DROP TABLE "user"; --',
  '" OR 1=1 --',
  "1; SELECT pg_sleep(5)",
  "%",
  "_",
  "\\",
  "%00",
  "%2e%2e%2f",
  "../../../etc/passwd",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally.
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

/** Any JSON value, weighted towards nasty strings and towards ids that exist (so calls get past "not found"). */
export const anyValue = (ids: string[]): fc.Arbitrary<unknown> =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 4 },
    { arbitrary: fc.constantFrom(...ids, "x"), weight: 3 },
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

/** The values a field's schema accepts (enum members, booleans, numbers), unwrapped from optional and friends. */
function validShapes(schema: unknown, depth = 0): unknown[] {
  const def = defOf(schema);
  if (!def || depth > 4) return [];
  switch (def.type) {
    case "enum":
      return Object.values(def.entries ?? {});
    case "literal":
      return def.values ?? [];
    case "boolean":
      return [true, false];
    case "number":
    case "int":
      return [0, 1, 10, -1, 2 ** 31, Number.MAX_SAFE_INTEGER, 1e300];
    case "optional":
    case "nullable":
    case "default":
    case "readonly":
      return validShapes(def.innerType, depth + 1);
    case "union":
      return (def.options ?? []).flatMap((o: unknown) => validShapes(o, depth + 1));
    default:
      return [];
  }
}

/**
 * A value for one field: often a shape its schema accepts, so the request gets past validation
 * into the code behind it; otherwise anything at all.
 */
function fieldValue(route: Route, key: string, ids: string[]): fc.Arbitrary<unknown> {
  const shapes = validShapes(route.fields[key]);
  return shapes.length
    ? fc.oneof({ arbitrary: fc.constantFrom(...shapes), weight: 3 }, { arbitrary: anyValue(ids), weight: 1 })
    : anyValue(ids);
}

/** A JSON body for the route: mostly an object of its own keys (and some it does not know), sometimes not an object. */
export function bodyFor(route: Route, ids: string[]): fc.Arbitrary<unknown> {
  const key = fc.oneof(
    { arbitrary: fc.constantFrom(...(route.bodyKeys.length ? route.bodyKeys : ["x"])), weight: 6 },
    { arbitrary: fc.constantFrom(...PROTO_KEYS), weight: 1 },
    { arbitrary: fc.string({ maxLength: 12 }), weight: 1 },
  );
  const known = route.bodyKeys.map((k) => fc.tuple(fc.constant(k), fieldValue(route, k, ids)));
  const stray = fc.tuple(key, anyValue(ids));
  const entries = fc.array(known.length ? fc.oneof({ arbitrary: fc.oneof(...known), weight: 4 }, stray) : stray, {
    maxLength: 5,
  });
  return fc.oneof(
    { arbitrary: entries.map((pairs) => Object.fromEntries(pairs)), weight: 8 },
    { arbitrary: anyValue(ids), weight: 1 },
  );
}

/** Query parameters: the route's keys (repeated sometimes, as ?a=1&a=2) with string values. */
export function queryFor(route: Route, ids: string[]): fc.Arbitrary<[string, string][]> {
  // Node refuses a request head over 16 KB (431) before the app sees it; that limit has its own test.
  const value = fc.oneof(
    fc.constantFrom(...NASTY_STRINGS.filter((s) => s.length < 1000)),
    fc.constantFrom(...ids, "x"),
    fc.string({ unit: "binary", maxLength: 30 }),
  );
  const known = route.queryKeys.map((k) =>
    fc.tuple(
      fc.constant(k),
      fc.oneof(
        fieldValue(route, k, ids).map((v) => (typeof v === "string" ? v : (JSON.stringify(v) ?? ""))),
        value,
      ),
    ),
  );
  const stray = fc.tuple(fc.constantFrom(...PROTO_KEYS, "x"), value);
  return fc.array(known.length ? fc.oneof({ arbitrary: fc.oneof(...known), weight: 5 }, stray) : stray, {
    maxLength: 5,
  });
}

/** A value for a `:param` in the path. */
export const pathParam = (ids: string[]) =>
  fc.oneof(
    fc.constantFrom(...ids, "x"),
    fc.constantFrom("", "x", "..", "%2e%2e", "%00", "a%2Fb", "\u0000", "🙂", "a".repeat(2000), "' OR 1=1"),
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
