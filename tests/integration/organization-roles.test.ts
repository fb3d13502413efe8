import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Reply } from "../helpers/client.js";
import { databaseKinds } from "../helpers/databases.js";
import {
  createOrganization,
  expectRefusal,
  expectStatus,
  invite,
  joinQuickly,
  listMembers,
  newMember,
  ORGANIZATION_ROLES,
  type OrganizationRoleName,
  type OrganizationSetup,
  roleAllows,
  setupOrganization,
  uniqueEmail,
} from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

interface Attempt {
  res: Reply;
  /** Whether the action's effect is visible afterwards. */
  happened(): Promise<boolean>;
}

interface Row {
  name: string;
  permission: [string, string];
  refused: { status: number; message: string };
  attempt(as: OrganizationRoleName): Promise<Attempt>;
}

describe.each(databaseKinds)("organization role table (SPEC §6) on %s", (kind) => {
  let server: TestServer;
  let org: OrganizationSetup;
  const api = (path: string) => `/api/auth/organization/${path}`;
  const clientOf = (role: OrganizationRoleName) => org[role].client;
  const db = () => server.running.database.db;

  beforeAll(async () => {
    server = await startTestServer(kind);
    org = await setupOrganization(server, "roles");
  });
  afterAll(() => server?.close());

  /** A new user who joined the organization as a plain member. */
  const newTarget = () => newMember(server, org.owner.client, org.organization.id, "target");

  async function newTeam(name: string) {
    const res = await org.owner.client.post(api("create-team"), { name, organizationId: org.organization.id });
    return expectStatus(res, 200).body as { id: string; name: string };
  }

  async function teamMembers(teamId: string) {
    const rows = await db().selectFrom("teamMember").select("userId").where("teamId", "=", teamId).execute();
    return rows.map((r: { userId: string }) => r.userId);
  }

  const rows: Row[] = [
    {
      name: "update the organization",
      permission: ["organization", "update"],
      refused: { status: 403, message: "You are not allowed to update this organization" },
      async attempt(as) {
        const name = `Renamed by ${as} ${Date.now()}`;
        const res = await clientOf(as).post(api("update"), { organizationId: org.organization.id, data: { name } });
        const happened = async () => {
          const full = await org.owner.client.get(api("get-full-organization"), {
            organizationId: org.organization.id,
          });
          return full.body.name === name;
        };
        return { res, happened };
      },
    },
    {
      name: "delete the organization",
      permission: ["organization", "delete"],
      refused: { status: 403, message: "You are not allowed to delete this organization" },
      async attempt(as) {
        const doomed = await createOrganization(org.owner.client, "doomed", { keepCurrentActiveOrganization: true });
        await joinQuickly(org.owner.client, doomed.id, org.admin, "admin");
        await joinQuickly(org.owner.client, doomed.id, org.member, "member");
        const res = await clientOf(as).post(api("delete"), { organizationId: doomed.id });
        const happened = async () =>
          (await db().selectFrom("organization").select("id").where("id", "=", doomed.id).execute()).length === 0;
        return { res, happened };
      },
    },
    {
      name: "invite a member (member create, invitation create)",
      permission: ["invitation", "create"],
      refused: { status: 403, message: "You are not allowed to invite users to this organization" },
      async attempt(as) {
        const email = uniqueEmail("invitee");
        const res = await clientOf(as).post(api("invite-member"), {
          email,
          role: "member",
          organizationId: org.organization.id,
        });
        const happened = async () => {
          const list = await org.owner.client.get(api("list-invitations"), { organizationId: org.organization.id });
          return list.body.some((i: { email: string }) => i.email === email);
        };
        return { res, happened };
      },
    },
    {
      name: "change a member's role (member update)",
      permission: ["member", "update"],
      refused: { status: 403, message: "You are not allowed to update this member" },
      async attempt(as) {
        const { member } = await newTarget();
        const res = await clientOf(as).post(api("update-member-role"), {
          memberId: member.id,
          role: "admin",
          organizationId: org.organization.id,
        });
        const happened = async () =>
          (await listMembers(org.owner.client, org.organization.id)).find((m) => m.id === member.id)?.role === "admin";
        return { res, happened };
      },
    },
    {
      name: "add a member to a team (member update)",
      permission: ["member", "update"],
      refused: { status: 403, message: "You are not allowed to create a new member" },
      async attempt(as) {
        const team = await newTeam(`add-${as}`);
        const res = await clientOf(as).post(api("add-team-member"), {
          teamId: team.id,
          userId: org.member.user.id,
          organizationId: org.organization.id,
        });
        const happened = async () => (await teamMembers(team.id)).includes(org.member.user.id);
        return { res, happened };
      },
    },
    {
      name: "remove a member (member delete)",
      permission: ["member", "delete"],
      refused: { status: 401, message: "You are not allowed to delete this member" },
      async attempt(as) {
        const { member } = await newTarget();
        const res = await clientOf(as).post(api("remove-member"), {
          memberIdOrEmail: member.id,
          organizationId: org.organization.id,
        });
        const happened = async () =>
          !(await listMembers(org.owner.client, org.organization.id)).some((m) => m.id === member.id);
        return { res, happened };
      },
    },
    {
      name: "remove a member from a team (member delete)",
      permission: ["member", "delete"],
      refused: { status: 403, message: "You are not allowed to remove a team member" },
      async attempt(as) {
        const team = await newTeam(`rm-${as}`);
        expectStatus(
          await org.owner.client.post(api("add-team-member"), {
            teamId: team.id,
            userId: org.admin.user.id,
            organizationId: org.organization.id,
          }),
          200,
        );
        const res = await clientOf(as).post(api("remove-team-member"), {
          teamId: team.id,
          userId: org.admin.user.id,
          organizationId: org.organization.id,
        });
        const happened = async () => !(await teamMembers(team.id)).includes(org.admin.user.id);
        return { res, happened };
      },
    },
    {
      name: "cancel an invitation",
      permission: ["invitation", "cancel"],
      refused: { status: 403, message: "You are not allowed to cancel this invitation" },
      async attempt(as) {
        const invitation = await invite(org.owner.client, org.organization.id, uniqueEmail("cancel"), "member");
        const res = await clientOf(as).post(api("cancel-invitation"), { invitationId: invitation.id });
        const happened = async () => {
          const row = await db()
            .selectFrom("invitation")
            .select("status")
            .where("id", "=", invitation.id)
            .executeTakeFirst();
          return row?.status === "canceled";
        };
        return { res, happened };
      },
    },
    {
      name: "create a team",
      permission: ["team", "create"],
      refused: { status: 403, message: "You are not allowed to create teams in this organization" },
      async attempt(as) {
        const name = `Team by ${as} ${Date.now()}`;
        const res = await clientOf(as).post(api("create-team"), { name, organizationId: org.organization.id });
        const happened = async () => {
          const list = await org.owner.client.get(api("list-teams"), { organizationId: org.organization.id });
          return list.body.some((t: { name: string }) => t.name === name);
        };
        return { res, happened };
      },
    },
    {
      name: "rename a team",
      permission: ["team", "update"],
      refused: { status: 403, message: "You are not allowed to update this team" },
      async attempt(as) {
        const team = await newTeam(`before-${as}`);
        const res = await clientOf(as).post(api("update-team"), {
          teamId: team.id,
          data: { name: `after-${as}`, organizationId: org.organization.id },
        });
        const happened = async () => {
          const list = await org.owner.client.get(api("list-teams"), { organizationId: org.organization.id });
          return list.body.find((t: { id: string }) => t.id === team.id)?.name === `after-${as}`;
        };
        return { res, happened };
      },
    },
    {
      name: "remove a team",
      permission: ["team", "delete"],
      refused: { status: 403, message: "You are not allowed to delete teams in this organization" },
      async attempt(as) {
        const team = await newTeam(`doomed-${as}`);
        const res = await clientOf(as).post(api("remove-team"), {
          teamId: team.id,
          organizationId: org.organization.id,
        });
        const happened = async () => {
          const list = await org.owner.client.get(api("list-teams"), { organizationId: org.organization.id });
          return !list.body.some((t: { id: string }) => t.id === team.id);
        };
        return { res, happened };
      },
    },
  ];

  const cases = rows.flatMap((row) =>
    ORGANIZATION_ROLES.map((role) => ({ row, role, allowed: roleAllows(role, ...row.permission) })),
  );

  it.each(cases)("$role: $row.name → allowed=$allowed", async ({ row, role, allowed }) => {
    const { res, happened } = await row.attempt(role);
    if (allowed) expectStatus(res, 200);
    else expectRefusal(res, row.refused.status, row.refused.message);
    expect(await happened()).toBe(allowed);
  });
});
