import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../helpers/databases.js";
import {
  acceptFromMail,
  createOrganization,
  expectRefusal,
  expectStatus,
  invitationIdFromLink,
  invite,
  joinQuickly,
  listMembers,
  type OrganizationSetup,
  type Person,
  sessionOf,
  setupOrganization,
  signUpPerson,
} from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const api = (path: string) => `/api/auth/organization/${path}`;

// SPEC §4 invitation states, §6 "viewing and accepting an invitation is only for the invited e-mail",
// §7 invitation calls, and the invitation mail.
describe.each(databaseKinds)("organization invitations on %s", (kind) => {
  let server: TestServer;
  let org: OrganizationSetup;
  let stranger: Person;

  beforeAll(async () => {
    server = await startTestServer(kind);
    org = await setupOrganization(server, "inv");
    stranger = await signUpPerson(server, "stranger");
  });
  afterAll(() => server?.close());

  const invitationRow = (id: string) =>
    server.running.database.db.selectFrom("invitation").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  it("mails the invitee: organization, inviter and role named, link to /invitations/<id>, HTML escaped", async () => {
    const owner = await signUpPerson(server, "mailer", "Olivia Owner");
    const acme = await createOrganization(owner.client, "acme", { name: "<b>Acme</b>" });
    const invitee = await signUpPerson(server, "mailee");
    const since = server.mail.messages.length;
    const invitation = await invite(owner.client, acme.id, invitee.user.email, "admin");

    const mail = await server.mail.waitFor(invitee.user.email, /invited you/i, { since });
    expect(mail.subject).toContain("Olivia Owner");
    expect(mail.subject).toContain("<b>Acme</b>");
    const sentence = mail.text.split("\n").find((line) => line.includes("Olivia Owner invited you"));
    expect(sentence).toContain("<b>Acme</b>");
    expect(sentence).toMatch(/\bas admin\b/);
    const link = mail.links.find((l) => l.includes("/invitations/"));
    expect(link).toBe(`${server.url}/invitations/${invitation.id}`);
    expect(mail.html).toContain(`href="${server.url}/invitations/${invitation.id}"`);
    expect(mail.html).not.toContain("<b>Acme</b>");
    expect(mail.html).toMatch(/&(#60|lt);b&(#62|gt);Acme&(#60|lt);\/b&(#62|gt);/);
    expect(mail.text).toMatch(/expires in (48 hours|2 days)/);

    // Following the link the way the invitation page does makes them an admin.
    const accepted = await acceptFromMail(server, invitee, since);
    expect(accepted.member.role).toBe("admin");
  });

  it("pending → accepted: a member with the invitation's role, and that organization becomes active", async () => {
    const invitee = await signUpPerson(server, "accepter");
    const other = await createOrganization(invitee.client, "own");
    expect((await sessionOf(invitee.client)).session.activeOrganizationId).toBe(other.id);

    const invitation = await invite(org.admin.client, org.organization.id, invitee.user.email, "admin,member");
    expect(invitation).toMatchObject({ status: "pending", role: "admin,member", email: invitee.user.email });

    const view = expectStatus(await invitee.client.get(api("get-invitation"), { id: invitation.id }), 200);
    expect(view.body).toMatchObject({
      id: invitation.id,
      status: "pending",
      role: "admin,member",
      organizationId: org.organization.id,
      organizationName: org.organization.name,
      organizationSlug: org.organization.slug,
      inviterEmail: org.admin.user.email,
    });

    const res = expectStatus(await invitee.client.post(api("accept-invitation"), { invitationId: invitation.id }), 200);
    expect(res.body.invitation.status).toBe("accepted");
    expect(res.body.member).toMatchObject({ organizationId: org.organization.id, userId: invitee.user.id });
    expect((await sessionOf(invitee.client)).session.activeOrganizationId).toBe(org.organization.id);
    const active = expectStatus(await invitee.client.get(api("get-active-member")), 200);
    expect(active.body.role).toBe("admin,member");
    const row = (await listMembers(org.owner.client, org.organization.id)).find((m) => m.userId === invitee.user.id);
    expect(row?.role).toBe("admin,member");
    expect((await invitationRow(invitation.id)).status).toBe("accepted");

    // Accepted is final: no second accept, no reject, no cancel, no viewing.
    for (const path of ["accept-invitation", "reject-invitation"]) {
      expectRefusal(await invitee.client.post(api(path), { invitationId: invitation.id }), 400, "Invitation not found");
    }
    expectRefusal(
      await org.owner.client.post(api("cancel-invitation"), { invitationId: invitation.id }),
      400,
      "Invitation not found",
    );
    expectRefusal(await invitee.client.get(api("get-invitation"), { id: invitation.id }), 400, "Invitation not found");
    expect((await invitationRow(invitation.id)).status).toBe("accepted");
  });

  it("only the invited e-mail may view, accept or reject", async () => {
    const invitee = await signUpPerson(server, "recipient");
    const invitation = await invite(org.owner.client, org.organization.id, invitee.user.email, "member");
    const notYou = "You are not the recipient of the invitation";
    expectRefusal(await stranger.client.get(api("get-invitation"), { id: invitation.id }), 403, notYou);
    expectRefusal(await stranger.client.post(api("accept-invitation"), { invitationId: invitation.id }), 403, notYou);
    expectRefusal(await stranger.client.post(api("reject-invitation"), { invitationId: invitation.id }), 403, notYou);
    // Even a member of the organization is not the recipient.
    expectRefusal(await org.member.client.post(api("accept-invitation"), { invitationId: invitation.id }), 403, notYou);
    expect((await invitationRow(invitation.id)).status).toBe("pending");
    expect((await server.client().get(api("get-invitation"), { id: invitation.id })).status).toBe(401);
  });

  it("pending → rejected: no membership, and it can no longer be accepted", async () => {
    const invitee = await signUpPerson(server, "rejecter");
    const invitation = await invite(org.owner.client, org.organization.id, invitee.user.email, "member");
    const res = expectStatus(await invitee.client.post(api("reject-invitation"), { invitationId: invitation.id }), 200);
    expect(res.body.invitation.status).toBe("rejected");
    expect(res.body.member).toBeNull();
    expectRefusal(
      await invitee.client.post(api("accept-invitation"), { invitationId: invitation.id }),
      400,
      "Invitation not found",
    );
    expectRefusal(
      await invitee.client.post(api("reject-invitation"), { invitationId: invitation.id }),
      400,
      "Invitation not found",
    );
    expect((await listMembers(org.owner.client, org.organization.id)).map((m) => m.userId)).not.toContain(
      invitee.user.id,
    );
    expect((await invitationRow(invitation.id)).status).toBe("rejected");
  });

  it("pending → canceled: the invitee can neither accept nor reject it", async () => {
    const invitee = await signUpPerson(server, "canceled");
    const invitation = await invite(org.owner.client, org.organization.id, invitee.user.email, "member");
    const res = expectStatus(
      await org.admin.client.post(api("cancel-invitation"), { invitationId: invitation.id }),
      200,
    );
    expect(res.body).toMatchObject({ id: invitation.id, status: "canceled" });
    for (const path of ["accept-invitation", "reject-invitation"]) {
      expectRefusal(await invitee.client.post(api(path), { invitationId: invitation.id }), 400, "Invitation not found");
    }
    expectRefusal(
      await org.admin.client.post(api("cancel-invitation"), { invitationId: invitation.id }),
      400,
      "Invitation not found",
    );
    expect((await invitationRow(invitation.id)).status).toBe("canceled");
  });

  it("expires after 172800 seconds; an expired invitation cannot be viewed, accepted or rejected", async () => {
    const invitee = await signUpPerson(server, "late");
    const before = Date.now();
    const invitation = await invite(org.owner.client, org.organization.id, invitee.user.email, "member");
    const expiresAt = new Date(invitation.expiresAt).getTime();
    expect(Math.abs(expiresAt - new Date(invitation.createdAt).getTime() - 172_800_000)).toBeLessThan(5_000);
    expect(Math.abs(expiresAt - before - 172_800_000)).toBeLessThan(10_000);

    // Through the engine's own adapter, which stores dates the way each dialect expects.
    const { adapter } = await server.running.auth.$context;
    await adapter.update({
      model: "invitation",
      where: [{ field: "id", value: invitation.id }],
      update: { expiresAt: new Date(Date.now() - 60_000) },
    });
    expectRefusal(await invitee.client.get(api("get-invitation"), { id: invitation.id }), 400, "Invitation not found");
    for (const path of ["accept-invitation", "reject-invitation"]) {
      expectRefusal(await invitee.client.post(api(path), { invitationId: invitation.id }), 400, "Invitation not found");
    }
    expect((await invitationRow(invitation.id)).status).toBe("pending");
    expect((await listMembers(org.owner.client, org.organization.id)).map((m) => m.userId)).not.toContain(
      invitee.user.id,
    );
  });

  it("lists an organization's invitations for those who may invite; outsiders and members are refused", async () => {
    const email = "listed-invitee@example.com";
    const invitation = await invite(org.owner.client, org.organization.id, email, "member");
    for (const who of [org.owner, org.admin]) {
      const res = expectStatus(
        await who.client.get(api("list-invitations"), { organizationId: org.organization.id }),
        200,
      );
      expect(res.body.find((i: { id: string }) => i.id === invitation.id)).toMatchObject({ email, status: "pending" });
    }
    expectRefusal(
      await stranger.client.get(api("list-invitations"), { organizationId: org.organization.id }),
      403,
      "You are not a member of this organization",
    );
    expectRefusal(
      await org.member.client.get(api("list-invitations"), { organizationId: org.organization.id }),
      403,
      "You are not allowed to list invitations for this organization",
    );
  });

  it("lists a user's own pending invitations, and no one else's", async () => {
    const invitee = await signUpPerson(server, "mine");
    const invitation = await invite(org.owner.client, org.organization.id, invitee.user.email, "member");
    const res = expectStatus(await invitee.client.get(api("list-user-invitations")), 200);
    expect(res.body).toEqual([
      expect.objectContaining({
        id: invitation.id,
        organizationId: org.organization.id,
        organizationName: org.organization.name,
        status: "pending",
      }),
    ]);
    const theirs = expectStatus(await stranger.client.get(api("list-user-invitations")), 200);
    expect(theirs.body.map((i: { id: string }) => i.id)).not.toContain(invitation.id);
    // Asking for someone else's list by e-mail is refused over HTTP.
    expect((await stranger.client.get(api("list-user-invitations"), { email: invitee.user.email })).status).toBe(400);
    await invitee.client.post(api("reject-invitation"), { invitationId: invitation.id });
    expect((await invitee.client.get(api("list-user-invitations"))).body).toEqual([]);
  });

  it("refuses invitations that make no sense, with the engine's messages", async () => {
    const invitee = await signUpPerson(server, "dupe");
    await invite(org.owner.client, org.organization.id, invitee.user.email, "member");
    const post = (who: Person, body: Record<string, unknown>) =>
      who.client.post(api("invite-member"), { organizationId: org.organization.id, ...body });
    expectRefusal(
      await post(org.owner, { email: invitee.user.email, role: "member" }),
      400,
      "User is already invited to this organization",
    );
    expectRefusal(
      await post(org.owner, { email: org.member.user.email, role: "member" }),
      400,
      "User is already a member of this organization",
    );
    expectRefusal(
      await post(org.admin, { email: "would-be-owner@example.com", role: "owner" }),
      403,
      "You are not allowed to invite a user with this role",
    );
    expectRefusal(await post(org.owner, { email: "not-an-email", role: "member" }), 400, "Invalid email");
    expectRefusal(await post(org.owner, { email: "boss@example.com", role: "boss" }), 400, "Role not found: boss");
    expectRefusal(await post(stranger, { email: "x@example.com", role: "member" }), 400, "Member not found");
  });

  it("an invitation whose inviter left cannot be viewed", async () => {
    const inviter = await signUpPerson(server, "leaver");
    await joinQuickly(org.owner.client, org.organization.id, inviter, "admin");
    const invitee = await signUpPerson(server, "orphan");
    const invitation = await invite(inviter.client, org.organization.id, invitee.user.email, "member");
    expectStatus(await inviter.client.post(api("leave"), { organizationId: org.organization.id }), 200);
    expectRefusal(
      await invitee.client.get(api("get-invitation"), { id: invitation.id }),
      400,
      "Inviter is no longer a member of the organization",
    );
  });

  it("an invitation id from a mail link is the row's id", async () => {
    const invitee = await signUpPerson(server, "linked");
    const since = server.mail.messages.length;
    const invitation = await invite(org.owner.client, org.organization.id, invitee.user.email, "member");
    const mail = await server.mail.waitFor(invitee.user.email, /invited you/i, { since });
    const link = mail.links.find((l) => l.includes("/invitations/"));
    expect(invitationIdFromLink(server, link!)).toBe(invitation.id);
  });
});

describe.each(databaseKinds)("INVITATION_EXPIRES_IN on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { env: { INVITATION_EXPIRES_IN: "3600" } });
  });
  afterAll(() => server?.close());

  it("sets the invitation lifetime and the mail says so", async () => {
    const owner = await signUpPerson(server, "short-owner");
    const invitee = await signUpPerson(server, "short-invitee");
    const org = await createOrganization(owner.client, "short");
    const since = server.mail.messages.length;
    const invitation = await invite(owner.client, org.id, invitee.user.email, "member");
    const lifetime = new Date(invitation.expiresAt).getTime() - new Date(invitation.createdAt).getTime();
    expect(Math.abs(lifetime - 3_600_000)).toBeLessThan(5_000);
    const mail = await server.mail.waitFor(invitee.user.email, /invited you/i, { since });
    expect(mail.text).toMatch(/expires in (1 hour|60 minutes)\b/);
  });
});
