import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TESSERA_ROUTES } from "../../src/server/openapi-routes.js";
import { createAdminWithCli, signUpPerson } from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

// Issue 21 "API reference": GET /api/openapi.json holds the engine's OpenAPI document for every
// /api/auth call and Tessera's own routes; open outside production, to site admins in production.

type Document = {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, { summary?: string; parameters?: { name: string; in: string }[] }>>;
};

const METHODS = ["get", "post", "put", "patch", "delete"];
const toOpenAPIPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

describe("the API reference outside production", () => {
  let server: TestServer;
  beforeAll(async () => {
    // Metrics on and no SMTP (the dev mailbox is served): every route the app can have is there.
    server = await startTestServer("sqlite", {
      env: { METRICS_TOKEN: "metrics-token-0123456789abcdef", SMTP_URL: "" },
    });
  }, 60_000);
  afterAll(() => server?.close());

  it("is an OpenAPI 3.1 document with the engine's calls under /api/auth", async () => {
    const res = await server.client().get("/api/openapi.json");
    expect(res.status).toBe(200);
    const doc = res.body as Document;
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.servers).toEqual([{ url: server.url }]);
    for (const [path, method] of [
      ["/api/auth/sign-up/email", "post"],
      ["/api/auth/sign-in/email", "post"],
      ["/api/auth/get-session", "get"],
      ["/api/auth/organization/create", "post"],
      ["/api/auth/organization/list-members", "get"],
      ["/api/auth/two-factor/enable", "post"],
      ["/api/auth/admin/list-users", "get"],
      ["/api/auth/passkey/generate-register-options", "get"],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    // Every call the engine serves over HTTP (all but its server-only ones), plugins' included; the
    // openAPI plugin leaves out its own two.
    let calls = 0;
    const missing: string[] = [];
    for (const endpoint of Object.values(server.running.auth.api) as {
      path?: string;
      options?: { method?: string | string[]; metadata?: { SERVER_ONLY?: boolean } };
    }[]) {
      if (typeof endpoint?.path !== "string" || endpoint.options?.metadata?.SERVER_ONLY) continue;
      // Paths the router refuses (options.disabledPaths: the api-key plugin's, called from the server only).
      if ((server.running.auth.options.disabledPaths as readonly string[]).includes(endpoint.path)) continue;
      if (endpoint.path.startsWith("/open-api/") || endpoint.path === "/reference") continue;
      const methods = [endpoint.options?.method ?? []].flat().filter((m) => METHODS.includes(m.toLowerCase()));
      for (const method of methods) {
        calls++;
        const path = `/api/auth${toOpenAPIPath(endpoint.path)}`;
        if (!doc.paths[path]?.[method.toLowerCase()]) missing.push(`${method} ${path}`);
      }
    }
    expect(missing).toEqual([]);
    expect(calls).toBeGreaterThan(90);
    // The engine serves its part on its own path too.
    const engine = await server.client().get("/api/auth/open-api/generate-schema");
    expect(engine.status).toBe(200);
    expect(Object.keys(engine.body.paths)).toContain("/sign-in/email");
  });

  it("documents every Tessera route the app has, and no route it does not have", async () => {
    const doc = (await server.client().get("/api/openapi.json")).body as Document;
    const served = new Set<string>();
    for (const route of server.running.app.routes) {
      if (route.method === "ALL" || route.path.includes("*") || route.path.startsWith("/api/auth/")) continue;
      if (!route.path.startsWith("/api/") && !["/healthz", "/readyz", "/metrics"].includes(route.path)) continue;
      served.add(`${route.method.toLowerCase()} ${route.path}`);
    }
    const documented = new Set<string>();
    for (const [path, methods] of Object.entries(TESSERA_ROUTES)) {
      for (const method of Object.keys(methods)) documented.add(`${method} ${path}`);
    }
    expect(
      [...served].filter((r) => !documented.has(r)),
      "routes missing from src/server/openapi-routes.ts",
    ).toEqual([]);
    expect(
      [...documented].filter((r) => !served.has(r)),
      "documented routes the app does not have",
    ).toEqual([]);
    expect(served.size).toBeGreaterThan(25);
    // And the served document has each of them, path parameters named.
    for (const route of documented) {
      const [method = "", path = ""] = route.split(" ");
      const operation = doc.paths[toOpenAPIPath(path)]?.[method];
      expect(operation?.summary, route).toBeTruthy();
      for (const [, name] of path.matchAll(/:([A-Za-z0-9_]+)/g)) {
        expect(operation?.parameters, route).toContainEqual(expect.objectContaining({ name, in: "path" }));
      }
    }
    for (const path of Object.keys(doc.paths)) {
      for (const method of Object.keys(doc.paths[path] ?? {})) expect(METHODS).toContain(method);
    }
  });

  it("describes query parameters and bodies from the routes' own zod schemas", async () => {
    const doc = (await server.client().get("/api/openapi.json")).body as Document & {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: any }> } }>>;
    };
    const search = doc.paths["/api/admin/users"]?.get?.parameters?.map((p) => p.name);
    expect(search).toEqual(expect.arrayContaining(["q", "role", "banned", "sortBy", "page", "pageSize"]));
    const create = doc.paths["/api/organizations/{organizationId}/webhooks"]?.post?.requestBody;
    expect(create?.content["application/json"]?.schema).toMatchObject({
      type: "object",
      required: expect.arrayContaining(["url", "events"]),
      properties: { url: { type: "string", maxLength: 2048 } },
    });
  });
});

describe("the API reference in production", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("sqlite", { env: { NODE_ENV: "production" } });
  }, 60_000);
  afterAll(() => server?.close());

  it("is only for a signed-in site admin: 401 without a session, 403 for anyone else", async () => {
    for (const path of ["/api/openapi.json", "/api/auth/open-api/generate-schema"]) {
      const anonymous = await server.client().get(path);
      expect(anonymous.status, path).toBe(401);
      expect(anonymous.body).toMatchObject({ code: "UNAUTHORIZED" });
    }
    const person = await signUpPerson(server, "openapi-member");
    for (const path of ["/api/openapi.json", "/api/auth/open-api/generate-schema"]) {
      const refused = await person.client.get(path);
      expect(refused.status, path).toBe(403);
      expect(refused.body).toMatchObject({ code: "FORBIDDEN" });
    }
    const admin = await createAdminWithCli(server, "openapi-admin");
    const allowed = await admin.client.get("/api/openapi.json");
    expect(allowed.status).toBe(200);
    expect(allowed.body.paths["/api/auth/get-session"]).toBeDefined();
    expect((await admin.client.get("/api/auth/open-api/generate-schema")).status).toBe(200);
    // The engine's reference page (which loads a script from a CDN) stays off.
    expect((await admin.client.get("/api/auth/reference")).status).toBe(404);
  });
});
