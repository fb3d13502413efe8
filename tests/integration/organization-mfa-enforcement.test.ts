import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "../helpers/client.js";
import { databaseKinds } from "../helpers/databases.js";
import { enableTotp } from "../helpers/mfa.js";
import { type Person, sessionClient, signUpPerson } from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { organizationCalls, type Request } from "../security/access-calls.js";
import { buildWorld, type Cast, type World } from "../security/access-fixtures.js";

// docs/mfa.md "Organization policy": every organization call the engine's router answers, made by
// an owner (or the invitee) of an organization that requires two-step verification, once without
// two-step and once with it. Without, every call about the organization answers 403 MFA_REQUIRED;
// leaving it, listing one's organizations and one's invitations answer as they do with two-step.

const MFA_REQUIRED = "403 MFA_REQUIRED";
/** Calls that stay open to a member held back by the policy (src/server/auth/organization-mfa-policy.ts). */
const OPEN = new Set([
  "/organization/create",
  "/organization/check-slug",
  "/organization/list",
  "/organization/leave",
  "/organization/list-user-invitations",
  "/organization/get-invitation",
  "/organization/reject-invitation",
]);

type State = "without two-step" | "with two-step";
interface Row {
  name: string;
  mutates: boolean;
  /** The invitee acts (the call is about their own invitation); otherwise the owner. */
  invitee: boolean;
  open: boolean;
  request(w: World): Request;
}

const send = (client: TestClient, r: Request) =>
  r.method === "GET" ? client.get(r.path, r.query) : client.post(r.path, r.body ?? {});
const outcome = (res: { status: number; body?: any }) =>
  res.status === 200 ? "200" : `${res.status} ${res.body?.code ?? res.body?.message ?? ""}`;

/** The engine's organization endpoints as its router lists them, each with its request from the access matrix. */
function engineRows(server: TestServer): Row[] {
  type Endpoint = { path?: string; options?: { method?: string | string[] } };
  const paths = Object.values(server.running.auth.api as Record<string, Endpoint>)
    .map((e) => e.path)
    .filter((p): p is string => typeof p === "string" && p.startsWith("/organization/"));
  const rows: Row[] = [];
  for (const path of [...new Set(paths)].sort()) {
    const call = organizationCalls.find((c) => c.name.endsWith(` ${path}`));
    // A server-only endpoint (no HTTP route) has no request here; any other missing one fails.
    if (!call) {
      rows.push({
        name: `(no request written for ${path})`,
        mutates: false,
        invitee: false,
        open: false,
        request: () => ({ method: "GET", path: "/api/auth/ok" }),
      });
      continue;
    }
    rows.push({
      name: call.name,
      mutates: call.mutates,
      invitee: call.rule.kind === "recipient",
      open: OPEN.has(path),
      request: (w) => call.request(w, {} as Cast, { id: "", email: "", sessionToken: "" }),
    });
  }
  return rows;
}

/** Calls that name no organization (the session's active one counts), and Tessera's own routes. */
const extraRows: Row[] = [
  {
    name: "GET /organization/list-members (active organization)",
    mutates: false,
    invitee: false,
    open: false,
    request: () => ({ method: "GET", path: "/api/auth/organization/list-members" }),
  },
  {
    name: "POST /organization/set-active (slug)",
    mutates: false,
    invitee: false,
    open: false,
    request: (w) => ({ method: "POST", path: "/api/auth/organization/set-active", body: { organizationSlug: w.slug } }),
  },
  {
    name: "GET /organization/get-full-organization (slug)",
    mutates: false,
    invitee: false,
    open: false,
    request: (w) => ({
      method: "GET",
      path: "/api/auth/organization/get-full-organization",
      query: { organizationSlug: w.slug },
    }),
  },
  {
    name: "GET /api/organizations/:id/team-members",
    mutates: false,
    invitee: false,
    open: false,
    request: (w) => ({ method: "GET", path: `/api/organizations/${w.id}/team-members` }),
  },
  {
    name: "GET /api/audit?organizationId",
    mutates: false,
    invitee: false,
    open: false,
    request: (w) => ({ method: "GET", path: "/api/audit", query: { organizationId: w.id } }),
  },
  {
    name: "GET /api/organizations/:id/permissions",
    mutates: false,
    invitee: false,
    open: false,
    request: (w) => ({ method: "GET", path: `/api/organizations/${w.id}/permissions` }),
  },
];

describe.each(databaseKinds)("the organization two-step policy, call by call, on %s", (kind) => {
  let server: TestServer;
  const people = {} as Record<State, { owner: Person; invitee: Person }>;
  beforeAll(async () => {
    server = await startTestServer(kind);
    const [plainOwner, plainInvitee, mfaOwner, mfaInvitee] = await Promise.all(
      ["plain-owner", "plain-invitee", "mfa-owner", "mfa-invitee"].map((t) => signUpPerson(server, `enf-${t}`)),
    );
    await enableTotp((mfaOwner as Person).client);
    await enableTotp((mfaInvitee as Person).client);
    people["without two-step"] = { owner: plainOwner as Person, invitee: plainInvitee as Person };
    people["with two-step"] = { owner: mfaOwner as Person, invitee: mfaInvitee as Person };
  }, 120_000);
  afterAll(() => server?.close());

  /** An organization that requires two-step, owned by `owner`, with the rows the calls need. */
  async function world(owner: Person, invitee: Person): Promise<World> {
    const ownerClient = (await sessionClient(server, owner.user.id)).client;
    const roster = { owner: owner.user, ownerClient, invitee: invitee.user };
    return buildWorld(server, roster, "enf", { requireMfa: true });
  }

  async function answers(state: State, rows: Row[]) {
    const { owner, invitee } = people[state];
    const shared = await world(owner, invitee);
    const out: string[] = [];
    for (const row of rows) {
      const w = row.mutates ? await world(owner, invitee) : shared;
      const actor = row.invitee ? invitee : owner;
      // A session of its own, with the organization active, as the web app leaves it.
      const { client } = await sessionClient(server, actor.user.id, row.invitee ? {} : { activeOrganizationId: w.id });
      out.push(`${row.name}: ${outcome(await send(client, row.request(w)))}`);
    }
    return out;
  }

  it("answers MFA_REQUIRED to every call about the organization without two-step, and as usual with it", async () => {
    const rows = [...engineRows(server), ...extraRows];
    expect(rows.filter((r) => r.name.startsWith("(no request")).map((r) => r.name)).toEqual([]);
    expect(rows.length).toBeGreaterThan(25);
    const without = await answers("without two-step", rows);
    const withIt = await answers("with two-step", rows);
    // With two-step, an owner (or the invitee) may make every call: each answers as it does without a policy.
    const usual = withIt.map((line) => line.replace(/^(.*): .*$/, "$1"));
    expect(withIt.filter((line) => !line.endsWith(": 200"))).toEqual([
      "POST /organization/leave: 400 YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER",
    ]);
    const expected = rows.map((row, i) => `${usual[i]}: ${row.open ? withIt[i]?.split(": ").pop() : MFA_REQUIRED}`);
    expect(without).toEqual(expected);
  }, 600_000);
});
