import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../helpers/databases.js";
import { expectStatus, type OrganizationSetup, setupOrganization, signUpPerson } from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const rosterOf = (organizationId: string) => `/api/organizations/${organizationId}/team-members`;

describe.each(databaseKinds)("team rosters for the organization screens on %s", (kind) => {
  let server: TestServer;
  let org: OrganizationSetup;
  beforeAll(async () => {
    server = await startTestServer(kind, { env: { MEMBERSHIP_LIMIT: "25", TEAM_MEMBER_LIMIT: "7" } });
    org = await setupOrganization(server, "roster");
  });
  afterAll(async () => {
    await server?.close();
  });

  it("shows every team's members to an owner who is not in the team, with the limits", async () => {
    const { owner, admin, member, organization } = org;
    const team = expectStatus(
      await admin.client.post("/api/auth/organization/create-team", {
        name: "Design",
        organizationId: organization.id,
      }),
      200,
    ).body as { id: string };
    for (const person of [admin, member]) {
      expectStatus(
        await admin.client.post("/api/auth/organization/add-team-member", {
          teamId: team.id,
          userId: person.user.id,
          organizationId: organization.id,
        }),
        200,
      );
    }
    // The engine only shows a team to its own members...
    const engine = await owner.client.get("/api/auth/organization/list-team-members", { teamId: team.id });
    expect(engine.status).toBe(400);

    // ...the roster shows it to anyone in the organization.
    const res = expectStatus(await owner.client.get(rosterOf(organization.id)), 200);
    const design = res.body.teamMembers.filter((m: { teamId: string }) => m.teamId === team.id);
    expect(design.map((m: { userId: string }) => m.userId).sort()).toEqual([admin.user.id, member.user.id].sort());
    // The default team made with the organization holds its creator.
    expect(res.body.teamMembers).toContainEqual(expect.objectContaining({ userId: owner.user.id }));
    expect(res.body.limits).toEqual({ membership: 25, teamMembers: 7 });
    expect(Object.keys(res.body.teamMembers[0]).sort()).toEqual(["teamId", "userId"]);

    const asMember = expectStatus(await member.client.get(rosterOf(organization.id)), 200);
    expect(asMember.body.teamMembers).toEqual(res.body.teamMembers);
  });

  it("refuses someone outside the organization, and a signed-out visitor", async () => {
    const outsider = await signUpPerson(server, "roster-outsider");
    const res = await outsider.client.get(rosterOf(org.organization.id));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      code: "YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION",
      message: "You are not a member of this organization",
    });
    const unknown = await outsider.client.get(rosterOf("no-such-organization"));
    expect(unknown.status).toBe(403);
    expect((await server.client().get(rosterOf(org.organization.id))).status).toBe(401);
  });
});
