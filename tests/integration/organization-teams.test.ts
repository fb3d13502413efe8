import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../helpers/databases.js";
import {
  createOrganization,
  expectRefusal,
  expectStatus,
  invite,
  joinQuickly,
  type OrganizationSetup,
  type Person,
  sessionOf,
  setupOrganization,
  signUpPerson,
} from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const api = (path: string) => `/api/auth/organization/${path}`;

// SPEC §7 team calls; §5 "the last team cannot be removed", "a member cannot delete the team they
// belong to"; §6 "listing teams needs membership".
describe.each(databaseKinds)("organization teams on %s", (kind) => {
  let server: TestServer;
  let org: OrganizationSetup;
  let orgId: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    org = await setupOrganization(server, "teams");
    orgId = org.organization.id;
  });
  afterAll(() => server?.close());

  async function createTeam(who: Person, name: string, organizationId = orgId) {
    const res = expectStatus(await who.client.post(api("create-team"), { name, organizationId }), 200);
    return res.body as { id: string; name: string; organizationId: string };
  }

  const listTeams = async (who: Person, organizationId = orgId) =>
    expectStatus(await who.client.get(api("list-teams"), { organizationId }), 200).body as {
      id: string;
      name: string;
    }[];

  it("a new organization has one team named after it, with its creator in it and active", async () => {
    const creator = await signUpPerson(server, "creator");
    const created = await createOrganization(creator.client, "fresh");
    const teams = await listTeams(creator, created.id);
    expect(teams).toEqual([expect.objectContaining({ name: created.name, organizationId: created.id })]);
    expect((await sessionOf(creator.client)).session.activeTeamId).toBe(teams[0]!.id);
    const members = expectStatus(await creator.client.get(api("list-team-members"), { teamId: teams[0]!.id }), 200);
    expect(members.body.map((m: { userId: string }) => m.userId)).toEqual([creator.user.id]);
  });

  it("creates, lists, renames and removes a team", async () => {
    const team = await createTeam(org.admin, "Platform");
    expect(team).toMatchObject({ name: "Platform", organizationId: orgId });
    expect((await listTeams(org.member)).map((t) => t.name)).toContain("Platform");

    const renamed = await org.admin.client.post(api("update-team"), {
      teamId: team.id,
      data: { name: "Platform Core", organizationId: orgId },
    });
    expectStatus(renamed, 200);
    expect(renamed.body).toMatchObject({ id: team.id, name: "Platform Core" });
    expect((await listTeams(org.owner)).find((t) => t.id === team.id)?.name).toBe("Platform Core");

    const removed = await org.admin.client.post(api("remove-team"), { teamId: team.id, organizationId: orgId });
    expectStatus(removed, 200);
    expect(removed.body).toEqual({ message: "Team removed successfully." });
    expect((await listTeams(org.owner)).map((t) => t.id)).not.toContain(team.id);
    expectRefusal(
      await org.admin.client.post(api("remove-team"), { teamId: team.id, organizationId: orgId }),
      400,
      "Team not found",
    );
  });

  it("two teams of one organization never share a name, whatever its case or spaces (issue 22 item 12)", async () => {
    const design = await createTeam(org.admin, "Design");
    const taken = "A team with this name already exists in this organization";
    expectRefusal(
      await org.admin.client.post(api("create-team"), { name: " design ", organizationId: orgId }),
      400,
      taken,
    );
    const other = await createTeam(org.admin, "Research");
    const rename = (teamId: string, name: string) =>
      org.admin.client.post(api("update-team"), { teamId, data: { name, organizationId: orgId } });
    const refused = await rename(other.id, "DESIGN");
    expectRefusal(refused, 400, taken);
    expect(refused.body.code).toBe("TEAM_NAME_TAKEN");
    // A team keeps (or recases) its own name; another organization may use it.
    expect((await rename(design.id, "design")).status).toBe(200);
    const elsewhere = await createOrganization(org.owner.client, "other-teams");
    expect((await createTeam(org.owner, "Design", elsewhere.id)).name).toBe("Design");
    expect((await listTeams(org.owner)).filter((t) => t.name.toLowerCase() === "design")).toHaveLength(1);
  });

  it("update-team and remove-team use the active organization when none is given", async () => {
    const team = await createTeam(org.owner, "Active scope");
    await org.admin.client.post(api("set-active"), { organizationId: orgId });
    const res = await org.admin.client.post(api("update-team"), { teamId: team.id, data: { name: "Scoped" } });
    expectStatus(res, 200);
    expect(res.body.name).toBe("Scoped");
    expectStatus(await org.admin.client.post(api("remove-team"), { teamId: team.id }), 200);
  });

  it("adds and removes team members; list-team-members shows them to the team", async () => {
    const team = await createTeam(org.owner, "Support");
    for (const person of [org.admin, org.member]) {
      const res = await org.owner.client.post(api("add-team-member"), {
        teamId: team.id,
        userId: person.user.id,
        organizationId: orgId,
      });
      expectStatus(res, 200);
      expect(res.body).toMatchObject({ teamId: team.id, userId: person.user.id });
    }
    const members = expectStatus(await org.member.client.get(api("list-team-members"), { teamId: team.id }), 200);
    expect(members.body.map((m: { userId: string }) => m.userId).sort()).toEqual(
      [org.admin.user.id, org.member.user.id].sort(),
    );
    // The owner is in the organization but not in this team.
    expectRefusal(
      await org.owner.client.get(api("list-team-members"), { teamId: team.id }),
      400,
      "User is not a member of the team",
    );

    const removed = await org.admin.client.post(api("remove-team-member"), {
      teamId: team.id,
      userId: org.member.user.id,
      organizationId: orgId,
    });
    expectStatus(removed, 200);
    expect(removed.body).toEqual({ message: "Team member removed successfully." });
    expectRefusal(
      await org.member.client.get(api("list-team-members"), { teamId: team.id }),
      400,
      "User is not a member of the team",
    );
    expectRefusal(
      await org.admin.client.post(api("remove-team-member"), {
        teamId: team.id,
        userId: org.member.user.id,
        organizationId: orgId,
      }),
      400,
      "User is not a member of the team",
    );
    // Only members of the organization can be put in its teams.
    const outsider = await signUpPerson(server, "outsider");
    expectRefusal(
      await org.owner.client.post(api("add-team-member"), {
        teamId: team.id,
        userId: outsider.user.id,
        organizationId: orgId,
      }),
      400,
      "User is not a member of the organization",
    );
  });

  it("an invitation into a team puts the invitee in that team and makes it active", async () => {
    const team = await createTeam(org.owner, "Invited team");
    const invitee = await signUpPerson(server, "team-invitee");
    const invitation = await invite(org.owner.client, orgId, invitee.user.email, "member", { teamId: team.id });
    expectStatus(await invitee.client.post(api("accept-invitation"), { invitationId: invitation.id }), 200);
    const session = (await sessionOf(invitee.client)).session;
    expect(session).toMatchObject({ activeOrganizationId: orgId, activeTeamId: team.id });
    const members = expectStatus(await invitee.client.get(api("list-team-members"), { teamId: team.id }), 200);
    expect(members.body.map((m: { userId: string }) => m.userId)).toEqual([invitee.user.id]);
  });

  it("the last team cannot be removed", async () => {
    const owner = await signUpPerson(server, "lastteam");
    const created = await createOrganization(owner.client, "lastteam");
    const admin = await signUpPerson(server, "lastteam-admin");
    await joinQuickly(owner.client, created.id, admin, "admin");
    const [only] = await listTeams(owner, created.id);
    expectRefusal(
      await admin.client.post(api("remove-team"), { teamId: only!.id, organizationId: created.id }),
      400,
      "Unable to remove last team",
    );
    expect(await listTeams(owner, created.id)).toHaveLength(1);
  });

  it("a member cannot remove the team they are working in (their active team)", async () => {
    const owner = await signUpPerson(server, "ownteam");
    const created = await createOrganization(owner.client, "ownteam");
    const [defaultTeam] = await listTeams(owner, created.id);
    const other = await createTeam(owner, "Second", created.id);
    expect((await sessionOf(owner.client)).session.activeTeamId).toBe(defaultTeam!.id);
    const notAllowed = "You are not allowed to delete this team";
    expectRefusal(
      await owner.client.post(api("remove-team"), { teamId: defaultTeam!.id, organizationId: created.id }),
      403,
      notAllowed,
    );
    expectStatus(await owner.client.post(api("add-team-member"), { teamId: other.id, userId: owner.user.id }), 200);
    expectStatus(await owner.client.post(api("set-active-team"), { teamId: other.id }), 200);
    expectRefusal(
      await owner.client.post(api("remove-team"), { teamId: other.id, organizationId: created.id }),
      403,
      notAllowed,
    );
    expect((await listTeams(owner, created.id)).map((t) => t.id).sort()).toEqual([defaultTeam!.id, other.id].sort());
  });

  it("a member cannot remove any team they belong to, active or not; others with the permission can", async () => {
    const owner = await signUpPerson(server, "belongs");
    const created = await createOrganization(owner.client, "belongs");
    const [defaultTeam] = await listTeams(owner, created.id);
    const inTeam = await createTeam(owner, "Mine", created.id);
    const notInTeam = await createTeam(owner, "Theirs", created.id);
    expectStatus(await owner.client.post(api("add-team-member"), { teamId: inTeam.id, userId: owner.user.id }), 200);
    expect((await sessionOf(owner.client)).session.activeTeamId).toBe(defaultTeam!.id);
    expectRefusal(
      await owner.client.post(api("remove-team"), { teamId: inTeam.id, organizationId: created.id }),
      403,
      "You are not allowed to delete this team",
    );
    expectStatus(
      await owner.client.post(api("remove-team"), { teamId: notInTeam.id, organizationId: created.id }),
      200,
    );
    expect((await listTeams(owner, created.id)).map((t) => t.id).sort()).toEqual([defaultTeam!.id, inTeam.id].sort());
  });

  it("listing teams needs membership", async () => {
    const outsider = await signUpPerson(server, "team-outsider");
    expectRefusal(
      await outsider.client.get(api("list-teams"), { organizationId: orgId }),
      403,
      "You are not allowed to access this organization as an owner",
    );
    const [team] = await listTeams(org.owner);
    expectRefusal(
      await outsider.client.get(api("list-team-members"), { teamId: team!.id }),
      400,
      "User is not a member of the team",
    );
    expect((await server.client().get(api("list-teams"), { organizationId: orgId })).status).toBe(401);
  });
});

describe.each(databaseKinds)("TEAM_MEMBER_LIMIT on %s", (kind) => {
  let server: TestServer;
  let org: OrganizationSetup;
  beforeAll(async () => {
    server = await startTestServer(kind, { env: { TEAM_MEMBER_LIMIT: "2" } });
    org = await setupOrganization(server, "tml");
  });
  afterAll(() => server?.close());

  it("refuses a third member in a team, by adding or by invitation", async () => {
    const orgId = org.organization.id;
    const team = expectStatus(
      await org.owner.client.post(api("create-team"), { name: "Pair", organizationId: orgId }),
      200,
    ).body as { id: string };
    const add = (userId: string) =>
      org.owner.client.post(api("add-team-member"), { teamId: team.id, userId, organizationId: orgId });
    expectStatus(await add(org.owner.user.id), 200);
    expectStatus(await add(org.admin.user.id), 200);
    expectRefusal(await add(org.member.user.id), 403, "Team member limit reached");

    const invitee = await signUpPerson(server, "tml-invitee");
    expectRefusal(
      await org.owner.client.post(api("invite-member"), {
        email: invitee.user.email,
        role: "member",
        organizationId: orgId,
        teamId: team.id,
      }),
      403,
      "Team member limit reached",
    );
    const members = await server.running.database.db
      .selectFrom("teamMember")
      .select("userId")
      .where("teamId", "=", team.id)
      .execute();
    expect(members).toHaveLength(2);
  });
});
