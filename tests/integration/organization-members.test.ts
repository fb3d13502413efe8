import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "../helpers/client.js";
import { databaseKinds } from "../helpers/databases.js";
import {
  createOrganization,
  expectRefusal,
  expectStatus,
  joinQuickly,
  listMembers,
  newMember,
  type OrganizationSetup,
  type Person,
  sessionOf,
  setupOrganization,
  signUpPerson,
} from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const api = (path: string) => `/api/auth/organization/${path}`;
const ONLY_OWNER = "You cannot leave the organization as the only owner";

// SPEC §7 leave, remove-member, update-member-role, get-active-member; §4 "leaving, removing a member
// or deleting an organization clears the active organization"; §5 "the last owner cannot leave or be removed".
describe.each(databaseKinds)("organization members on %s", (kind) => {
  let server: TestServer;
  let org: OrganizationSetup;

  beforeAll(async () => {
    server = await startTestServer(kind);
    org = await setupOrganization(server, "mem");
  });
  afterAll(() => server?.close());

  /** A second browser signed in as the same person (another device). */
  async function secondDevice(person: Person) {
    const client = new TestClient(server.url);
    const res = await client.post("/api/auth/sign-in/email", {
      email: person.user.email,
      password: "correct horse battery",
    });
    expectStatus(res, 200);
    return client;
  }

  const joined = (tag: string, role = "member") => newMember(server, org.owner.client, org.organization.id, tag, role);

  it("get-active-member answers the caller's own member row in the active organization", async () => {
    await org.admin.client.post(api("set-active"), { organizationId: org.organization.id });
    const res = expectStatus(await org.admin.client.get(api("get-active-member")), 200);
    expect(res.body).toMatchObject({
      id: org.memberIds.admin,
      organizationId: org.organization.id,
      userId: org.admin.user.id,
      role: "admin",
    });
  });

  it("a member leaves: gone from the organization, and it is no longer active on any of their sessions", async () => {
    const { person } = await joined("leaver");
    const other = await secondDevice(person);
    expectStatus(await other.post(api("set-active"), { organizationId: org.organization.id }), 200);
    expect((await sessionOf(person.client)).session.activeOrganizationId).toBe(org.organization.id);

    const res = expectStatus(await person.client.post(api("leave"), { organizationId: org.organization.id }), 200);
    expect(res.body).toMatchObject({ userId: person.user.id, organizationId: org.organization.id });
    expect((await listMembers(org.owner.client, org.organization.id)).map((m) => m.userId)).not.toContain(
      person.user.id,
    );
    expect((await sessionOf(person.client)).session.activeOrganizationId).toBeNull();
    expect((await sessionOf(other)).session.activeOrganizationId).toBeNull();
    expectRefusal(
      await person.client.post(api("leave"), { organizationId: org.organization.id }),
      400,
      "Member not found",
    );
  });

  it("leaving another organization keeps the active one", async () => {
    const { person } = await joined("stayer");
    const side = await createOrganization(org.owner.client, "side", { keepCurrentActiveOrganization: true });
    await joinQuickly(org.owner.client, side.id, person, "member");
    await person.client.post(api("set-active"), { organizationId: org.organization.id });
    expectStatus(await person.client.post(api("leave"), { organizationId: side.id }), 200);
    expect((await sessionOf(person.client)).session.activeOrganizationId).toBe(org.organization.id);
  });

  it("the only owner cannot leave; with a second owner they can", async () => {
    const solo = await signUpPerson(server, "solo");
    const own = await createOrganization(solo.client, "solo");
    expectRefusal(await solo.client.post(api("leave"), { organizationId: own.id }), 400, ONLY_OWNER);

    const coOwner = await signUpPerson(server, "coowner");
    await joinQuickly(solo.client, own.id, coOwner, "owner");
    expectStatus(await solo.client.post(api("leave"), { organizationId: own.id }), 200);
    expectRefusal(await coOwner.client.post(api("leave"), { organizationId: own.id }), 400, ONLY_OWNER);
  });

  it("removes a member by id or by e-mail, and clears it as the removed user's active organization", async () => {
    const byId = await joined("removed-id");
    const byEmail = await joined("removed-mail");
    expect((await sessionOf(byId.person.client)).session.activeOrganizationId).toBe(org.organization.id);

    const res = await org.admin.client.post(api("remove-member"), {
      memberIdOrEmail: byId.member.id,
      organizationId: org.organization.id,
    });
    expectStatus(res, 200);
    expect(res.body.member).toMatchObject({ id: byId.member.id, userId: byId.person.user.id });
    expectStatus(
      await org.owner.client.post(api("remove-member"), {
        memberIdOrEmail: byEmail.person.user.email,
        organizationId: org.organization.id,
      }),
      200,
    );
    const remaining = (await listMembers(org.owner.client, org.organization.id)).map((m) => m.userId);
    expect(remaining).not.toContain(byId.person.user.id);
    expect(remaining).not.toContain(byEmail.person.user.id);

    for (const removed of [byId, byEmail]) {
      expect((await sessionOf(removed.person.client)).session.activeOrganizationId).toBeNull();
      expectRefusal(
        await removed.person.client.get(api("get-full-organization"), { organizationId: org.organization.id }),
        403,
        "User is not a member of the organization",
      );
    }
    // Removing the same member twice finds nobody.
    expectRefusal(
      await org.owner.client.post(api("remove-member"), {
        memberIdOrEmail: byId.member.id,
        organizationId: org.organization.id,
      }),
      400,
      "Member not found",
    );
  });

  it("deleting an organization clears it on every member's session that had it active", async () => {
    const owner = await signUpPerson(server, "del-owner");
    const doomed = await createOrganization(owner.client, "del");
    const keep = await createOrganization(owner.client, "keep", { keepCurrentActiveOrganization: true });
    const active = await signUpPerson(server, "del-active");
    const elsewhere = await signUpPerson(server, "del-elsewhere");
    await joinQuickly(owner.client, doomed.id, active, "member");
    await joinQuickly(owner.client, doomed.id, elsewhere, "admin");
    await joinQuickly(owner.client, keep.id, elsewhere, "member");
    expect((await sessionOf(elsewhere.client)).session.activeOrganizationId).toBe(keep.id);
    expect((await sessionOf(active.client)).session.activeOrganizationId).toBe(doomed.id);

    expectStatus(await owner.client.post(api("delete"), { organizationId: doomed.id }), 200);
    expect((await sessionOf(owner.client)).session.activeOrganizationId).toBeNull();
    expect((await sessionOf(active.client)).session).toMatchObject({ activeOrganizationId: null });
    // Someone working in another organization keeps it.
    expect((await sessionOf(elsewhere.client)).session.activeOrganizationId).toBe(keep.id);
  });

  it("without organizationId, remove-member works in the active organization", async () => {
    const target = await joined("removed-active");
    await org.owner.client.post(api("set-active"), { organizationId: org.organization.id });
    expectStatus(await org.owner.client.post(api("remove-member"), { memberIdOrEmail: target.member.id }), 200);
    expect((await listMembers(org.owner.client, org.organization.id)).map((m) => m.id)).not.toContain(target.member.id);
  });

  it("the last owner cannot be removed, by themselves or by an admin", async () => {
    expectRefusal(
      await org.owner.client.post(api("remove-member"), {
        memberIdOrEmail: org.memberIds.owner,
        organizationId: org.organization.id,
      }),
      400,
      ONLY_OWNER,
    );
    expectRefusal(
      await org.admin.client.post(api("remove-member"), {
        memberIdOrEmail: org.owner.user.email,
        organizationId: org.organization.id,
      }),
      400,
      ONLY_OWNER,
    );
    const owners = (await listMembers(org.owner.client, org.organization.id)).filter((m) => m.role === "owner");
    expect(owners.map((m) => m.userId)).toEqual([org.owner.user.id]);
  });

  it("update-member-role stores several comma-separated roles, and they grant their permissions", async () => {
    const { person, member } = await joined("multi");
    expectRefusal(
      await person.client.post(api("invite-member"), {
        email: "not-yet@example.com",
        role: "member",
        organizationId: org.organization.id,
      }),
      403,
      "You are not allowed to invite users to this organization",
    );
    const res = await org.owner.client.post(api("update-member-role"), {
      memberId: member.id,
      role: "member, admin",
      organizationId: org.organization.id,
    });
    expectStatus(res, 200);
    expect(res.body.role).toBe("member,admin");
    expect((await listMembers(org.owner.client, org.organization.id)).find((m) => m.id === member.id)?.role).toBe(
      "member,admin",
    );
    expectStatus(
      await person.client.post(api("invite-member"), {
        email: "now-allowed@example.com",
        role: "member",
        organizationId: org.organization.id,
      }),
      200,
    );
    // An array is the same as a comma-separated string.
    const asArray = await org.owner.client.post(api("update-member-role"), {
      memberId: member.id,
      role: ["admin", "member"],
      organizationId: org.organization.id,
    });
    expect(asArray.body.role).toBe("admin,member");
  });

  it("refuses role changes the rules forbid", async () => {
    const { member } = await joined("promoted");
    const update = (who: Person, memberId: string, role: string) =>
      who.client.post(api("update-member-role"), { memberId, role, organizationId: org.organization.id });
    const notAllowed = "You are not allowed to update this member";
    expectRefusal(await update(org.admin, org.memberIds.owner, "member"), 403, notAllowed);
    expectRefusal(await update(org.admin, member.id, "owner"), 403, notAllowed);
    expectRefusal(await update(org.member, member.id, "admin"), 403, notAllowed);
    expectRefusal(
      await update(org.owner, org.memberIds.owner, "admin"),
      400,
      "You cannot leave the organization without an owner",
    );
    expectRefusal(await update(org.owner, member.id, "boss"), 400, "Role not found: boss");
    expectRefusal(await update(org.owner, "no-such-member", "admin"), 400, "Member not found");
    // The owner can hand over ownership.
    expectStatus(await update(org.owner, member.id, "owner"), 200);
  });
});
