// Long, one subject: custom roles, every facet sharing one server and organization.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Reply, TestClient } from "../helpers/client.js";
import { databaseKinds } from "../helpers/databases.js";
import {
  expectStatus,
  invite,
  joinQuickly,
  listMembers,
  newMember,
  type OrganizationSetup,
  type Person,
  setupOrganization,
  signUpPerson,
  uniqueEmail,
} from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

// Custom organization roles over HTTP (SPEC §6 "Custom roles can be added, and the client can check
// whether a role holds given permissions"; docs/roles.md): the engine's dynamic access control with
// Tessera's rules on top (src/server/auth/custom-roles.ts).

const api = (path: string) => `/api/auth/organization/${path}`;

function expectCode(res: Reply, status: number, code: string) {
  expect({ status: res.status, code: res.body?.code }, res.text).toEqual({ status, code });
}

describe.each(databaseKinds)("custom organization roles on %s", (kind) => {
  let server: TestServer;
  let org: OrganizationSetup;
  let orgId: string;
  const db = () => server.running.database.db;

  beforeAll(async () => {
    server = await startTestServer(kind);
    org = await setupOrganization(server, "custom");
    orgId = org.organization.id;
  });
  afterAll(() => server?.close());

  const createRole = (client: TestClient, role: string, permission: Record<string, string[]>, organizationId = orgId) =>
    client.post(api("create-role"), { organizationId, role, permission });
  const setRole = (client: TestClient, memberId: string, role: string | string[]) =>
    client.post(api("update-member-role"), { organizationId: orgId, memberId, role });
  const hasPermission = async (client: TestClient, permissions: Record<string, string[]>, organizationId = orgId) => {
    const res = expectStatus(await client.post(api("has-permission"), { organizationId, permissions }), 200);
    return res.body.success as boolean;
  };
  const joined = (tag: string, role = "member") => newMember(server, org.owner.client, orgId, tag, role);
  const memberRole = async (memberId: string) =>
    (await db().selectFrom("member").select("role").where("id", "=", memberId).executeTakeFirst())?.role as string;

  describe("names and permissions", () => {
    it("creates a role with known permissions; list-roles and get-role show it", async () => {
      const res = expectStatus(
        await createRole(org.owner.client, "sales", { member: ["update"], team: ["create"] }),
        200,
      );
      expect(res.body.roleData).toMatchObject({ role: "sales", permission: { member: ["update"], team: ["create"] } });
      const list = expectStatus(await org.admin.client.get(api("list-roles"), { organizationId: orgId }), 200);
      expect(list.body.map((r: { role: string }) => r.role)).toContain("sales");
      const one = expectStatus(
        await org.admin.client.get(api("get-role"), { organizationId: orgId, roleName: "sales" }),
        200,
      );
      expect(one.body.permission).toEqual({ member: ["update"], team: ["create"] });
    });

    it.each([
      ["upper case", "Sales"],
      ["a comma", "a,b"],
      ["a space", "a b"],
      ["empty", ""],
      ["33 characters", `r${"x".repeat(32)}`],
      ["a leading digit", "1st"],
      ["a leading dash", "-x"],
      ["non-ASCII", "rôle"],
    ])("refuses a name with %s: 400 INVALID_ROLE_NAME, nothing stored", async (_what, name) => {
      expectCode(await createRole(org.owner.client, name, {}), 400, "INVALID_ROLE_NAME");
      const rows = await db().selectFrom("organizationRole").select("role").where("role", "=", name).execute();
      expect(rows).toEqual([]);
    });

    it("accepts the longest name (32) and every allowed character", async () => {
      expectStatus(await createRole(org.owner.client, `a${"b".repeat(31)}`, {}), 200);
      expectStatus(await createRole(org.owner.client, "a-b_c9", {}), 200);
    });

    it.each(["owner", "admin", "member"])("refuses the built-in name %s: 400 ROLE_NAME_IS_ALREADY_TAKEN", async (n) => {
      expectCode(await createRole(org.owner.client, n, {}), 400, "ROLE_NAME_IS_ALREADY_TAKEN");
    });

    it("refuses a name the organization already has, and allows it in another organization", async () => {
      expectStatus(await createRole(org.owner.client, "twice", {}), 200);
      expectCode(await createRole(org.owner.client, "twice", {}), 400, "ROLE_NAME_IS_ALREADY_TAKEN");
      const other = expectStatus(
        await org.owner.client.post(api("create"), { name: "Other", slug: uniqueEmail("o").split("@")[0] }),
        200,
      );
      expectStatus(await createRole(org.owner.client, "twice", {}, other.body.id), 200);
    });

    it.each([
      ["an unknown action", { team: ["fly"] }],
      ["an unknown resource", { spaceship: ["create"] }],
      ["a site-wide statement", { user: ["ban"] }],
      ["one bad action among good ones", { member: ["update", "promote"] }],
    ])("refuses permissions with %s: 400 INVALID_PERMISSION", async (_what, permission) => {
      const res = await createRole(org.owner.client, `bad-${Math.random().toString(36).slice(2, 8)}`, permission);
      expectCode(res, 400, "INVALID_PERMISSION");
      expect(res.body.unknownPermissions.length).toBeGreaterThan(0);
      const update = await org.owner.client.post(api("update-role"), {
        organizationId: orgId,
        roleName: "sales",
        data: { permission },
      });
      expectCode(update, 400, "INVALID_PERMISSION");
    });

    it("allows a role with no permissions: its holders may do what a member may", async () => {
      expectStatus(await createRole(org.owner.client, "nothing", {}), 200);
      const { person, member } = await joined("nothing");
      expectStatus(await setRole(org.owner.client, member.id, "nothing"), 200);
      expect(await hasPermission(person.client, { member: ["update"] })).toBe(false);
      const perms = expectStatus(await person.client.get(`/api/organizations/${orgId}/permissions`), 200);
      expect(perms.body.roles).toEqual(["nothing"]);
      expect(Object.values(perms.body.permissions).flat()).toEqual([]);
    });

    it("a member (no ac permission) may not create, read, update or delete roles", async () => {
      expectCode(await createRole(org.member.client, "mine", {}), 403, "YOU_ARE_NOT_ALLOWED_TO_CREATE_A_ROLE");
      expectCode(
        await org.member.client.get(api("list-roles"), { organizationId: orgId }),
        403,
        "YOU_ARE_NOT_ALLOWED_TO_LIST_A_ROLE",
      );
      expectCode(
        await org.member.client.post(api("update-role"), { organizationId: orgId, roleName: "sales", data: {} }),
        403,
        "YOU_ARE_NOT_ALLOWED_TO_UPDATE_A_ROLE",
      );
      expectCode(
        await org.member.client.post(api("delete-role"), { organizationId: orgId, roleName: "sales" }),
        403,
        "YOU_ARE_NOT_ALLOWED_TO_DELETE_A_ROLE",
      );
    });

    it(`refuses a role beyond the limit of 50 per organization: 400 TOO_MANY_ROLES`, async () => {
      const fresh = expectStatus(
        await org.owner.client.post(api("create"), { name: "Many", slug: uniqueEmail("many").split("@")[0] }),
        200,
      );
      for (let i = 0; i < 50; i++) expectStatus(await createRole(org.owner.client, `r${i}`, {}, fresh.body.id), 200);
      expectCode(await createRole(org.owner.client, "r50", {}, fresh.body.id), 400, "TOO_MANY_ROLES");
    }, 60_000);
  });

  describe("no escalation", () => {
    beforeAll(async () => {
      expectStatus(await createRole(org.owner.client, "deleter", { organization: ["delete"] }), 200);
    });

    it("an admin may not create a role holding a permission the admin lacks", async () => {
      const res = await createRole(org.admin.client, "mighty", { organization: ["delete"] });
      expectCode(res, 403, "YOU_ARE_NOT_ALLOWED_TO_CREATE_A_ROLE");
      expect(res.body.missingPermissions).toEqual(["organization:delete"]);
    });

    it("an admin may not invite with, or give, a role holding more than the admin holds", async () => {
      const res = await org.admin.client.post(api("invite-member"), {
        organizationId: orgId,
        email: uniqueEmail("esc"),
        role: "deleter",
      });
      expectCode(res, 403, "ROLE_BEYOND_YOUR_PERMISSIONS");
      expect(res.body.missingPermissions).toEqual(["organization:delete"]);
      const multi = await org.admin.client.post(api("invite-member"), {
        organizationId: orgId,
        email: uniqueEmail("esc"),
        role: ["member", "deleter"],
      });
      expectCode(multi, 403, "ROLE_BEYOND_YOUR_PERMISSIONS");
      const { member } = await joined("esc-target");
      expectCode(await setRole(org.admin.client, member.id, "deleter"), 403, "ROLE_BEYOND_YOUR_PERMISSIONS");
      expectCode(
        await setRole(org.admin.client, member.id, ["member", "deleter"]),
        403,
        "ROLE_BEYOND_YOUR_PERMISSIONS",
      );
      expectCode(
        await setRole(org.admin.client, org.memberIds.admin, ["admin", "deleter"]),
        403,
        "ROLE_BEYOND_YOUR_PERMISSIONS",
      );
      expect(await memberRole(member.id)).toBe("member");
      expect(await memberRole(org.memberIds.admin)).toBe("admin");
      // The owner holds every permission and may.
      expectStatus(await setRole(org.owner.client, member.id, ["member", "deleter"]), 200);
      expect(await memberRole(member.id)).toBe("member,deleter");
    });

    it("a custom role that may change roles gives only what it holds, and never touches a member holding more", async () => {
      expectStatus(await createRole(org.owner.client, "promoter", { member: ["update"], team: ["create"] }), 200);
      expectStatus(await createRole(org.owner.client, "teamer", { team: ["create"] }), 200);
      const promoter = await joined("promoter");
      expectStatus(await setRole(org.owner.client, promoter.member.id, "promoter"), 200);
      const target = await joined("promoted");
      // admin holds more than promoter: refused, and the target keeps its role.
      expectCode(await setRole(promoter.person.client, target.member.id, "admin"), 403, "ROLE_BEYOND_YOUR_PERMISSIONS");
      // Nor may it raise itself.
      expectCode(
        await setRole(promoter.person.client, promoter.member.id, ["promoter", "admin"]),
        403,
        "ROLE_BEYOND_YOUR_PERMISSIONS",
      );
      // Within its own permissions it may.
      expectStatus(await setRole(promoter.person.client, target.member.id, "teamer"), 200);
      expect(await memberRole(target.member.id)).toBe("teamer");
      // An admin holds permissions promoter lacks: promoter cannot demote them.
      const res = await setRole(promoter.person.client, org.memberIds.admin, "member");
      expectCode(res, 403, "MEMBER_BEYOND_YOUR_PERMISSIONS");
      expect(await memberRole(org.memberIds.admin)).toBe("admin");
    });

    it("an admin may not edit a role they hold to gain more, nor edit, rename or delete a role beyond them", async () => {
      expectStatus(await createRole(org.owner.client, "helper", { team: ["create"] }), 200);
      const admin2 = await joined("admin2", "admin");
      expectStatus(await setRole(org.owner.client, admin2.member.id, ["admin", "helper"]), 200);
      const gain = await admin2.person.client.post(api("update-role"), {
        organizationId: orgId,
        roleName: "helper",
        data: { permission: { team: ["create"], organization: ["delete"] } },
      });
      expectCode(gain, 403, "YOU_ARE_NOT_ALLOWED_TO_UPDATE_A_ROLE");
      expect(await hasPermission(admin2.person.client, { organization: ["delete"] })).toBe(false);
      for (const [path, body] of [
        ["update-role", { roleName: "deleter", data: { permission: {} } }],
        ["update-role", { roleName: "deleter", data: { roleName: "renamed-deleter" } }],
        ["delete-role", { roleName: "deleter" }],
      ] as const) {
        const res = await admin2.person.client.post(api(path), { organizationId: orgId, ...body });
        expectCode(res, 403, "ROLE_BEYOND_YOUR_PERMISSIONS");
      }
      const row = await db().selectFrom("organizationRole").selectAll().where("role", "=", "deleter").execute();
      expect(row.map((r) => JSON.parse(r.permission as string))).toEqual([{ organization: ["delete"] }]);
      // Within the admin's own permissions: allowed.
      expectStatus(
        await admin2.person.client.post(api("update-role"), {
          organizationId: orgId,
          roleName: "helper",
          data: { permission: { team: ["create", "update"] } },
        }),
        200,
      );
    });

    it("only an owner gives the owner role (the engine's rule stays)", async () => {
      const { member } = await joined("not-owner");
      expectCode(await setRole(org.admin.client, member.id, "owner"), 403, "YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER");
    });
  });

  describe("deleting", () => {
    it("a role held by a member cannot be deleted; once nobody holds it, it can", async () => {
      expectStatus(await createRole(org.owner.client, "held", { team: ["create"] }), 200);
      const { member } = await joined("held");
      expectStatus(await setRole(org.owner.client, member.id, ["member", "held"]), 200);
      const del = () => org.owner.client.post(api("delete-role"), { organizationId: orgId, roleName: "held" });
      expectCode(await del(), 400, "ROLE_IS_ASSIGNED_TO_MEMBERS");
      expectStatus(await setRole(org.owner.client, member.id, "member"), 200);
      expectStatus(await del(), 200);
      expectCode(
        await org.owner.client.get(api("get-role"), { organizationId: orgId, roleName: "held" }),
        400,
        "ROLE_NOT_FOUND",
      );
    });

    it("a role carried by a pending invitation cannot be deleted until the invitation is canceled", async () => {
      expectStatus(await createRole(org.owner.client, "invited", { team: ["create"] }), 200);
      const invitation = await invite(org.owner.client, orgId, uniqueEmail("carried"), "member,invited");
      const del = () => org.owner.client.post(api("delete-role"), { organizationId: orgId, roleName: "invited" });
      expectCode(await del(), 400, "ROLE_IS_ASSIGNED_TO_INVITATIONS");
      expectStatus(await org.owner.client.post(api("cancel-invitation"), { invitationId: invitation.id }), 200);
      expectStatus(await del(), 200);
    });

    it("an invitation whose role vanished anyway (a race) is not accepted: 400 ROLE_NOT_FOUND, no member", async () => {
      expectStatus(await createRole(org.owner.client, "fleeting", {}), 200);
      const person = await signUpPerson(server, "fleeting");
      const invitation = await invite(org.owner.client, orgId, person.user.email, "fleeting");
      // What a delete racing the invitation would leave behind.
      await db().deleteFrom("organizationRole").where("role", "=", "fleeting").execute();
      const res = await person.client.post(api("accept-invitation"), { invitationId: invitation.id });
      expectCode(res, 400, "ROLE_NOT_FOUND");
      expect((await listMembers(org.owner.client, orgId)).some((m) => m.userId === person.user.id)).toBe(false);
      const row = await db()
        .selectFrom("invitation")
        .select("status")
        .where("id", "=", invitation.id)
        .executeTakeFirst();
      expect(row?.status).toBe("pending");
    });

    it("built-in roles cannot be deleted", async () => {
      expectCode(
        await org.owner.client.post(api("delete-role"), { organizationId: orgId, roleName: "admin" }),
        400,
        "CANNOT_DELETE_A_PRE_DEFINED_ROLE",
      );
    });
  });

  describe("renaming", () => {
    it("every member and pending invitation holding the role holds it under its new name", async () => {
      expectStatus(await createRole(org.owner.client, "support", { member: ["update"] }), 200);
      const a = await joined("support-a");
      const b = await joined("support-b");
      expectStatus(await setRole(org.owner.client, a.member.id, ["member", "support"]), 200);
      expectStatus(await setRole(org.owner.client, b.member.id, "support"), 200);
      // A role whose name contains the old one is left alone.
      expectStatus(await createRole(org.owner.client, "support-lead", {}), 200);
      const c = await joined("support-c");
      expectStatus(await setRole(org.owner.client, c.member.id, "support-lead"), 200);
      const invitation = await invite(org.owner.client, orgId, uniqueEmail("support-i"), "support");
      const res = await org.owner.client.post(api("update-role"), {
        organizationId: orgId,
        roleName: "support",
        data: { roleName: "helpdesk" },
      });
      expectStatus(res, 200);
      expect(res.body.roleData.role).toBe("helpdesk");
      expect(await memberRole(a.member.id)).toBe("member,helpdesk");
      expect(await memberRole(b.member.id)).toBe("helpdesk");
      expect(await memberRole(c.member.id)).toBe("support-lead");
      const inv = await db().selectFrom("invitation").select("role").where("id", "=", invitation.id).executeTakeFirst();
      expect(inv?.role).toBe("helpdesk");
      expect(await hasPermission(b.person.client, { member: ["update"] })).toBe(true);
      expectCode(
        await org.owner.client.get(api("get-role"), { organizationId: orgId, roleName: "support" }),
        400,
        "ROLE_NOT_FOUND",
      );
    });

    it("a rename to a bad or taken name is refused and changes nothing", async () => {
      expectStatus(await createRole(org.owner.client, "keep", {}), 200);
      const { member } = await joined("keep");
      expectStatus(await setRole(org.owner.client, member.id, "keep"), 200);
      const rename = (roleName: string) =>
        org.owner.client.post(api("update-role"), { organizationId: orgId, roleName: "keep", data: { roleName } });
      expectCode(await rename("Keep Me"), 400, "INVALID_ROLE_NAME");
      expectCode(await rename("admin"), 400, "ROLE_NAME_IS_ALREADY_TAKEN");
      expectCode(await rename("sales"), 400, "ROLE_NAME_IS_ALREADY_TAKEN");
      expect(await memberRole(member.id)).toBe("keep");
    });
  });

  describe("has-permission and the permissions route", () => {
    let person: Person;
    beforeAll(async () => {
      expectStatus(await createRole(org.owner.client, "updater", { member: ["update"], audit: ["read"] }), 200);
      expectStatus(await createRole(org.owner.client, "teams", { team: ["create", "update"] }), 200);
      const m = await joined("two-roles");
      person = m.person;
      expectStatus(await setRole(org.owner.client, m.member.id, ["updater", "teams"]), 200);
    });

    it("has-permission: AND within one role; a member with several roles is allowed what any one role allows", async () => {
      expect(await hasPermission(person.client, { member: ["update"] })).toBe(true);
      expect(await hasPermission(person.client, { team: ["create"] })).toBe(true);
      expect(await hasPermission(person.client, { team: ["create", "update"] })).toBe(true);
      expect(await hasPermission(person.client, { member: ["update"], audit: ["read"] })).toBe(true);
      // Every action asked must be held (AND) …
      expect(await hasPermission(person.client, { team: ["create", "delete"] })).toBe(false);
      expect(await hasPermission(person.client, { member: ["update", "delete"] })).toBe(false);
      // … by one of the roles (OR between roles): no single role holds both of these.
      expect(await hasPermission(person.client, { member: ["update"], team: ["create"] })).toBe(false);
      expect(await hasPermission(person.client, { organization: ["update"] })).toBe(false);
    });

    it("GET /api/organizations/:id/permissions: the roles and the union of their permissions", async () => {
      const res = expectStatus(await person.client.get(`/api/organizations/${orgId}/permissions`), 200);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.body.roles).toEqual(["updater", "teams"]);
      expect(res.body.permissions).toMatchObject({
        member: ["update"],
        team: ["create", "update"],
        audit: ["read"],
        organization: [],
        ac: [],
        webhook: [],
      });
    });

    it("the permissions route says exactly what has-permission allows, for every statement and role", async () => {
      const { organizationAc } = await import("../../src/shared/permissions.js");
      const cells = Object.entries(organizationAc.statements).flatMap(([r, actions]) =>
        (actions as readonly string[]).map((a) => [r, a] as const),
      );
      for (const who of [org.owner, org.admin, org.member, person]) {
        const perms = expectStatus(await who.client.get(`/api/organizations/${orgId}/permissions`), 200).body
          .permissions as Record<string, string[]>;
        for (const [resource, action] of cells) {
          const allowed = await hasPermission(who.client, { [resource]: [action] });
          expect(perms[resource]?.includes(action) ?? false, `${who.user.email} ${resource}:${action}`).toBe(allowed);
        }
      }
    });

    it("401 signed out, 403 FORBIDDEN for a non-member, 403 MFA_REQUIRED when the policy holds the member back", async () => {
      expect((await server.client().get(`/api/organizations/${orgId}/permissions`)).status).toBe(401);
      const outsider = await signUpPerson(server, "outsider");
      expectCode(await outsider.client.get(`/api/organizations/${orgId}/permissions`), 403, "FORBIDDEN");
      expectCode(await outsider.client.get(`/api/organizations/nonexistent/permissions`), 403, "FORBIDDEN");
      const strict = expectStatus(
        await org.owner.client.post(api("create"), { name: "Strict", slug: uniqueEmail("strict").split("@")[0] }),
        200,
      );
      await joinQuickly(org.owner.client, strict.body.id, person, "member");
      const ctx = await server.running.auth.$context;
      await ctx.adapter.update({
        model: "organization",
        where: [{ field: "id", value: strict.body.id }],
        update: { requireMfa: true },
      });
      expectCode(await person.client.get(`/api/organizations/${strict.body.id}/permissions`), 403, "MFA_REQUIRED");
      expectCode(await outsider.client.get(`/api/organizations/${strict.body.id}/permissions`), 403, "FORBIDDEN");
    });

    it("a change of role or of a role's permissions shows at once", async () => {
      const m = await joined("changing");
      expectStatus(await createRole(org.owner.client, "changing", { team: ["create"] }), 200);
      const perms = async () =>
        expectStatus(await m.person.client.get(`/api/organizations/${orgId}/permissions`), 200).body;
      expect((await perms()).permissions.team).toEqual([]);
      expectStatus(await setRole(org.owner.client, m.member.id, "changing"), 200);
      expect((await perms()).permissions.team).toEqual(["create"]);
      expect(await hasPermission(m.person.client, { team: ["create"] })).toBe(true);
      expectStatus(
        await org.owner.client.post(api("update-role"), {
          organizationId: orgId,
          roleName: "changing",
          data: { permission: { team: ["delete"] } },
        }),
        200,
      );
      expect((await perms()).permissions.team).toEqual(["delete"]);
      expect(await hasPermission(m.person.client, { team: ["create"] })).toBe(false);
      const created = await m.person.client.post(api("create-team"), { organizationId: orgId, name: "No more" });
      expect(created.status).toBe(403);
    });
  });

  describe("audit", () => {
    it("role.created, role.updated (with a rename) and role.deleted, with name and permissions", async () => {
      expectStatus(await createRole(org.owner.client, "audited", { team: ["create"] }), 200);
      expectStatus(
        await org.owner.client.post(api("update-role"), {
          organizationId: orgId,
          roleName: "audited",
          data: { roleName: "audited-2", permission: { team: ["create", "update"] } },
        }),
        200,
      );
      expectStatus(
        await org.owner.client.post(api("delete-role"), { organizationId: orgId, roleName: "audited-2" }),
        200,
      );
      // A refused change is not recorded.
      expectCode(await createRole(org.owner.client, "Audited", {}), 400, "INVALID_ROLE_NAME");
      const ctx = await server.running.auth.$context;
      const rows = await ctx.adapter.findMany<{ action: string; actorId: string; targetType: string; detail: string }>({
        model: "auditEvent",
        where: [
          { field: "organizationId", value: orgId },
          { field: "action", operator: "starts_with", value: "role." },
        ],
        sortBy: { field: "createdAt", direction: "asc" },
      });
      const mine = rows
        .map((r) => ({
          action: r.action,
          actorId: r.actorId,
          targetType: r.targetType,
          detail: JSON.parse(r.detail as string),
        }))
        .filter((r) => String(r.detail.role).startsWith("audited"));
      expect(mine).toEqual([
        {
          action: "role.created",
          actorId: org.owner.user.id,
          targetType: "role",
          detail: { role: "audited", permissions: { team: ["create"] } },
        },
        {
          action: "role.updated",
          actorId: org.owner.user.id,
          targetType: "role",
          detail: {
            role: "audited-2",
            from: "audited",
            fields: ["roleName", "permission"],
            permissions: { team: ["create", "update"] },
          },
        },
        {
          action: "role.deleted",
          actorId: org.owner.user.id,
          targetType: "role",
          detail: { role: "audited-2", permissions: { team: ["create", "update"] } },
        },
      ]);
    });
  });
});
