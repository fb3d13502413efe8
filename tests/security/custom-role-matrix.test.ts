import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organizationAc } from "../../src/shared/permissions.js";
import type { Reply, TestClient } from "../helpers/client.js";
import { databaseKinds } from "../helpers/databases.js";
import { sessionClient } from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { type Call, org, organizationCalls, type Refusal, type Request, SPARE_ROLE } from "./access-calls.js";
import { buildWorld, type Cast, createCast, snapshot, type World } from "./access-fixtures.js";
import { mapLimit, outcome, recordCount, uid } from "./support.js";

// SPEC §6 "Custom roles can be added" as a generated matrix: for every resource:action of the
// organization statements (src/shared/permissions.ts), a custom role holding only that one, given to a
// member; every organization call the member can make (access-calls.ts: the engine's calls, the role
// calls, the permissions route) is allowed exactly when it needs that permission (or only membership) and refused otherwise
// with the engine's status and message, changing nothing. A role holding nothing is the control row.

// A member's calls: what is about the organization or one's own account. Invitation recipients' calls
// are the invitee's, not a member's. A role change gives the spare role (which holds nothing), so it
// stays within any caller's permissions (giving more is tests/integration/organization-custom-roles).
const calls: Call[] = [
  ...organizationCalls
    .filter((c) => c.rule.kind !== "recipient")
    .map((c) =>
      c.name === "POST /organization/update-member-role"
        ? {
            ...c,
            request: (w: World, cast: Cast, v: Parameters<Call["request"]>[2]) => {
              const r = c.request(w, cast, v);
              return { ...r, body: { ...r.body, role: SPARE_ROLE } };
            },
          }
        : c,
    ),
];

type Cell = { name: string; permission: Record<string, string[]> };
const CELLS: Cell[] = [
  ...Object.entries(organizationAc.statements).flatMap(([resource, actions]) =>
    (actions as readonly string[]).map((action) => ({
      name: `${resource}:${action}`,
      permission: { [resource]: [action] },
    })),
  ),
  { name: "(nothing)", permission: {} },
];

function expected(call: Call, cell: Cell): "allowed" | Refusal {
  const lacking = call.lacking ?? { status: 0, message: "(no lacking refusal declared)" };
  const holds = (resource: string, action: string) => cell.permission[resource]?.includes(action) ?? false;
  const rule = call.rule;
  switch (rule.kind) {
    case "signed-in":
    case "member":
      return "allowed";
    case "org-permission":
      return holds(rule.resource, rule.action) ? "allowed" : lacking;
    case "audit":
      return holds("audit", "read") ? "allowed" : lacking;
    case "org-permissions":
      return Object.entries(rule.statements).every(([resource, actions]) => actions.every((a) => holds(resource, a)))
        ? "allowed"
        : lacking;
    case "org-roles":
      // Named roles only (single sign-on settings): a custom role never is one, whatever it holds.
      return lacking;
    default:
      return { status: 0, message: `(rule ${rule.kind} is not a member's)` };
  }
}

const show = (v: "allowed" | Refusal) => (v === "allowed" ? "200" : `${v.status} ${v.message}`);

function send(client: TestClient, r: Request) {
  return r.method === "GET" ? client.get(r.path, r.query) : client.post(r.path, r.body ?? {});
}

describe.each(databaseKinds)("custom role × call matrix (SPEC §6) on %s", (kind) => {
  let server: TestServer;
  let cast: Cast;
  beforeAll(async () => {
    server = await startTestServer(kind);
    cast = await createCast(server, "c");
  });
  afterAll(() => server?.close());

  /** An organization where the cast's member holds only the cell's custom role. */
  async function worldFor(cell: Cell): Promise<World> {
    const world = await buildWorld(server, cast, "cr");
    const owner = cast.ownerClient;
    const role = `only-${uid()
      .toLowerCase()
      .replace(/[^a-z0-9]/g, "")}`.slice(0, 32);
    const res = await owner.post(org("create-role"), { organizationId: world.id, role, permission: cell.permission });
    if (res.status !== 200) throw new Error(`create-role ${role}: ${res.status} ${res.text}`);
    const set = await owner.post(org("update-member-role"), {
      organizationId: world.id,
      memberId: world.memberIds.member,
      role,
    });
    if (set.status !== 200) throw new Error(`update-member-role: ${set.status} ${set.text}`);
    return world;
  }

  async function rolesOf(organizationId: string) {
    const { db } = server.running.database;
    const rows = await db
      .selectFrom("organizationRole")
      .select(["role", "permission"])
      .where("organizationId", "=", organizationId)
      .orderBy("role")
      .execute();
    return JSON.stringify(rows);
  }

  async function attempt(call: Call, world: World): Promise<Reply> {
    const { client } = await sessionClient(server, cast.member.id, { activeOrganizationId: world.id });
    return send(client, call.request(world, cast, { id: "", email: "", sessionToken: "" }));
  }

  it("a custom role holding one permission is allowed exactly the calls needing it", async () => {
    const mismatches: string[] = [];
    let checked = 0;
    // Each cell has worlds of its own, so cells run side by side (the calls of one cell stay in order).
    await mapLimit(CELLS, 3, async (cell) => {
      const shared = await worldFor(cell);
      for (const call of calls) {
        const want = expected(call, cell);
        let world = shared;
        let before: string | undefined;
        if (want === "allowed" && call.mutates) world = await worldFor(cell);
        else if (want !== "allowed") before = (await snapshot(server, world.id)) + (await rolesOf(world.id));
        const res = await attempt(call, world);
        checked += 1;
        if (outcome(res) !== show(want))
          mismatches.push(`${call.name} with ${cell.name}: expected ${show(want)}, got ${outcome(res)}`);
        if (before !== undefined && before !== (await snapshot(server, world.id)) + (await rolesOf(world.id)))
          mismatches.push(`${call.name} with ${cell.name}: refused, yet the organization changed`);
      }
    });
    recordCount("access: custom roles × calls", checked, kind);
    expect(mismatches).toEqual([]);
    expect(checked).toBe(CELLS.length * calls.length);
  }, 600_000);
});
