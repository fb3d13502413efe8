import { z } from "zod";
import type { Auth } from "./auth/auth.js";
import { AUTH_BASE_PATH } from "./auth/options.js";
import { type Method, type Operation, TESSERA_ROUTES } from "./openapi-routes.js";

/**
 * The API reference (GET /api/openapi.json, docs/operations.md "API reference"): the engine's own
 * OpenAPI document (better-auth's openAPI plugin) for every /api/auth call, with Tessera's routes
 * beside it, from the table of openapi-routes.ts.
 */

type Json = Record<string, unknown>;

/** A zod schema as JSON Schema, as the route reads it (its input: before defaults and coercion). */
const schemaOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Json;

const ERROR_SCHEMA = {
  type: "object",
  required: ["code", "message"],
  properties: {
    code: { type: "string", description: "stable error code, e.g. UNAUTHORIZED, BAD_REQUEST" },
    message: { type: "string" },
    requestId: { type: "string", description: "on a 500: the request's id, as in X-Request-ID and the logs" },
  },
};

const ACCESS_TEXT: Record<Operation["access"], string> = {
  public: "No session needed.",
  session: "Needs a signed-in session (the session cookie).",
  "site admin": "Needs a signed-in site admin with the permission the call uses.",
  "organization webhooks": "Needs a signed-in owner or admin of the organization.",
  "organization oauth clients":
    "Needs a signed-in member whose roles hold the oauthClient permission (owners and admins; docs/roles.md).",
  "organization scim":
    "Needs a signed-in member allowed organization:update, member:create and member:delete (owners, admins).",
  "organization sso": "Needs a signed-in owner or admin of the organization.",
  "development only": "Only without SMTP_URL outside production, and only from this machine; 404 otherwise.",
  metrics: "Authorization: Bearer METRICS_TOKEN.",
  "api key": "An API key as Authorization: Bearer <key> or x-api-key: <key>.",
};

/** `/a/:id` → `/a/{id}`. */
const toOpenAPIPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

function tesseraPaths(): Json {
  const paths: Json = {};
  for (const [path, methods] of Object.entries(TESSERA_ROUTES)) {
    const entry: Json = {};
    for (const [method, op] of Object.entries(methods) as [Method, Operation][]) {
      const parameters: Json[] = [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => ({
        name: m[1],
        in: "path",
        required: true,
        schema: { type: "string" },
      }));
      if (op.query) {
        const json = schemaOf(op.query) as { properties?: Record<string, Json>; required?: string[] };
        for (const [name, schema] of Object.entries(json.properties ?? {})) {
          parameters.push({ name, in: "query", required: json.required?.includes(name) ?? false, schema });
        }
      }
      const body = op.body === undefined ? undefined : op.body instanceof z.ZodType ? schemaOf(op.body) : op.body;
      entry[method] = {
        tags: [op.tag],
        summary: op.summary,
        description: ACCESS_TEXT[op.access],
        operationId: `tessera${method[0]?.toUpperCase()}${method.slice(1)}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? "").toUpperCase())}`,
        ...(parameters.length ? { parameters } : {}),
        ...(body
          ? {
              requestBody: {
                required: true,
                content: { [path === "/api/uploads" ? "image/*" : "application/json"]: { schema: body } },
              },
            }
          : {}),
        responses: {
          "200": { description: "Success", content: { [op.produces ?? "application/json"]: {} } },
          "4XX": {
            description: "Refused: {code, message}",
            content: { "application/json": { schema: { $ref: "#/components/schemas/TesseraError" } } },
          },
        },
      };
    }
    paths[toOpenAPIPath(path)] = entry;
  }
  return paths;
}

/** The whole document: the engine's calls under /api/auth, Tessera's routes, one server (BASE_URL). */
export async function openAPIDocument(auth: Auth, baseURL: string): Promise<Json> {
  const engine = (await (
    auth.api as unknown as { generateOpenAPISchema(): Promise<Json> }
  ).generateOpenAPISchema()) as {
    paths?: Record<string, unknown>;
    components?: { schemas?: Json } & Json;
    tags?: Json[];
  };
  const paths: Json = {};
  for (const [path, item] of Object.entries(engine.paths ?? {})) paths[`${AUTH_BASE_PATH}${path}`] = item;
  Object.assign(paths, tesseraPaths());
  return {
    openapi: "3.1.1",
    info: {
      title: "Tessera API",
      version: "1",
      description:
        "Sign-in, account and organization API. /api/auth/* is the auth engine (better-auth); the other paths are Tessera's own. Errors are {code, message}.",
    },
    servers: [{ url: baseURL }],
    tags: [...(engine.tags ?? [])],
    components: {
      ...engine.components,
      schemas: { ...(engine.components?.schemas ?? {}), TesseraError: ERROR_SCHEMA },
    },
    paths,
  };
}
