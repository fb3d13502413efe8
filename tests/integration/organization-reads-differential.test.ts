// Long, one subject: organization reads against the engine; cases, setup, comparison go together.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrganizationReads, type OrganizationReads } from "../../src/server/auth/organization-reads/index.js";
import { ORGANIZATION_READ_PATHS } from "../../src/server/auth/organization-reads/paths.js";
import { createSessionFastPath } from "../../src/server/auth/session-fast-path.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import {
  clearRedisPrefix,
  createSession,
  engineContext,
  rawRedis,
  setupEnv,
  setups,
} from "../helpers/session-fixtures.js";

// The organization reads (docs/decisions/014-organization-reads.md) must answer exactly as the engine
// does, or hand the request over. Each generated case builds organizations through the engine's own
// adapter (members with built-in, several and custom roles, teams, invitations of every status, some
// expired, the MFA policy, metadata), a session for one user (member or not, with or without an
// active organization), and sends the same request to the fast path and to auth.handler (no fast
// path), comparing status, body and headers. Reproduce a failure with FC_SEED=<seed>.

const RUNS: Record<string, number> = { sqlite: 500, postgres: 250, "postgres+redis": 200 };
const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined;

const ROLES = ["owner", "admin", "member", "owner,member", " admin , member", "auditor", "viewer", "ghost"];
const STATUSES = ["pending", "pending", "accepted", "canceled", "rejected"];
const METADATA = [null, null, JSON.stringify({ plan: "pro", seats: 5 }), "not json {", JSON.stringify([1, "a"])];
// Custom roles (docs/roles.md): one that may invite, one that may not, one stored unreadable.
const CUSTOM: Record<string, string> = {
  auditor: JSON.stringify({ invitation: ["create"], member: ["create"] }),
  viewer: JSON.stringify({ organization: ["update"] }),
  broken: "{not json",
};

const orgArb = fc.record({
  members: fc.array(fc.record({ user: fc.nat(5), role: fc.constantFrom(...ROLES) }), { maxLength: 7 }),
  teams: fc.array(fc.string({ minLength: 1, maxLength: 12 }), { maxLength: 3 }),
  invitations: fc.array(
    fc.record({
      status: fc.constantFrom(...STATUSES),
      role: fc.constantFrom("owner", "admin", "member", "auditor", "owner,admin"),
      expired: fc.boolean(),
      team: fc.boolean(),
    }),
    { maxLength: 5 },
  ),
  custom: fc.oneof(
    { weight: 6, arbitrary: fc.subarray(["auditor", "viewer"]) },
    { weight: 1, arbitrary: fc.constant(["broken", "auditor"]) },
  ),
  requireMfa: fc.oneof({ weight: 4, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  metadata: fc.constantFrom(...METADATA),
  logo: fc.option(fc.constant("https://example.com/logo.png")),
});

const caseArb = fc.record({
  orgs: fc.array(orgArb, { minLength: 1, maxLength: 2 }),
  caller: fc.nat(5),
  joinCaller: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  callerRole: fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom("owner", "admin", "auditor") },
    { weight: 1, arbitrary: fc.constantFrom(...ROLES) },
  ),
  // The session's active organization: none, one of the case's, or one that does not exist.
  active: fc.constantFrom("none", "first", "second", "unknown"),
  path: fc.constantFrom(...ORGANIZATION_READ_PATHS),
  // organizationId: none (the active one), one of the case's, unknown, empty.
  named: fc.constantFrom("none", "first", "first", "first", "second", "unknown", "empty"),
  limit: fc.option(
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom("0", "1", "2", "5", "100") },
      { weight: 1, arbitrary: fc.constantFrom("-1", "x", "1.5", "") },
    ),
    { freq: 2 },
  ),
  offset: fc.option(
    fc.oneof({ weight: 4, arbitrary: fc.constantFrom("0", "1", "3") }, { weight: 1, arbitrary: fc.constant("-2") }),
    { freq: 2 },
  ),
  // get-full-organization: the organization named by its slug rather than its id.
  bySlug: fc.boolean(),
  // GET /api/organizations: the page size the pages are read with.
  pageSize: fc.constantFrom(1, 2, 50),
  extra: fc.oneof(
    { weight: 8, arbitrary: fc.constant("") },
    { weight: 1, arbitrary: fc.constantFrom("&sortBy=role", "&organizationSlug=x", "&x=1", "&organizationId=dup") },
  ),
});
type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never;

interface World {
  server: TestServer;
  reads: OrganizationReads;
  users: string[];
  setup: string;
  redisPrefix?: string;
}

async function buildWorld(setup: string, kind: "sqlite" | "postgres", env: Record<string, string>, prefix?: string) {
  const server = await startTestServer(kind, { env });
  const ctx = await engineContext(server);
  const users: string[] = [];
  const names = ["Plain", 'Zoë 🎉 "quoted" <b> \\ \t\n\u0001\u001f', "2024-01-01T00:00:00Z", "Mfa", "Passkey", "Sixth"];
  for (const [i, name] of names.entries()) {
    const u = await ctx.internalAdapter.createUser(
      {
        email: `${crypto.randomUUID()}@example.com`,
        name,
        emailVerified: true,
        ...(i === 1 ? { image: "https://example.com/a.png" } : {}),
      },
      { method: "admin" },
    );
    users.push(u.id);
  }
  // Users 3 and 4 meet an MFA policy; 4 also has a passkey (the member list shows both).
  for (const id of [users[3], users[4]] as string[]) {
    await ctx.internalAdapter.updateUser(id, { twoFactorEnabled: true });
    await ctx.adapter.create({
      model: "twoFactor",
      data: { userId: id, secret: "s", backupCodes: "[]", verified: id === users[3] },
    });
  }
  await ctx.adapter.create({
    model: "passkey",
    data: {
      userId: users[4],
      name: "key",
      publicKey: "pk",
      credentialID: crypto.randomUUID(),
      counter: 0,
      deviceType: "singleDevice",
      backedUp: false,
      createdAt: new Date(),
    },
  });
  const sessionFastPath = createSessionFastPath({ auth: server.running.auth, database: server.running.database });
  const reads = createOrganizationReads({
    auth: server.running.auth,
    database: server.running.database,
    sessionFastPath,
  });
  return { server, reads, users, setup, redisPrefix: prefix } satisfies World;
}

const DAY = 86_400_000;

/** Builds the case's organizations through the engine's adapter and the caller's session; returns the request's URL. */
async function arrange(w: World, c: Case): Promise<{ path: string; search: string; cookie: string; kinds: string }> {
  const ctx = await engineContext(w.server);
  const a = ctx.adapter;
  const orgIds: string[] = [];
  const slugs = new Map<string, string>();
  for (const [i, o] of c.orgs.entries()) {
    const slug = `org-${crypto.randomUUID()}`;
    const created = (await a.create({
      model: "organization",
      data: {
        name: `Org ${i}`,
        slug,
        logo: o.logo,
        metadata: o.metadata,
        requireMfa: o.requireMfa,
        createdAt: new Date(Date.now() - i * DAY),
      },
    })) as { id: string };
    orgIds.push(created.id);
    slugs.set(created.id, slug);
    const seen = new Set<number>();
    for (const m of o.members) {
      if (seen.has(m.user) || (i === 0 && m.user === c.caller)) continue;
      seen.add(m.user);
      await a.create({
        model: "member",
        data: { organizationId: created.id, userId: w.users[m.user], role: m.role, createdAt: new Date() },
      });
    }
    if (c.joinCaller && (i === 0 || !seen.has(c.caller))) {
      await a.create({
        model: "member",
        data: { organizationId: created.id, userId: w.users[c.caller], role: c.callerRole, createdAt: new Date() },
      });
    }
    const teamIds: string[] = [];
    for (const name of o.teams) {
      const t = (await a.create({
        model: "team",
        data: { name, organizationId: created.id, createdAt: new Date(), updatedAt: new Date(), memberCount: 0 },
      })) as { id: string };
      teamIds.push(t.id);
    }
    for (const [j, inv] of o.invitations.entries()) {
      await a.create({
        model: "invitation",
        data: {
          organizationId: created.id,
          email: `invitee-${j}@example.com`,
          role: inv.role,
          status: inv.status,
          teamId: inv.team ? (teamIds[0] ?? null) : null,
          inviterId: w.users[0],
          expiresAt: new Date(Date.now() + (inv.expired ? -1 : 1) * DAY),
          createdAt: new Date(),
        },
      });
    }
    for (const role of o.custom) {
      await a.create({
        model: "organizationRole",
        data: { organizationId: created.id, role, permission: CUSTOM[role], createdAt: new Date() },
      });
    }
  }
  const pick = (which: string) =>
    which === "first"
      ? orgIds[0]
      : which === "second"
        ? (orgIds[1] ?? orgIds[0])
        : which === "unknown"
          ? "unknownorganization0123456789ab"
          : which === "empty"
            ? ""
            : undefined;
  const active = pick(c.active) ?? null;
  const session = await createSession(w.server, w.users[c.caller] as string, { activeOrganizationId: active });
  // The web app's own calls most of the time; now and then what only a hand-made request sends.
  const params: string[] = [];
  const named = pick(c.named);
  const listing = c.path === "/organization/list";
  const full = c.path === "/organization/get-full-organization";
  if (full && c.bySlug && named !== undefined) params.push(`organizationSlug=${slugs.get(named) ?? named}`);
  else if (named !== undefined && (!listing || c.extra)) params.push(`organizationId=${named}`);
  if (full && c.limit !== null) params.push(`membersLimit=${c.limit}`);
  if (c.path === "/organization/list-members" || c.extra) {
    if (c.limit !== null) params.push(`limit=${c.limit}`);
    if (c.offset !== null) params.push(`offset=${c.offset}`);
  }
  let search = params.join("&");
  if (c.extra) search = search ? search + c.extra : c.extra.slice(1);
  return {
    path: c.path,
    search,
    cookie: `tessera.session_token=${session.cookie}`,
    kinds: `${c.path} named ${c.named}${full && c.bySlug ? " by slug" : ""} active ${c.active} role ${c.callerRole} joined ${c.joinCaller}`,
  };
}

type Organization = { id: string; name: string };

/**
 * GET /api/organizations, read page by page, gives every organization of the engine's
 * GET /organization/list, each exactly as the engine gives it, once, and the pages in one order
 * whatever their size (by name then id, in the database's collation). A member of more than 100
 * organizations gets them all; the engine's list stops at 100 (the caller's memberships grow from
 * case to case, so the later cases have such members).
 */
async function pagesEqualTheList(w: World, cookie: string, list: Organization[], size: number) {
  const read = async (pageSize: number) => {
    const all: string[] = [];
    let total = -1;
    for (let offset = 0; ; offset += pageSize) {
      const res = await fetch(`${w.server.url}/api/organizations?limit=${pageSize}&offset=${offset}`, {
        headers: { cookie },
      });
      expect(res.status).toBe(200);
      const page = (await res.json()) as { organizations: Organization[]; total: number };
      total = page.total;
      all.push(...page.organizations.map((o) => JSON.stringify(o)));
      if (page.organizations.length < pageSize) break;
    }
    return { all, total };
  };
  // About ten pages a read at most: the case's page size (1, 2 or 50) while the list is short, a larger one as
  // the caller's memberships grow from case to case. Paging well over 100 organizations one by one took two
  // thirds of this file's time (7 900 requests on SQLite alone), and checked no boundary the shorter lists do not.
  const { all, total } = await read(Math.max(size, Math.ceil(list.length / 10)));
  expect(all.length).toBe(total);
  expect(new Set(all).size).toBe(all.length);
  const engine = list.map((o) => JSON.stringify(o));
  if (list.length < 100) expect([...all].sort()).toEqual([...engine].sort());
  else for (const o of engine) expect(all).toContain(o);
  expect((await read(100)).all).toEqual(all);
}

/** A snapshot with its lists in id order (and without its text, which keeps the order it came in). */
function unordered<T extends { body: unknown; text?: string }>(snap: T): T {
  const { text: _text, ...rest } = snap;
  return byIdOrder(rest as T);
}

function byIdOrder<T extends { body: unknown }>(snap: T): T {
  const byId = (list: { id: string }[]) => [...list].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const body = snap.body as Record<string, unknown> | { id: string }[];
  if (Array.isArray(body)) return { ...snap, body: byId(body) };
  if (!body || typeof body !== "object") return snap;
  // list-members' members; get-full-organization's members, invitations and teams.
  const sorted: Record<string, unknown> = { ...body };
  for (const key of ["members", "invitations", "teams"])
    if (Array.isArray(body[key])) sorted[key] = byId(body[key] as { id: string }[]);
  return { ...snap, body: sorted };
}

async function snapshot(res: Response) {
  const body = await res.text();
  return {
    status: res.status,
    text: body,
    body: body ? JSON.parse(body) : body,
    headers: [...res.headers.entries()].filter(([k]) => k !== "set-cookie").sort(),
    cookies: res.headers.getSetCookie(),
  };
}

/** What an answer over HTTP carries beyond the engine's own (the app's middleware adds them to every route). */
const HTTP_ONLY_HEADERS = new Set([
  "date",
  "connection",
  "keep-alive",
  "content-length",
  "content-security-policy",
  "x-content-type-options",
  "referrer-policy",
  "x-frame-options",
  "strict-transport-security",
  "x-request-id",
]);

function differential(w: () => World, runs: number) {
  return async () => {
    const answered: Record<string, number> = {};
    const reasons: Record<string, number> = {};
    let paged = 0;
    const round = (numRuns: number) =>
      fc.assert(
        fc.asyncProperty(caseArb, async (c) => {
          const world = w();
          const { path, search, cookie, kinds } = await arrange(world, c);
          const url = `${world.server.url}/api/auth${path}${search ? `?${search}` : ""}`;
          const decision = await world.reads.answer(path, search, cookie);
          const engine = await snapshot(
            await world.server.running.auth.handler(new Request(url, { headers: { cookie } })),
          );
          if (path === "/organization/list" && search === "" && engine.status === 200) {
            await pagesEqualTheList(world, cookie, engine.body as Organization[], c.pageSize);
            paged++;
          }
          if (decision.kind === "engine") {
            reasons[decision.reason] = (reasons[decision.reason] ?? 0) + 1;
            return;
          }
          answered[path] = (answered[path] ?? 0) + 1;
          const fast = await snapshot(
            new Response(decision.body, { status: 200, headers: { "content-type": "application/json" } }),
          );
          // The engine's statements set no order. On SQLite a statement keeps its plan, so the order is
          // compared too; on PostgreSQL the plan (and the engine's own order) can change between two calls,
          // so whole lists are compared as sets (the fast path hands cut lists over there).
          const ordered = world.server.kind === "sqlite";
          expect(ordered ? fast : unordered(fast), kinds).toEqual(ordered ? engine : unordered(engine));
          // The same text too: the same keys in the same order, the same dates, the same escapes (toEqual
          // above sees none of these). On SQLite byte for byte; on PostgreSQL once its lists are in id order.
          expect(ordered ? fast.text : JSON.stringify(unordered(fast).body), kinds).toBe(
            ordered ? engine.text : JSON.stringify(unordered(engine).body),
          );
          // Asked again with nothing committed in between (on SQLite: the answer kept since the last commit).
          const again = await world.reads.answer(path, search, cookie);
          if (again.kind !== "answer") throw new Error(`handed over the second time: ${again.reason}`);
          const same = (a: string) => (ordered ? JSON.parse(a) : unordered({ body: JSON.parse(a) }).body);
          expect(same(again.body), kinds).toEqual(same(decision.body));
          // Over HTTP the app answers with the fast path: the same answer, plus transport and security headers.
          const overHTTP = await snapshot(await fetch(url, { headers: { cookie } }));
          const http = { ...overHTTP, headers: overHTTP.headers.filter(([k]) => !HTTP_ONLY_HEADERS.has(k)) };
          expect(ordered ? http : unordered(http), kinds).toEqual(ordered ? fast : unordered(fast));
        }),
        { numRuns, seed, endOnFailure: true },
      );
    await round(runs);
    // A read the fast path answers only in a few of the random cases (on PostgreSQL, where cut lists are
    // handed over: get-full-organization in 4 to 13 of 200) gets more cases, rather than a run that fails
    // by chance; a path that never answers still fails below.
    for (let extra = 0; extra < 3 && ORGANIZATION_READ_PATHS.some((path) => !answered[path]); extra++) {
      await round(Math.ceil(runs / 2));
    }
    console.log(w().setup, answered, reasons, { paged });
    expect(paged).toBeGreaterThan(0);
    // The fast path must really answer, each read: a path that always hands over would pass the comparison.
    // (At least once: on PostgreSQL cut lists are handed over, and a random run answered a read in only
    // 6 of 250 cases, under the 3 % this asked before.)
    for (const path of ORGANIZATION_READ_PATHS) expect(answered[path] ?? 0, path).toBeGreaterThan(0);
    const handedOver = Object.values(reasons).reduce((sum, n) => sum + n, 0);
    expect(handedOver).toBeGreaterThan(runs * 0.1);
  };
}

for (const info of setups) {
  describe.skipIf(!info.available)(`organization reads equal the engine on ${info.title}`, () => {
    let world: World;
    beforeAll(async () => {
      const { env, prefix } = setupEnv(info.setup);
      world = await buildWorld(info.setup, info.kind, env, prefix);
    }, 120_000);
    afterAll(async () => {
      if (world?.redisPrefix) {
        const redis = rawRedis();
        await clearRedisPrefix(redis, world.redisPrefix);
        redis.disconnect();
      }
      await world?.server.close();
    });

    it("is switched on for every read in this configuration", async () => {
      expect(await world.reads.blocked()).toEqual(Object.fromEntries(ORGANIZATION_READ_PATHS.map((p) => [p, null])));
    });

    it("sees a change made behind its back at once (several instances, the admin CLI)", async () => {
      const ctx = await engineContext(world.server);
      const [ownerId] = world.users as [string];
      const otherId = world.users[5] as string;
      const sqlite = world.server.kind === "sqlite";
      const at = sqlite ? new Date().toISOString() : new Date();
      const yes = sqlite ? 1 : true;
      const no = sqlite ? 0 : false;
      const slug = `watched-${crypto.randomUUID()}`;
      const created = (await ctx.adapter.create({
        model: "organization",
        data: { name: "Watched", slug, createdAt: new Date() },
      })) as { id: string };
      await ctx.adapter.create({
        model: "member",
        data: { organizationId: created.id, userId: ownerId, role: "owner", createdAt: new Date() },
      });
      const owner = `tessera.session_token=${(await createSession(world.server, ownerId)).cookie}`;
      const other = `tessera.session_token=${(await createSession(world.server, otherId)).cookie}`;
      const reads = [
        ["/organization/list-members", `organizationId=${created.id}`],
        ["/organization/list-invitations", `organizationId=${created.id}`],
        ["/organization/list-teams", `organizationId=${created.id}`],
        ["/organization/get-full-organization", `organizationId=${created.id}`],
        ["/organization/get-full-organization", `organizationSlug=${slug}`],
      ] as const;
      /**
       * Each read answered by the fast path and by the engine at this moment, the same; asked again
       * at once, the answer kept (the very object). Gives the fast path's answers, or "engine".
       */
      const fastAndEngine = async (cookie: string, path: string, search: string) => {
        const a = await world.reads.answer(path, search, cookie);
        const url = `${world.server.url}/api/auth${path}?${search}`;
        const engine = await snapshot(
          await world.server.running.auth.handler(new Request(url, { headers: { cookie } })),
        );
        if (a.kind !== "answer") return { engine, fast: "engine" as const };
        expect(unordered({ body: JSON.parse(a.body) }), `${path}?${search}`).toEqual(unordered({ body: engine.body }));
        expect(await world.reads.answer(path, search, cookie), "kept").toBe(a);
        return { engine, fast: JSON.parse(a.body) };
      };
      const all = async () => {
        const out: unknown[] = [];
        for (const [path, search] of reads) {
          const { fast } = await fastAndEngine(owner, path, search);
          if (fast === "engine") throw new Error(`${path}?${search} handed over`);
          out.push(fast);
        }
        return out;
      };
      const db = world.server.running.database.db;
      const changed = async (what: string, write: () => Promise<unknown>) => {
        const before = JSON.stringify(await all());
        await write();
        expect(JSON.stringify(await all()), what).not.toBe(before);
      };
      const otherMember = () =>
        db.updateTable("member").where("userId", "=", otherId).where("organizationId", "=", created.id);
      // Written with plain SQL on the app's connection, past the engine: nothing but the database knows.
      await changed("member added", () =>
        db
          .insertInto("member")
          .values({
            id: crypto.randomUUID(),
            organizationId: created.id,
            userId: otherId,
            role: "member",
            createdAt: at,
          })
          .execute(),
      );
      await changed("member's role", () => otherMember().set({ role: "admin" }).execute());
      await changed("user's name", () =>
        db.updateTable("user").set({ name: "Renamed" }).where("id", "=", otherId).execute(),
      );
      await changed("two-step on", () =>
        db.updateTable("user").set({ twoFactorEnabled: yes }).where("id", "=", otherId).execute(),
      );
      const factor = crypto.randomUUID();
      await changed("a two-step row", () =>
        db
          .insertInto("twoFactor")
          .values({ id: factor, userId: otherId, secret: "s", backupCodes: "[]", verified: yes })
          .execute(),
      );
      await changed("the two-step row gone", () => db.deleteFrom("twoFactor").where("id", "=", factor).execute());
      await changed("two-step off", () =>
        db.updateTable("user").set({ twoFactorEnabled: no }).where("id", "=", otherId).execute(),
      );
      const passkey = crypto.randomUUID();
      await changed("a passkey", () =>
        db
          .insertInto("passkey")
          .values({
            id: passkey,
            userId: otherId,
            name: "key",
            publicKey: "pk",
            credentialID: crypto.randomUUID(),
            counter: 0,
            deviceType: "singleDevice",
            backedUp: no,
            createdAt: at,
          })
          .execute(),
      );
      await changed("the passkey gone", () => db.deleteFrom("passkey").where("id", "=", passkey).execute());
      await changed("organization's name", () =>
        db.updateTable("organization").set({ name: "Watched again" }).where("id", "=", created.id).execute(),
      );
      const invitation = crypto.randomUUID();
      await changed("an invitation", () =>
        db
          .insertInto("invitation")
          .values({
            id: invitation,
            organizationId: created.id,
            email: "invited@example.com",
            role: "member",
            status: "pending",
            expiresAt: at,
            inviterId: ownerId,
            createdAt: at,
          })
          .execute(),
      );
      await changed("its status", () =>
        db.updateTable("invitation").set({ status: "canceled" }).where("id", "=", invitation).execute(),
      );
      const teamId = crypto.randomUUID();
      await changed("a team", () =>
        db
          .insertInto("team")
          .values({ id: teamId, name: "Ops", organizationId: created.id, memberCount: 0, createdAt: at })
          .execute(),
      );
      await changed("its name", () => db.updateTable("team").set({ name: "Dev" }).where("id", "=", teamId).execute());
      await changed("member gone", () =>
        db.deleteFrom("member").where("userId", "=", otherId).where("organizationId", "=", created.id).execute(),
      );
      // A custom role that may list invitations, then may not: the member holding it is answered from
      // the fast path, then (the role's row changed) by the engine, which refuses.
      const invitations = `organizationId=${created.id}`;
      await db
        .insertInto("member")
        .values({
          id: crypto.randomUUID(),
          organizationId: created.id,
          userId: otherId,
          role: "auditor",
          createdAt: at,
        })
        .execute();
      const role = crypto.randomUUID();
      await db
        .insertInto("organizationRole")
        .values({ id: role, organizationId: created.id, role: "auditor", permission: CUSTOM.auditor, createdAt: at })
        .execute();
      const allowed = await fastAndEngine(other, "/organization/list-invitations", invitations);
      expect(allowed.engine.status).toBe(200);
      expect(allowed.fast).not.toBe("engine");
      await db.updateTable("organizationRole").set({ permission: CUSTOM.viewer }).where("id", "=", role).execute();
      const refused = await fastAndEngine(other, "/organization/list-invitations", invitations);
      expect(refused.engine.status).toBe(403);
      expect(refused.fast).toBe("engine");
      await db.deleteFrom("member").where("userId", "=", otherId).where("organizationId", "=", created.id).execute();
      await db.updateTable("user").set({ name: "Sixth" }).where("id", "=", otherId).execute();
    });

    it("pages every organization of a member of 120, where the engine's list stops at 100", async () => {
      const ctx = await engineContext(world.server);
      const user = await ctx.internalAdapter.createUser(
        { email: `${crypto.randomUUID()}@example.com`, name: "Many", emailVerified: true },
        { method: "admin" },
      );
      for (let i = 0; i < 120; i++) {
        const created = (await ctx.adapter.create({
          model: "organization",
          data: { name: `Many ${String(i % 7)}`, slug: `many-${crypto.randomUUID()}`, createdAt: new Date() },
        })) as { id: string };
        await ctx.adapter.create({
          model: "member",
          data: { organizationId: created.id, userId: user.id, role: "member", createdAt: new Date() },
        });
      }
      const session = await createSession(world.server, user.id);
      const cookie = `tessera.session_token=${session.cookie}`;
      const url = `${world.server.url}/api/auth/organization/list`;
      const engine = (await (
        await world.server.running.auth.handler(new Request(url, { headers: { cookie } }))
      ).json()) as Organization[];
      expect(engine).toHaveLength(100);
      await pagesEqualTheList(world, cookie, engine, 7);
      const first = (await (await fetch(`${world.server.url}/api/organizations`, { headers: { cookie } })).json()) as {
        organizations: Organization[];
        total: number;
      };
      expect({ page: first.organizations.length, total: first.total }).toEqual({ page: 50, total: 120 });
      expect(first.organizations.map((o) => o.name)).toEqual(
        first.organizations.map((o) => o.name).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
      );
      for (const bad of ["limit=0", "limit=101", "offset=-1", "limit=1.5", "limit=2&limit=3", "sortBy=name"]) {
        const res = await fetch(`${world.server.url}/api/organizations?${bad}`, { headers: { cookie } });
        expect({ bad, status: res.status, code: ((await res.json()) as { code: string }).code }).toEqual({
          bad,
          status: 400,
          code: "INVALID_QUERY",
        });
      }
      expect((await fetch(`${world.server.url}/api/organizations`)).status).toBe(401);
      // A membership written with plain SQL, past the engine: the next page has it (on SQLite, where a
      // page is given again while nothing is committed, the commit ends that).
      const db = world.server.running.database.db;
      const at = world.server.kind === "sqlite" ? new Date().toISOString() : new Date();
      const id = crypto.randomUUID();
      await db
        .insertInto("organization")
        .values({ id, name: "Aaa behind", slug: `behind-${id}`, createdAt: at })
        .execute();
      await db
        .insertInto("member")
        .values({ id: crypto.randomUUID(), organizationId: id, userId: user.id, role: "member", createdAt: at })
        .execute();
      const after = (await (await fetch(`${world.server.url}/api/organizations`, { headers: { cookie } })).json()) as {
        organizations: Organization[];
        total: number;
      };
      expect({ total: after.total, first: after.organizations[0]?.name }).toEqual({ total: 121, first: "Aaa behind" });
    });

    it("leaves HEAD, escaped and trailing-slash paths to the engine", async () => {
      const ctx = await engineContext(world.server);
      const ownerId = world.users[0] as string;
      const created = (await ctx.adapter.create({
        model: "organization",
        data: { name: "Spelled", slug: `spelled-${crypto.randomUUID()}`, createdAt: new Date() },
      })) as { id: string };
      await ctx.adapter.create({
        model: "member",
        data: { organizationId: created.id, userId: ownerId, role: "owner", createdAt: new Date() },
      });
      const session = await createSession(world.server, ownerId);
      const cookie = `tessera.session_token=${session.cookie}`;
      const cases: [string, string][] = [
        ["HEAD", `/organization/list-members?organizationId=${created.id}`],
        ["GET", `/organization/list%2Dmembers?organizationId=${created.id}`],
        ["GET", `/organization/list-teams/?organizationId=${created.id}`],
        ["GET", "/organization/%6Cist"],
      ];
      for (const [method, path] of cases) {
        const url = `${world.server.url}/api/auth${path}`;
        const engine = await world.server.running.auth.handler(new Request(url, { method, headers: { cookie } }));
        const http = await fetch(url, { method, headers: { cookie } });
        // A HEAD answer carries no body over HTTP.
        const body = async (res: Response) => (method === "HEAD" ? "" : await res.text());
        expect({ status: http.status, body: await body(http) }, `${method} ${path}`).toEqual({
          status: engine.status,
          body: await body(engine),
        });
      }
    });

    it(
      `answers ${RUNS[info.setup]} generated requests exactly as the engine, or hands them over`,
      differential(() => world, RUNS[info.setup] as number),
      600_000,
    );
  });
}
