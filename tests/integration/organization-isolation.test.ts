import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Reply } from "../helpers/client.js";
import { databaseKinds } from "../helpers/databases.js";
import {
  expectRefusal,
  expectStatus,
  invite,
  listMembers,
  type OrganizationSetup,
  setupOrganization,
} from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const api = (path: string) => `/api/auth/organization/${path}`;

// SPEC §6: listing invitations and teams needs membership; ids of another organization are refused.
// The owner of organization A holds every right in A, and tries them on B's ids.
describe.each(databaseKinds)("organization isolation on %s", (kind) => {
  let server: TestServer;
  let a: OrganizationSetup;
  let b: OrganizationSetup;
  let bTeamId: string;
  let aTeamId: string;
  let bInvitationId: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    [a, b] = await Promise.all([setupOrganization(server, "orga"), setupOrganization(server, "orgb")]);
    const bTeam = await b.owner.client.post(api("create-team"), { name: "B team", organizationId: b.organization.id });
    bTeamId = expectStatus(bTeam, 200).body.id;
    const aTeam = await a.owner.client.post(api("create-team"), { name: "A team", organizationId: a.organization.id });
    aTeamId = expectStatus(aTeam, 200).body.id;
    bInvitationId = (await invite(b.owner.client, b.organization.id, "b-invitee@example.com", "member")).id;
  });
  afterAll(() => server?.close());

  const orgA = () => a.organization.id;
  const orgB = () => b.organization.id;
  const attacker = () => a.owner.client;

  const cases: { name: string; call: () => Promise<Reply>; status: number; message: string }[] = [
    {
      name: "remove B's member through A",
      call: () =>
        attacker().post(api("remove-member"), { memberIdOrEmail: b.memberIds.member, organizationId: orgA() }),
      status: 400,
      message: "Member not found",
    },
    {
      name: "remove B's member by e-mail through A",
      call: () =>
        attacker().post(api("remove-member"), { memberIdOrEmail: b.member.user.email, organizationId: orgA() }),
      status: 400,
      message: "Member not found",
    },
    {
      name: "remove B's member in B",
      call: () =>
        attacker().post(api("remove-member"), { memberIdOrEmail: b.memberIds.member, organizationId: orgB() }),
      status: 400,
      message: "Member not found",
    },
    {
      name: "change the role of B's member through A",
      call: () =>
        attacker().post(api("update-member-role"), {
          memberId: b.memberIds.member,
          role: "admin",
          organizationId: orgA(),
        }),
      status: 403,
      message: "You are not allowed to update this member",
    },
    {
      name: "change the role of B's member in B",
      call: () =>
        attacker().post(api("update-member-role"), {
          memberId: b.memberIds.member,
          role: "admin",
          organizationId: orgB(),
        }),
      status: 400,
      message: "Member not found",
    },
    {
      name: "cancel B's invitation",
      call: () => attacker().post(api("cancel-invitation"), { invitationId: bInvitationId }),
      status: 400,
      message: "Member not found",
    },
    {
      name: "view B's invitation",
      call: () => attacker().get(api("get-invitation"), { id: bInvitationId }),
      status: 403,
      message: "You are not the recipient of the invitation",
    },
    {
      name: "rename B's team through A",
      call: () => attacker().post(api("update-team"), { teamId: bTeamId, data: { name: "x", organizationId: orgA() } }),
      status: 400,
      message: "Team not found",
    },
    {
      name: "rename B's team in B",
      call: () => attacker().post(api("update-team"), { teamId: bTeamId, data: { name: "x", organizationId: orgB() } }),
      status: 403,
      message: "You are not allowed to update this team",
    },
    {
      name: "remove B's team through A",
      call: () => attacker().post(api("remove-team"), { teamId: bTeamId, organizationId: orgA() }),
      status: 400,
      message: "Team not found",
    },
    {
      name: "remove B's team in B",
      call: () => attacker().post(api("remove-team"), { teamId: bTeamId, organizationId: orgB() }),
      status: 403,
      message: "You are not allowed to delete this team",
    },
    {
      name: "put A's member in B's team",
      call: () =>
        attacker().post(api("add-team-member"), { teamId: bTeamId, userId: a.member.user.id, organizationId: orgA() }),
      status: 400,
      message: "Team not found",
    },
    {
      name: "put B's member in A's team",
      call: () =>
        attacker().post(api("add-team-member"), { teamId: aTeamId, userId: b.member.user.id, organizationId: orgA() }),
      status: 400,
      message: "User is not a member of the organization",
    },
    {
      name: "take B's owner out of B's team through A",
      call: () =>
        attacker().post(api("remove-team-member"), {
          teamId: bTeamId,
          userId: b.owner.user.id,
          organizationId: orgA(),
        }),
      status: 400,
      message: "User is not a member of the organization",
    },
    {
      name: "list B's team members",
      call: () => attacker().get(api("list-team-members"), { teamId: bTeamId }),
      status: 400,
      message: "User is not a member of the team",
    },
    {
      name: "list B's invitations",
      call: () => attacker().get(api("list-invitations"), { organizationId: orgB() }),
      status: 403,
      message: "You are not a member of this organization",
    },
    {
      name: "list B's teams",
      call: () => attacker().get(api("list-teams"), { organizationId: orgB() }),
      status: 403,
      message: "You are not allowed to access this organization as an owner",
    },
    {
      name: "list B's members",
      call: () => attacker().get(api("list-members"), { organizationId: orgB() }),
      status: 403,
      message: "You are not a member of this organization",
    },
    {
      name: "read B in full",
      call: () => attacker().get(api("get-full-organization"), { organizationId: orgB() }),
      status: 403,
      message: "User is not a member of the organization",
    },
    {
      name: "update B",
      call: () => attacker().post(api("update"), { organizationId: orgB(), data: { name: "Taken over" } }),
      status: 400,
      message: "User is not a member of the organization",
    },
    {
      name: "delete B",
      call: () => attacker().post(api("delete"), { organizationId: orgB() }),
      status: 400,
      message: "User is not a member of the organization",
    },
    {
      name: "invite into B",
      call: () =>
        attacker().post(api("invite-member"), { email: "spy@example.com", role: "admin", organizationId: orgB() }),
      status: 400,
      message: "Member not found",
    },
    {
      name: "create a team in B",
      call: () => attacker().post(api("create-team"), { name: "Spies", organizationId: orgB() }),
      status: 403,
      message: "You are not allowed to invite users to this organization",
    },
    {
      name: "leave B",
      call: () => attacker().post(api("leave"), { organizationId: orgB() }),
      status: 400,
      message: "Member not found",
    },
    {
      name: "make B active",
      call: () => attacker().post(api("set-active"), { organizationId: orgB() }),
      status: 403,
      message: "User is not a member of the organization",
    },
  ];

  it.each(cases)("refuses: $name", async ({ call, status, message }) => {
    expectRefusal(await call(), status, message);
  });

  it("left B exactly as it was", async () => {
    const members = await listMembers(b.owner.client, orgB());
    expect(members.map((m) => [m.userId, m.role]).sort()).toEqual(
      [
        [b.owner.user.id, "owner"],
        [b.admin.user.id, "admin"],
        [b.member.user.id, "member"],
      ].sort(),
    );
    const full = expectStatus(await b.owner.client.get(api("get-full-organization"), { organizationId: orgB() }), 200);
    expect(full.body.name).toBe(b.organization.name);
    const teams = expectStatus(await b.owner.client.get(api("list-teams"), { organizationId: orgB() }), 200);
    expect(teams.body.find((t: { id: string }) => t.id === bTeamId)?.name).toBe("B team");
    const invitations = await b.owner.client.get(api("list-invitations"), { organizationId: orgB() });
    expect(invitations.body.find((i: { id: string }) => i.id === bInvitationId)?.status).toBe("pending");
    const spies = await b.owner.client.get(api("list-invitations"), { organizationId: orgB() });
    expect(spies.body.map((i: { email: string }) => i.email)).not.toContain("spy@example.com");
  });
});
