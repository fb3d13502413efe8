import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../helpers/databases.js";
import {
  expectRefusal,
  expectStatus,
  ORGANIZATION_ROLES,
  type OrganizationRoleName,
  type OrganizationSetup,
  roleAllows,
  SPEC_ROLE_ACTIONS,
  setupOrganization,
  signUpPerson,
} from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const api = (path: string) => `/api/auth/organization/${path}`;

// SPEC §6 "Organization roles" as the server answers /organization/has-permission, cell by cell.
// organization-roles.test.ts checks the same table through the calls themselves.
describe.each(databaseKinds)("organization permissions (SPEC §6) on %s", (kind) => {
  let server: TestServer;
  let org: OrganizationSetup;
  beforeAll(async () => {
    server = await startTestServer(kind);
    org = await setupOrganization(server, "perm");
  });
  afterAll(() => server?.close());

  const check = async (role: OrganizationRoleName, permissions: Record<string, string[]>) => {
    const res = await org[role].client.post(api("has-permission"), {
      organizationId: org.organization.id,
      permissions,
    });
    return expectStatus(res, 200).body.success as boolean;
  };

  it("answers every cell of the table for every role", async () => {
    const answers: string[] = [];
    const expected: string[] = [];
    for (const role of ORGANIZATION_ROLES) {
      for (const [resource, action] of SPEC_ROLE_ACTIONS) {
        answers.push(`${role} ${resource}:${action} ${await check(role, { [resource]: [action] })}`);
        expected.push(`${role} ${resource}:${action} ${roleAllows(role, resource, action)}`);
      }
    }
    expect(answers).toEqual(expected);
  });

  it("the only difference between owner and admin is deleting the organization", async () => {
    const differences: string[] = [];
    for (const [resource, action] of SPEC_ROLE_ACTIONS) {
      const [owner, admin] = await Promise.all([
        check("owner", { [resource]: [action] }),
        check("admin", { [resource]: [action] }),
      ]);
      if (owner !== admin) differences.push(`${resource}:${action}`);
    }
    expect(differences).toEqual(["organization:delete"]);
  });

  it("several requirements at once must all hold (AND)", async () => {
    const teamAndUpdate = { team: ["create"], organization: ["update"] };
    expect(await check("admin", teamAndUpdate)).toBe(true);
    expect(await check("member", teamAndUpdate)).toBe(false);
    expect(await check("owner", { organization: ["update", "delete"] })).toBe(true);
    expect(await check("admin", { organization: ["update", "delete"] })).toBe(false);
  });

  it("a member holding several roles has the union of their permissions", async () => {
    const multi = await signUpPerson(server, "perm-multi");
    const invitation = await org.owner.client.post(api("invite-member"), {
      email: multi.user.email,
      role: ["member", "admin"],
      organizationId: org.organization.id,
    });
    expectStatus(await multi.client.post(api("accept-invitation"), { invitationId: invitation.body.id }), 200);
    const res = await multi.client.post(api("has-permission"), {
      organizationId: org.organization.id,
      permissions: { invitation: ["create", "cancel"] },
    });
    expect(res.body.success).toBe(true);
  });

  it("someone outside the organization holds nothing in it", async () => {
    const outsider = await signUpPerson(server, "perm-outsider");
    expectRefusal(
      await outsider.client.post(api("has-permission"), {
        organizationId: org.organization.id,
        permissions: { organization: ["update"] },
      }),
      401,
      "User is not a member of the organization",
    );
  });
});
