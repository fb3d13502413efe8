import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD } from "../helpers/auth-flows.js";
import { countRows, tally } from "../helpers/counts.js";
import { databaseKinds } from "../helpers/databases.js";
import { makeUser, organizationOwnedBy, sessionClient } from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { recordCount, uid } from "../security/support.js";

// Races a user can start with a double click or a script: the database must end as if the
// requests had come one at a time, and every loser must hear a 4xx, never a 500.

const TEAM_LIMIT = 5;

describe.each(databaseKinds)("concurrent writes on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { env: { TEAM_MEMBER_LIMIT: String(TEAM_LIMIT) } });
  });
  afterAll(() => server?.close());

  const organizationOf = async (ownerId: string) => (await organizationOwnedBy(server, ownerId, "race")).id;

  it("50 parallel accepts of one invitation make exactly one member", async () => {
    const owner = await makeUser(server, `acc-owner-${uid()}@example.com`);
    const invitee = await makeUser(server, `acc-invitee-${uid()}@example.com`);
    const organizationId = await organizationOf(owner.id);
    const { client: ownerClient } = await sessionClient(server, owner.id);
    const invitation = await ownerClient.post("/api/auth/organization/invite-member", {
      organizationId,
      email: invitee.email,
      role: "member",
    });
    expect(invitation.status, invitation.text).toBe(200);
    const { client } = await sessionClient(server, invitee.id);
    const replies = await Promise.all(
      Array.from({ length: 50 }, () =>
        client.post("/api/auth/organization/accept-invitation", { invitationId: invitation.body.id }),
      ),
    );
    const outcome = tally(replies);
    expect(outcome["200"]).toBe(1);
    expect(replies.every((r) => r.status < 500)).toBe(true);
    const members = await server.running.database.db
      .selectFrom("member")
      .selectAll()
      .where("organizationId", "=", organizationId)
      .where("userId", "=", invitee.id)
      .execute();
    expect(members).toHaveLength(1);
    recordCount("concurrency: racing requests", 50, kind);
  });

  async function invite(ownerId: string, organizationId: string, email: string) {
    const { client } = await sessionClient(server, ownerId);
    const res = await client.post("/api/auth/organization/invite-member", { organizationId, email, role: "member" });
    expect(res.status, res.text).toBe(200);
    return res.body.id as string;
  }

  async function statusOf(invitationId: string) {
    const row = await server.running.database.db
      .selectFrom("invitation")
      .select("status")
      .where("id", "=", invitationId)
      .executeTakeFirstOrThrow();
    return row.status as string;
  }

  // Accepting runs in one transaction (src/server/auth/atomic-endpoints.ts); a refusal from
  // inside it must keep its own answer and leave the invitation pending, on PostgreSQL too.
  it("an accept refused inside its transaction (already a member) answers 400 and stays pending", async () => {
    const owner = await makeUser(server, `twice-owner-${uid()}@example.com`);
    const invitee = await makeUser(server, `twice-invitee-${uid()}@example.com`);
    const organizationId = await organizationOf(owner.id);
    const invitationId = await invite(owner.id, organizationId, invitee.email);
    await server.running.auth.api.addMember({ body: { userId: invitee.id, organizationId, role: "member" } });
    const { client } = await sessionClient(server, invitee.id);
    const res = await client.post("/api/auth/organization/accept-invitation", { invitationId });
    expect({ status: res.status, code: res.body?.code, message: res.body?.message }).toEqual({
      status: 400,
      code: "USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION",
      message: "User is already a member of this organization",
    });
    expect(await statusOf(invitationId)).toBe("pending");
    expect(await countRows(server, "member", "organizationId", organizationId)).toBe(2);
  });

  it("10 parallel accepts into an organization two seats short of its limit: 2 join, 8 hear 403", async () => {
    const owner = await makeUser(server, `seats-owner-${uid()}@example.com`);
    const organizationId = await organizationOf(owner.id);
    const filler = await Promise.all(Array.from({ length: 97 }, () => makeUser(server, `seats-${uid()}@example.com`)));
    await Promise.all(
      filler.map((p) => server.running.auth.api.addMember({ body: { userId: p.id, organizationId, role: "member" } })),
    );
    const invitees = await Promise.all(
      Array.from({ length: 10 }, () => makeUser(server, `seats-guest-${uid()}@example.com`)),
    );
    const invitations: string[] = [];
    for (const p of invitees) invitations.push(await invite(owner.id, organizationId, p.email));
    const clients = await Promise.all(invitees.map((p) => sessionClient(server, p.id)));
    const replies = await Promise.all(
      clients.map(({ client }, i) =>
        client.post("/api/auth/organization/accept-invitation", { invitationId: invitations[i] }),
      ),
    );
    expect(tally(replies)).toEqual({
      "200": 2,
      "403 ORGANIZATION_MEMBERSHIP_LIMIT_REACHED Organization membership limit reached": 8,
    });
    expect(await countRows(server, "member", "organizationId", organizationId)).toBe(100);
    const statuses = await Promise.all(invitations.map(statusOf));
    expect(statuses.filter((s) => s === "accepted")).toHaveLength(2);
    expect(statuses.filter((s) => s === "pending")).toHaveLength(8);
    recordCount("concurrency: racing requests", 10, kind);
  }, 60_000);

  it("parallel creates of one slug make one organization; the others hear 4xx", async () => {
    const slug = `same-${uid()}`;
    const users = await Promise.all(Array.from({ length: 20 }, () => makeUser(server, `slug-${uid()}@example.com`)));
    const clients = await Promise.all(users.map((u) => sessionClient(server, u.id)));
    const replies = await Promise.all(
      clients.map(({ client }) => client.post("/api/auth/organization/create", { name: "Same", slug })),
    );
    const outcome = tally(replies);
    expect(outcome["200"]).toBe(1);
    expect(replies.filter((r) => r.status !== 200).every((r) => r.status >= 400 && r.status < 500)).toBe(true);
    expect(await countRows(server, "organization", "slug", slug)).toBe(1);
    // No loser is left owning half an organization.
    const winner = replies.find((r) => r.status === 200)?.body.id as string;
    const owners = await server.running.database.db
      .selectFrom("member")
      .select("userId")
      .where("organizationId", "=", winner)
      .execute();
    expect(owners).toHaveLength(1);
    recordCount("concurrency: racing requests", 20, kind);
  });

  it("150 parallel additions to an organization with a limit of 100 stop at 100 members", async () => {
    const owner = await makeUser(server, `limit-owner-${uid()}@example.com`);
    const organizationId = await organizationOf(owner.id);
    const people = await Promise.all(Array.from({ length: 150 }, () => makeUser(server, `limit-${uid()}@example.com`)));
    const results = await Promise.allSettled(
      people.map((p) => server.running.auth.api.addMember({ body: { userId: p.id, organizationId, role: "member" } })),
    );
    const refused = results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason);
    expect(await countRows(server, "member", "organizationId", organizationId)).toBe(100);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(99);
    for (const reason of refused) {
      expect({ status: reason?.statusCode, message: reason?.body?.message }).toEqual({
        status: 403,
        message: "Organization membership limit reached",
      });
    }
    recordCount("concurrency: racing requests", 150, kind);
  }, 60_000);

  it(`parallel team additions against TEAM_MEMBER_LIMIT=${TEAM_LIMIT} never overshoot`, async () => {
    const owner = await makeUser(server, `team-owner-${uid()}@example.com`);
    const organizationId = await organizationOf(owner.id);
    const team = (await server.running.auth.api.createTeam({ body: { name: "Crowded", organizationId } })) as {
      id: string;
    };
    const people = await Promise.all(Array.from({ length: 30 }, () => makeUser(server, `team-${uid()}@example.com`)));
    for (const p of people)
      await server.running.auth.api.addMember({ body: { userId: p.id, organizationId, role: "member" } });
    const { client } = await sessionClient(server, owner.id);
    const replies = await Promise.all(
      people.map((p) =>
        client.post("/api/auth/organization/add-team-member", { organizationId, teamId: team.id, userId: p.id }),
      ),
    );
    const outcome = tally(replies);
    expect(outcome).toEqual({
      "200": TEAM_LIMIT,
      "403 TEAM_MEMBER_LIMIT_REACHED Team member limit reached": 30 - TEAM_LIMIT,
    });
    expect(await countRows(server, "teamMember", "teamId", team.id)).toBe(TEAM_LIMIT);

    // The other door onto a team: members added with a teamId, in parallel.
    const second = (await server.running.auth.api.createTeam({ body: { name: "Second", organizationId } })) as {
      id: string;
    };
    const newcomers = await Promise.all(
      Array.from({ length: 20 }, () => makeUser(server, `team2-${uid()}@example.com`)),
    );
    await Promise.allSettled(
      newcomers.map((p) =>
        server.running.auth.api.addMember({
          body: { userId: p.id, organizationId, role: "member", teamId: second.id },
        }),
      ),
    );
    expect(await countRows(server, "teamMember", "teamId", second.id)).toBeLessThanOrEqual(TEAM_LIMIT);
    // A member refused a seat on the team is not left in the organization either (the engine undoes it).
    const onTeam = await server.running.database.db
      .selectFrom("teamMember")
      .select("userId")
      .where("teamId", "=", second.id)
      .execute();
    const joined = await server.running.database.db
      .selectFrom("member")
      .select("userId")
      .where("organizationId", "=", organizationId)
      .where(
        "userId",
        "in",
        newcomers.map((n) => n.id),
      )
      .execute();
    expect(joined.map((j) => j.userId).sort()).toEqual(onTeam.map((t) => t.userId).sort());
    recordCount("concurrency: racing requests", 50, kind);
  }, 60_000);

  it("parallel sign-ups of one e-mail make one user; the others hear 4xx", async () => {
    const email = `twice-${uid()}@example.com`;
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        server.client().post("/api/auth/sign-up/email", { email, password: PASSWORD, name: "Twice" }),
      ),
    );
    expect(
      replies.every((r) => r.status < 500),
      JSON.stringify(tally(replies)),
    ).toBe(true);
    expect(await countRows(server, "user", "email", email)).toBe(1);
    const user = await server.running.database.db
      .selectFrom("user")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(await countRows(server, "account", "userId", user.id as string)).toBe(1);
    expect(replies.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    recordCount("concurrency: racing requests", 20, kind);
  }, 60_000);
});
