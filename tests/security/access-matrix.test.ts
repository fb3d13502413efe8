// Long, one subject: the access matrix (docs/security.md), both halves using one set of rules.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organizationRoles, siteRoles } from "../../src/shared/permissions.js";
import type { Reply, TestClient } from "../helpers/client.js";
import { databaseKinds } from "../helpers/databases.js";
import { makeUser, sessionClient } from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { adminCalls } from "./access-admin-calls.js";
import { type Call, organizationCalls, type Refusal, type Request, type Victim } from "./access-calls.js";
import { crossCalls } from "./access-cross-calls.js";
import {
  type Actor,
  actorFor,
  buildWorld,
  type Cast,
  createCast,
  RELATIONSHIPS,
  type Relationship,
  type Roles,
  rolesOf,
  snapshot,
  type World,
} from "./access-fixtures.js";
import { mapLimit, outcome, recordCount, uid } from "./support.js";

// SPEC §6 as a generated matrix: every organization, team, invitation and admin call × every
// relationship to the organization. The expectation of each cell is computed from the role data
// in src/shared/permissions.ts and the call's rule; the server must allow exactly those cells and
// refuse the others with the engine's status and message, changing nothing.

type Statements = Record<string, readonly string[] | undefined>;
const holds = (statements: Statements | undefined, resource: string, action: string) =>
  statements?.[resource]?.includes(action) ?? false;
const orgStatements = (a: Pick<Actor, "orgRole">) =>
  a.orgRole ? (organizationRoles[a.orgRole].statements as Statements) : undefined;
const siteStatements = (a: Pick<Actor, "siteRole">) =>
  a.siteRole ? (siteRoles[a.siteRole].statements as Statements) : undefined;

const UNAUTHORIZED: Refusal = { status: 401, message: "Unauthorized" };

/** "allowed", or the refusal the caller must get. */
function expected(call: Call, actor: Roles): "allowed" | Refusal {
  if (actor.signedOut) return call.anonymous ?? UNAUTHORIZED;
  const outsider = call.outsider ?? { status: 0, message: "(no outsider refusal declared)" };
  const lacking = call.lacking ?? { status: 0, message: "(no lacking refusal declared)" };
  const rule = call.rule;
  let verdict: "allowed" | Refusal;
  switch (rule.kind) {
    case "signed-in":
      verdict = "allowed";
      break;
    case "member":
      verdict = actor.orgRole ? "allowed" : outsider;
      break;
    case "org-permission":
      verdict = !actor.orgRole
        ? outsider
        : holds(orgStatements(actor), rule.resource, rule.action)
          ? "allowed"
          : lacking;
      break;
    case "org-permissions":
      verdict = !actor.orgRole
        ? outsider
        : Object.entries(rule.statements).every(([resource, actions]) =>
              actions.every((action) => holds(orgStatements(actor), resource, action)),
            )
          ? "allowed"
          : lacking;
      break;
    case "org-roles":
      verdict = !actor.orgRole ? outsider : rule.roles.includes(actor.orgRole) ? "allowed" : lacking;
      break;
    case "recipient":
      verdict = actor.relationship === "invitee" ? "allowed" : outsider;
      break;
    case "site-permission":
      verdict = holds(siteStatements(actor), rule.resource, rule.action) ? "allowed" : lacking;
      break;
    case "impersonating":
      verdict = actor.relationship === "impersonating admin" ? "allowed" : outsider;
      break;
    case "audit": {
      const site = holds(siteStatements(actor), "audit", "list");
      const org = rule.scope === "organization" && holds(orgStatements(actor), "audit", "read");
      verdict = site || org ? "allowed" : actor.orgRole ? lacking : outsider;
      break;
    }
  }
  return verdict === "allowed" ? (call.special?.(actor) ?? "allowed") : verdict;
}

function send(client: TestClient, r: Request) {
  return r.method === "GET" ? client.get(r.path, r.query) : client.post(r.path, r.body ?? {});
}

/** Worlds built ahead, a few at a time, in the order they will be taken. */
function worldPool(build: () => Promise<World>, count: number, lanes = 3) {
  const queue: Promise<World>[] = [];
  const tails: Promise<unknown>[] = Array.from({ length: lanes }, () => Promise.resolve());
  for (let i = 0; i < count; i++) {
    const next = (tails[i % lanes] as Promise<unknown>).then(build);
    tails[i % lanes] = next.catch(() => undefined);
    queue.push(next);
  }
  return { take: () => queue.shift() ?? build() };
}

const show = (v: "allowed" | Refusal) => (v === "allowed" ? "200" : `${v.status} ${v.message}`);

describe.each(databaseKinds)("access matrix (SPEC §6) on %s", (kind) => {
  let server: TestServer;
  let cast: Cast;
  beforeAll(async () => {
    server = await startTestServer(kind);
    cast = await createCast(server, "m");
  });
  afterAll(() => server?.close());

  const NO_VICTIM: Victim = { id: "", email: "", sessionToken: "" };
  async function victim(): Promise<Victim> {
    const user = await makeUser(server, `victim-${uid()}@example.com`);
    const { token } = await sessionClient(server, user.id);
    return { id: user.id, email: user.email, sessionToken: token };
  }

  /** Sends `call` as each actor at once; one snapshot of the organization around them all. */
  async function attempt(call: Call, world: World, relationships: readonly Relationship[], victims: boolean) {
    const actors = await Promise.all(relationships.map((r) => actorFor(server, cast, world, r)));
    const requests = await Promise.all(
      actors.map(async () => call.request(world, cast, victims ? await victim() : NO_VICTIM)),
    );
    const replies = await Promise.all(actors.map((a, i) => send(a.client, requests[i] as Request)));
    return actors.map((actor, i) => ({ actor, res: replies[i] as Reply }));
  }

  /** Runs every relationship against `calls`; returns the mismatches, empty when the server is right. */
  async function runMatrix(calls: Call[], { victims = false } = {}) {
    const mismatches: string[] = [];
    let checked = 0;
    const check = (call: Call, actor: Actor, res: Reply) => {
      checked += 1;
      const want = show(expected(call, actor));
      if (outcome(res) !== want)
        mismatches.push(`${call.name} as ${actor.relationship}: expected ${want}, got ${outcome(res)}`);
    };
    // One shared organization, except for allowed calls that would change other cells' answers.
    const shared = await buildWorld(server, cast);
    const allowedOf = (call: Call) => RELATIONSHIPS.filter((r) => expected(call, rolesOf(r)) === "allowed");
    const needed = calls.filter((c) => c.mutates).reduce((n, c) => n + allowedOf(c).length, 0);
    const pool = worldPool(() => buildWorld(server, cast), needed);
    for (const call of calls) {
      const allowed = allowedOf(call);
      const refused = RELATIONSHIPS.filter((r) => !allowed.includes(r));
      // Refusals first, together, on the shared organization: it must come out of them as it went in.
      const world = shared;
      const before = await snapshot(server, world.id);
      for (const { actor, res } of await attempt(call, world, refused, victims)) check(call, actor, res);
      if ((await snapshot(server, world.id)) !== before)
        mismatches.push(`${call.name}: refused, yet the organization changed`);
      if (call.mutates) {
        for (const relationship of allowed) {
          for (const { actor, res } of await attempt(call, await pool.take(), [relationship], victims))
            check(call, actor, res);
        }
      } else {
        for (const { actor, res } of await attempt(call, world, allowed, victims)) check(call, actor, res);
      }
    }
    return { mismatches, checked };
  }

  it("organization, team and invitation calls: allowed exactly where the role data allows", async () => {
    const { mismatches, checked } = await runMatrix(organizationCalls);
    recordCount("access: calls × relationships", checked, kind);
    expect(mismatches).toEqual([]);
    expect(checked).toBe(organizationCalls.length * RELATIONSHIPS.length);
  }, 180_000);

  it("admin calls and the audit log: allowed exactly where the site role data allows", async () => {
    const { mismatches, checked } = await runMatrix(adminCalls, { victims: true });
    recordCount("access: calls × relationships", checked, kind);
    expect(mismatches).toEqual([]);
  }, 120_000);

  it("owners, admins and members of A never reach B's members, invitations or teams by id", async () => {
    const castB = await createCast(server, "b");
    const [a, b] = await Promise.all([buildWorld(server, cast, "a"), buildWorld(server, castB, "b")]);
    const mismatches: string[] = [];
    let checked = 0;
    for (const call of crossCalls) {
      const [beforeA, beforeB] = [await snapshot(server, a.id), await snapshot(server, b.id)];
      const roles = ["owner", "admin", "member"] as const;
      const replies = await Promise.all(
        roles.map(async (relationship) => {
          const actor = await actorFor(server, cast, a, relationship);
          return { actor, res: await send(actor.client, call.request(a, b)) };
        }),
      );
      for (const { actor, res } of replies) {
        const rule = call.rule;
        const lacks = rule.kind === "org-permission" && !holds(orgStatements(actor), rule.resource, rule.action);
        const want = show(lacks && call.lacking ? call.lacking : call.crossed);
        checked += 1;
        if (outcome(res) !== want) {
          mismatches.push(`${call.name} as ${actor.relationship} of A: expected ${want}, got ${outcome(res)}`);
        }
      }
      if ((await snapshot(server, b.id)) !== beforeB) mismatches.push(`${call.name}: B changed`);
      if ((await snapshot(server, a.id)) !== beforeA) mismatches.push(`${call.name}: A changed`);
    }
    recordCount("access: cross-organization calls × roles", checked, kind);
    expect(mismatches).toEqual([]);
  }, 120_000);

  it("list filters cannot widen a member's view to another organization's rows", async () => {
    const castB = await createCast(server, "f");
    const [a, b] = await Promise.all([buildWorld(server, cast, "fa"), buildWorld(server, castB, "fb")]);
    const { client } = await actorFor(server, cast, a, "member");
    const res = await client.get("/api/auth/organization/list-members", {
      organizationId: a.id,
      filterField: "organizationId",
      filterValue: b.id,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ members: [], total: 0 });
    const slug = await client.get("/api/auth/organization/list-members", { organizationSlug: b.slug });
    expect(outcome(slug)).toBe("403 You are not a member of this organization");
  });
});

// Admin calls on admins (src/server/auth/admin-rules.ts): every call that names a user × who acts
// (an ADMIN_USER_IDS admin, an `admin`-role admin, a plain user) × who the user is (the same three
// kinds). A role admin holds every user action of SPEC §6, but on another admin only an
// ADMIN_USER_IDS admin may use them. Refused cells leave the target's user, accounts and sessions as they were.
const KINDS = ["listed admin", "role admin", "user"] as const;
type Kind = (typeof KINDS)[number];
const LISTED_ACTOR = "matrixlistedactor000000000000000";
const LISTED_TARGETS = Array.from({ length: 48 }, (_, i) => `matrixlistedtarget${String(i).padStart(14, "0")}`);

function expectedOnTarget(call: Call, actor: Kind, target: Kind): "allowed" | Refusal {
  const lacking = call.lacking ?? { status: 0, message: "(no lacking refusal declared)" };
  if (actor === "user") return lacking;
  if (actor === "listed admin") return "allowed";
  const rule = call.rule;
  if (rule.kind !== "site-permission" || !holds(siteStatements({ siteRole: "admin" }), rule.resource, rule.action))
    return lacking;
  return target === "user" ? "allowed" : (call.onAdmin ?? lacking);
}

describe.each(databaseKinds)("admin calls on admins × actor kinds on %s", (kind) => {
  let server: TestServer;
  let spare = 0;
  beforeAll(async () => {
    server = await startTestServer(kind, { env: { ADMIN_USER_IDS: [LISTED_ACTOR, ...LISTED_TARGETS].join(",") } });
    await listedUser(LISTED_ACTOR);
  });
  afterAll(() => server?.close());

  async function listedUser(id: string) {
    const ctx = await server.running.auth.$context;
    const now = new Date();
    const email = `listed-${uid()}@example.com`;
    await ctx.adapter.create({
      model: "user",
      data: { id, email, name: "Listed", emailVerified: true, createdAt: now, updatedAt: now },
      forceAllowId: true,
    });
    return { id, email };
  }

  async function person(k: Kind, actor: boolean) {
    if (k === "listed admin") {
      if (actor) return { id: LISTED_ACTOR, email: "" };
      const id = LISTED_TARGETS[spare++];
      if (!id) throw new Error("ran out of ADMIN_USER_IDS targets");
      return listedUser(id);
    }
    return makeUser(
      server,
      `${actor ? "actor" : "target"}-${uid()}@example.com`,
      k === "role admin" ? { role: "admin" } : {},
    );
  }

  async function rowsOf(userId: string) {
    const { db } = server.running.database;
    return JSON.stringify({
      user: await db.selectFrom("user").selectAll().where("id", "=", userId).execute(),
      accounts: await db.selectFrom("account").selectAll().where("userId", "=", userId).orderBy("id").execute(),
      sessions: await db.selectFrom("session").selectAll().where("userId", "=", userId).orderBy("id").execute(),
    });
  }

  it("only an ADMIN_USER_IDS admin acts on another admin; refusals change nothing", async () => {
    const calls = adminCalls.filter((c) => c.onAdmin);
    const cells = calls.flatMap((call) => KINDS.flatMap((actor) => KINDS.map((target) => ({ call, actor, target }))));
    const mismatches: string[] = [];
    await mapLimit(cells, 6, async ({ call, actor, target }) => {
      const [a, t] = await Promise.all([person(actor, true), person(target, false)]);
      const victim: Victim = { id: t.id, email: t.email, sessionToken: (await sessionClient(server, t.id)).token };
      const { client } = await sessionClient(server, a.id);
      const before = await rowsOf(t.id);
      const res = await send(client, call.request({} as World, {} as Cast, victim));
      const want = expectedOnTarget(call, actor, target);
      const cell = `${call.name} by ${actor} on ${target}`;
      if (outcome(res) !== show(want)) mismatches.push(`${cell}: expected ${show(want)}, got ${outcome(res)}`);
      if (want !== "allowed" && (await rowsOf(t.id)) !== before)
        mismatches.push(`${cell}: refused, yet the target changed`);
      if (want !== "allowed" && res.body?.code === undefined) mismatches.push(`${cell}: refusal without a code`);
    });
    recordCount("admin: calls on admins × actor kinds", cells.length, kind);
    expect(mismatches).toEqual([]);
    expect(cells.length).toBe(calls.length * KINDS.length * KINDS.length);
  }, 120_000);
});
