// Long, one subject: bad input on every route, all kinds sharing one server and victim.
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SESSION_COOKIE, type TestClient } from "../helpers/client.js";
import { databaseKinds } from "../helpers/databases.js";
import {
  createOrganization,
  invite,
  makeUser,
  organizationOwnedBy,
  type Person,
  sessionClient,
  signUpPerson,
} from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { bodyFor, fillPath, listRoutes, pathParam, queryFor, type Route, wellFormed } from "./fuzz-inputs.js";
import { mapLimit, rawRequest, recordCount } from "./support.js";

// Bad input of every kind at every route (engine endpoints from auth.api, the app's own /api
// routes from Hono): never a 500, never a crash, never a row changed that should not change.
// Bounded: FUZZ_RUNS cases per route (default 12) plus 2 per declared field, a fixed seed so a
// failure replays (FUZZ_SEED picks another sequence).
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? 20260601);

/** An error and its causes, one line. */
function causes(error: unknown): string {
  const parts: string[] = [];
  for (
    let e = error as { message?: string; cause?: unknown; code?: string } | undefined;
    e && parts.length < 5;
    e = e.cause as typeof e
  ) {
    parts.push(`${e.code ?? ""} ${e.message ?? String(e)}`.trim());
  }
  return parts.slice(1).join(" <- ");
}

describe.each(databaseKinds)("bad input on %s", (kind) => {
  let server: TestServer;
  let attacker: Person;
  let victim: Person;
  let victimOrg: string;
  let attackerOrg: string;
  let siteAdminId: string;
  let cases = 0;
  let failures: string[] = [];
  const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort().join(",");

  /** Every row of the victim's that no request of the attacker (or anyone) may touch. */
  async function victimRows() {
    const { db } = server.running.database;
    const where = (table: string, column: string, value: string) =>
      db.selectFrom(table).selectAll().where(column, "=", value).orderBy("id").execute();
    return JSON.stringify({
      user: await where("user", "id", victim.user.id),
      accounts: await where("account", "userId", victim.user.id),
      sessions: await where("session", "userId", victim.user.id),
      organization: await where("organization", "id", victimOrg),
      members: await where("member", "organizationId", victimOrg),
      invitations: await where("invitation", "organizationId", victimOrg),
      teams: await where("team", "organizationId", victimOrg),
      settings: await db.selectFrom("tessera_setting").selectAll().orderBy("key").execute(),
      migrations: await db.selectFrom("tessera_migration").selectAll().orderBy("name").execute(),
    });
  }
  let victimBefore = "";

  beforeAll(async () => {
    server = await startTestServer(kind);
    [attacker, victim] = await Promise.all([signUpPerson(server, "fz-attacker"), signUpPerson(server, "fz-victim")]);
    attackerOrg = (await createOrganization(attacker.client, "fz-attacker")).id;
    siteAdminId = (await makeUser(server, "fz-site-admin@example.com", { role: "admin" })).id;
    victimOrg = (await createOrganization(victim.client, "fz-victim")).id;
    await invite(victim.client, victimOrg, "fz-invitee@example.com", "member");
    victimBefore = await victimRows();
  });
  afterAll(() => server?.close());
  beforeEach(() => {
    failures = [];
    cases = 0;
  });

  /** Ids of rows that exist (both users', their organizations, members, teams, invitations, sessions). */
  async function knownIds(): Promise<string[]> {
    const { db } = server.running.database;
    const ids = new Set<string>([attacker.user.id, victim.user.id, attacker.user.email, victim.user.email, victimOrg]);
    for (const table of ["organization", "member", "team", "invitation"]) {
      for (const row of await db.selectFrom(table).select("id").execute()) ids.add(row.id as string);
    }
    for (const row of await db.selectFrom("organization").select("slug").execute()) ids.add(row.slug as string);
    // Field names too: list filters and sort keys take them.
    for (const field of ["id", "email", "role", "password", "userId", "organizationId", "name", "createdAt"])
      ids.add(field);
    return [...ids];
  }

  /** The attacker on a fresh session each time: a fuzzed sign-out or revoke must not blunt the next case. */
  async function attackerClient(): Promise<TestClient> {
    return (await sessionClient(server, attacker.user.id)).client;
  }

  type Who = "anonymous" | "attacker" | "site admin";
  async function clientFor(who: Who, route: Route) {
    if (who === "anonymous") return server.client();
    // A site admin only reads: its writes could lawfully change the victim's rows.
    if (who === "site admin" && route.method === "GET") return (await sessionClient(server, siteAdminId)).client;
    return attackerClient();
  }

  async function send(route: Route, who: Who, params: string[], body: unknown, query: [string, string][]) {
    const client = await clientFor(who, route);
    const qs = query.length ? `?${new URLSearchParams(query.map(([k, v]) => [k, wellFormed(v)]))}` : "";
    const path = fillPath(route.path, params) + qs;
    // A connection per request (node:http, no keep-alive): a reused idle socket closing under us is not the server's fault.
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await rawRequest(`${server.url}${path}`, {
      method: route.method,
      headers: {
        origin: server.url,
        ...(cookie ? { cookie } : {}),
        ...(route.method === "POST" ? { "content-type": "application/json" } : {}),
      },
      body: route.method === "POST" ? JSON.stringify(body ?? null) : undefined,
    });
    cases += 1;
    if (process.env.FUZZ_DEBUG && route.path.includes(process.env.FUZZ_DEBUG))
      console.log(who, res.status, path.slice(0, 160), res.text.slice(0, 100));
    if (res.status >= 500) {
      failures.push(
        `${route.method} ${path.slice(0, 200)} ${JSON.stringify(body)?.slice(0, 200)} ${res.status}: ${res.text.slice(0, 160)}`,
      );
    }
    return res;
  }

  /** The attacker's own organization; a fuzzed delete may have taken the last one, so it is made again. */
  async function ensureAttackerOrg() {
    const { db } = server.running.database;
    const row = await db
      .selectFrom("member")
      .select("id")
      .where("organizationId", "=", attackerOrg)
      .where("userId", "=", attacker.user.id)
      .executeTakeFirst();
    if (row) return;
    attackerOrg = (await organizationOwnedBy(server, attacker.user.id, "fz-attacker", "Attacker again")).id;
  }

  /** Puts the attacker's own organization in, most of the time, so calls reach their list and filter code. */
  function inContext(route: Route, body: unknown, query: [string, string][]) {
    const withBody =
      route.bodyKeys.includes("organizationId") && body && typeof body === "object" && !Array.isArray(body)
        ? { organizationId: attackerOrg, ...(body as Record<string, unknown>) }
        : body;
    const withQuery: [string, string][] = route.queryKeys.includes("organizationId")
      ? [["organizationId", attackerOrg], ...query.filter(([k]) => k !== "organizationId")]
      : query;
    return { body: withBody, query: withQuery };
  }

  it("every route's body, query and path: always an answer below 500", async () => {
    const routes = listRoutes(server);
    expect(routes.length).toBeGreaterThan(80);
    const ids = await knownIds();
    const byRoute = routes.map((route) =>
      fc.asyncProperty(
        fc.constantFrom<Who>("anonymous", "attacker", "attacker", "attacker", "site admin"),
        fc.oneof(fc.constant(true), fc.constant(true), fc.constant(false)),
        fc.array(pathParam(ids), { minLength: 2, maxLength: 2 }),
        bodyFor(route, ids),
        queryFor(route, ids),
        async (who, scoped, params, rawBody, rawQuery) => {
          if (scoped) await ensureAttackerOrg();
          const { body, query } = scoped ? inContext(route, rawBody, rawQuery) : { body: rawBody, query: rawQuery };
          const res = await send(route, who, params, route.method === "POST" ? body : undefined, query);
          return res.status < 500;
        },
      ),
    );
    // Routes with more fields get more cases: each field needs its turn at a bad value.
    const runsFor = (route: Route) => RUNS + 2 * Object.keys(route.fields).length;
    await mapLimit(byRoute, 4, (property, i) =>
      fc
        .assert(property, { numRuns: runsFor(routes[i] as Route), seed: SEED, endOnFailure: true })
        .catch((error: Error) => {
          // A 500 is already listed; a request that threw (reset, hang-up) is a failure of its own.
          if (!failures.some((f) => f.includes(routes[i]?.path ?? "?")))
            failures.push(`${routes[i]?.path}: ${causes(error).slice(0, 400)} ${error.message.slice(0, 600)}`);
        }),
    );
    recordCount("fuzz: cases run", cases, kind);
    expect(failures).toEqual([]);
  }, 240_000);

  it("non-JSON, empty, binary, deeply nested and prototype-polluting bodies: 4xx or a normal answer, never a 500", async () => {
    const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
    const bodies: [string, string | Buffer][] = [
      ["text/plain", "hello"],
      ["application/x-www-form-urlencoded", "email=a%40b.co&password=x"],
      ["multipart/form-data; boundary=x", "--x\r\nContent-Disposition: form-data; name=a\r\n\r\n1\r\n--x--"],
      ["application/json", "{"],
      ["application/json", ""],
      ["application/json", "null"],
      ["application/json", '"just a string"'],
      ["application/json", Buffer.from([0xff, 0xfe, 0x00, 0x81, 0x7b])],
      ["application/json", `${"[".repeat(10_000)}${"]".repeat(10_000)}`],
      ["application/json", nested(10_000)],
      [
        "application/json",
        '{"__proto__":{"polluted":"yes","role":"admin"},"constructor":{"prototype":{"polluted":"yes"}}}',
      ],
      [
        "application/json",
        '{"email":{"__proto__":{"toString":"x"}},"password":["a"],"name":{"constructor":{"name":"x"}}}',
      ],
      ["application/json; charset=utf-16", "{}"],
    ];
    const posts = listRoutes(server).filter((r) => r.method === "POST");
    const cookie = `${SESSION_COOKIE}=${(await attackerClient()).cookies.get(SESSION_COOKIE)}`;
    const jobs = posts.flatMap((route) => bodies.map(([type, body]) => ({ route, type, body })));
    await mapLimit(jobs, 6, async ({ route, type, body }) => {
      const res = await rawRequest(`${server.url}${fillPath(route.path, ["x", "x"])}`, {
        method: "POST",
        headers: { "content-type": type, origin: server.url, cookie },
        body,
      });
      cases += 1;
      if (res.status >= 500)
        failures.push(`${route.path} ${type} ${String(body).slice(0, 30)}: ${res.status} ${res.text.slice(0, 120)}`);
    });
    recordCount("fuzz: cases run", cases, kind);
    expect(failures).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort().join(",")).toBe(prototypeBefore);
  }, 180_000);

  it("a body over 1 MB is refused with 413 {code, message}, announced or streamed", async () => {
    const big = JSON.stringify({ email: "a@b.co", password: "x".repeat(1024 * 1024 + 10) });
    const tooLarge = { code: "PAYLOAD_TOO_LARGE", message: "Request body too large" };
    for (const path of ["/api/auth/sign-in/email", "/api/auth/sign-up/email", "/api/account/set-password"]) {
      const headers = { "content-type": "application/json", origin: server.url };
      const announced = await rawRequest(`${server.url}${path}`, {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(big)) },
        body: big,
      });
      expect({ path, status: announced.status, body: JSON.parse(announced.text) }).toEqual({
        path,
        status: 413,
        body: tooLarge,
      });
      // Without Content-Length (chunked): the limit counts the stream as it arrives.
      const streamed = await rawRequest(`${server.url}${path}`, { method: "POST", headers, body: big });
      expect({ path, status: streamed.status, body: JSON.parse(streamed.text) }).toEqual({
        path,
        status: 413,
        body: tooLarge,
      });
    }
    expect((await server.client().get("/healthz")).status).toBe(200);
  });

  it("a request head over 16 KB is refused by Node's parser (431) and the server carries on", async () => {
    const res = await rawRequest(`${server.url}/api/auth/get-session?x=${"a".repeat(20_000)}`, {});
    expect(res.status).toBe(431);
    expect((await server.client().get("/healthz")).status).toBe(200);
  });

  it("garbage in the Cookie header is an anonymous caller, not a 500", async () => {
    const jars = [
      `${SESSION_COOKIE}=%E0%A4%A`,
      `${SESSION_COOKIE}=${"a".repeat(8000)}`,
      `${SESSION_COOKIE}=..; ${SESSION_COOKIE}=x.y`,
      `${SESSION_COOKIE}="unterminated`,
      `${SESSION_COOKIE}=\u00ff\u00fe`,
      "=; ; ;=;",
      `tessera.session_data=${"%".repeat(100)}; tessera.dont_remember=%zz`,
    ];
    for (const cookie of jars) {
      for (const path of ["/api/auth/get-session", "/api/auth/list-sessions", "/api/audit", "/api/account/sessions"]) {
        const res = await rawRequest(`${server.url}${path}`, {
          headers: { cookie: Buffer.from(cookie, "latin1").toString("latin1") },
        });
        cases += 1;
        if (res.status >= 500) failures.push(`${path} cookie ${JSON.stringify(cookie.slice(0, 40))}: ${res.status}`);
      }
    }
    recordCount("fuzz: cases run", cases, kind);
    expect(failures).toEqual([]);
  });

  it("afterwards the server still answers, and the victim's rows are exactly as they were", async () => {
    expect((await server.client().get("/healthz")).status).toBe(200);
    expect((await server.client().get("/readyz")).status).toBe(200);
    expect(await victimRows()).toBe(victimBefore);
    const session = await victim.client.get("/api/auth/get-session");
    expect(session.body?.user?.id).toBe(victim.user.id);
    const role = await server.running.database.db
      .selectFrom("user")
      .select("role")
      .where("id", "=", attacker.user.id)
      .executeTakeFirst();
    expect(role?.role ?? "user").toBe("user");
  });
});
