import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditEventRow } from "../../src/server/audit/schema.js";
import { databaseKinds } from "../helpers/databases.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

describe.each(databaseKinds)("audit log on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server?.close());

  const ctx = () => server.running.auth.$context;
  async function eventsFor(action: string, targetId?: string) {
    const rows = await (await ctx()).adapter.findMany<AuditEventRow>({
      model: "auditEvent",
      where: [{ field: "action", value: action }, ...(targetId ? [{ field: "targetId", value: targetId }] : [])],
    });
    return rows;
  }
  async function makeSiteAdmin(userId: string) {
    await (await ctx()).internalAdapter.updateUser(userId, { role: "admin" });
  }

  it("records sign-up, e-mail verification, sign-in success and failure without the password", async () => {
    const { client, user, password } = await server.signUp("ana@example.com");
    expect(await eventsFor("user.signed_up", user.id)).toHaveLength(1);
    expect(await eventsFor("email.verified", user.id)).toHaveLength(1);

    const bad = await server
      .client()
      .post("/api/auth/sign-in/email", { email: "ana@example.com", password: "wrong-password-1" });
    expect(bad.status).toBe(401);
    const failed = await eventsFor("sign_in.failed", user.id);
    expect(failed).toHaveLength(1);
    expect(failed[0]?.actorEmail).toBe("ana@example.com");
    expect(JSON.stringify(failed)).not.toContain("wrong-password-1");

    const good = await client.post("/api/auth/sign-in/email", { email: "ana@example.com", password });
    expect(good.status).toBe(200);
    const succeeded = await eventsFor("sign_in.succeeded", user.id);
    expect(succeeded.length).toBeGreaterThanOrEqual(1);
    expect(succeeded.at(-1)?.actorId).toBe(user.id);
    expect(succeeded.at(-1)?.ipAddress).toBe("127.0.0.1");

    await client.post("/api/auth/sign-out");
    const out = await eventsFor("sign_out", user.id);
    expect(out).toHaveLength(1);
    expect(out[0]?.actorId).toBe(user.id);
  });

  it("records password change and reset, session revocation, account deletion", async () => {
    const { client, user, password } = await server.signUp("ben@example.com");
    expect(
      (await client.post("/api/auth/change-password", { currentPassword: password, newPassword: "another pass 123" }))
        .status,
    ).toBe(200);
    expect(await eventsFor("password.changed", user.id)).toHaveLength(1);

    const since = server.mail.messages.length;
    await server.client().post("/api/auth/request-password-reset", { email: "ben@example.com", redirectTo: "/reset" });
    const mail = await server.mail.waitFor("ben@example.com", /reset/i, { since });
    const token = new URL(mail.links.find((l) => l.includes("/reset-password/")) ?? "").pathname.split("/").pop();
    expect(
      (await server.client().post("/api/auth/reset-password", { token, newPassword: "third pass 12345" })).status,
    ).toBe(200);
    const reset = await eventsFor("password.reset", user.id);
    expect(reset).toHaveLength(1);
    expect(reset[0]?.actorId).toBe(user.id);

    const fresh = server.client();
    await fresh.post("/api/auth/sign-in/email", { email: "ben@example.com", password: "third pass 12345" });
    expect((await fresh.post("/api/auth/revoke-other-sessions")).status).toBe(200);
    const revoked = await eventsFor("session.revoked", user.id);
    expect(revoked).toHaveLength(1);
    expect(JSON.parse(revoked[0]?.detail ?? "{}")).toEqual({ scope: "others" });

    const sinceDelete = server.mail.messages.length;
    expect((await fresh.post("/api/auth/delete-user", { password: "third pass 12345" })).status).toBe(200);
    const del = await server.mail.waitFor("ben@example.com", /delet/i, { since: sinceDelete });
    const link = del.links.find((l) => l.includes("/delete-user/callback"));
    expect((await server.followMailLink(fresh, link ?? "")).status).toBeLessThan(400);
    expect(await eventsFor("user.deleted", user.id)).toHaveLength(1);
  });

  it("records organization, invitation, member and team events with the organization id", async () => {
    const owner = await server.signUp("owner@example.com");
    const invitee = await server.signUp("invitee@example.com");
    const created = await owner.client.post("/api/auth/organization/create", { name: "Acme", slug: "acme-audit" });
    expect(created.status).toBe(200);
    const orgId = created.body.id as string;
    const [orgCreated] = await eventsFor("organization.created", orgId);
    expect(orgCreated?.organizationId).toBe(orgId);
    expect(orgCreated?.actorId).toBe(owner.user.id);

    await owner.client.post("/api/auth/organization/update", { organizationId: orgId, data: { name: "Acme Ltd" } });
    expect(await eventsFor("organization.updated", orgId)).toHaveLength(1);

    const invite = await owner.client.post("/api/auth/organization/invite-member", {
      email: "invitee@example.com",
      role: "member",
      organizationId: orgId,
    });
    expect(invite.status).toBe(200);
    expect(await eventsFor("invitation.created", invite.body.id)).toHaveLength(1);
    expect(
      (await invitee.client.post("/api/auth/organization/accept-invitation", { invitationId: invite.body.id })).status,
    ).toBe(200);
    const [accepted] = await eventsFor("invitation.accepted", invite.body.id);
    expect(accepted?.actorId).toBe(invitee.user.id);
    expect(accepted?.organizationId).toBe(orgId);
    const [added] = await eventsFor("member.added", invitee.user.id);
    expect(added?.organizationId).toBe(orgId);

    const members = await owner.client.get("/api/auth/organization/list-members", { organizationId: orgId });
    const member = members.body.members.find((m: { userId: string }) => m.userId === invitee.user.id);
    await owner.client.post("/api/auth/organization/update-member-role", {
      memberId: member.id,
      role: "admin",
      organizationId: orgId,
    });
    const [roleChanged] = await eventsFor("member.role_changed", invitee.user.id);
    expect(JSON.parse(roleChanged?.detail ?? "{}").role).toBe("admin");

    const team = await owner.client.post("/api/auth/organization/create-team", { name: "Red", organizationId: orgId });
    expect(team.status).toBe(200);
    expect(await eventsFor("team.created", team.body.id)).toHaveLength(1);
    await owner.client.post("/api/auth/organization/update-team", { teamId: team.body.id, data: { name: "Blue" } });
    expect(await eventsFor("team.updated", team.body.id)).toHaveLength(1);
    await owner.client.post("/api/auth/organization/add-team-member", {
      teamId: team.body.id,
      userId: invitee.user.id,
    });
    const [teamAdded] = await eventsFor("team.member_added", invitee.user.id);
    expect(teamAdded?.organizationId).toBe(orgId);
    await owner.client.post("/api/auth/organization/remove-team-member", {
      teamId: team.body.id,
      userId: invitee.user.id,
    });
    expect(await eventsFor("team.member_removed", invitee.user.id)).toHaveLength(1);

    const second = await owner.client.post("/api/auth/organization/invite-member", {
      email: "x@example.com",
      role: "member",
      organizationId: orgId,
    });
    await owner.client.post("/api/auth/organization/cancel-invitation", { invitationId: second.body.id });
    expect(await eventsFor("invitation.canceled", second.body.id)).toHaveLength(1);

    await owner.client.post("/api/auth/organization/remove-member", {
      memberIdOrEmail: "invitee@example.com",
      organizationId: orgId,
    });
    const [removed] = await eventsFor("member.removed", invitee.user.id);
    expect(removed?.organizationId).toBe(orgId);

    // The organization's owner reads its log; the log is newest first and filterable.
    const log = await owner.client.get("/api/audit", { organizationId: orgId, pageSize: "5" });
    expect(log.status).toBe(200);
    expect(log.body.total).toBe(13);
    expect(log.body.events).toHaveLength(5);
    expect(log.body.events[0].action).toBe("member.removed");
    const onlyTeams = await owner.client.get("/api/audit", { organizationId: orgId, action: "team.created" });
    expect(onlyTeams.body.events.map((e: { action: string }) => e.action)).toEqual(["team.created"]);

    const csv = await owner.client.get("/api/audit", { organizationId: orgId, format: "csv" });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.text.split("\r\n")[0]).toBe(
      "createdAt,action,actorId,actorEmail,targetType,targetId,organizationId,ipAddress,userAgent,detail",
    );
    expect(csv.text).toContain("invitation.accepted");

    await owner.client.post("/api/auth/organization/delete", { organizationId: orgId });
    expect(await eventsFor("organization.deleted", orgId)).toHaveLength(1);
  });

  it("lets only owners/admins read their organization's log and only site admins read all", async () => {
    const a = await server.signUp("a-owner@example.com");
    const b = await server.signUp("b-owner@example.com");
    const m = await server.signUp("a-member@example.com");
    const orgA = (await a.client.post("/api/auth/organization/create", { name: "A", slug: "audit-a" })).body.id;
    const orgB = (await b.client.post("/api/auth/organization/create", { name: "B", slug: "audit-b" })).body.id;
    const inv = await a.client.post("/api/auth/organization/invite-member", {
      email: "a-member@example.com",
      role: "member",
      organizationId: orgA,
    });
    await m.client.post("/api/auth/organization/accept-invitation", { invitationId: inv.body.id });

    const cross = await a.client.get("/api/audit", { organizationId: orgB });
    expect(cross.status).toBe(403);
    expect(cross.body.message).toBe("You are not allowed to access resource");
    expect((await m.client.get("/api/audit", { organizationId: orgA })).status).toBe(403);
    expect((await a.client.get("/api/audit")).status).toBe(403);
    expect((await server.client().get("/api/audit")).status).toBe(401);
    expect((await a.client.get("/api/audit", { organizationId: orgA, from: "not a date" })).status).toBe(400);
    expect((await a.client.get("/api/audit", { organizationId: orgA, action: "drop table" })).status).toBe(400);
    // The query is checked before the permission: 400 for a member who may not read the log too.
    expect((await m.client.get("/api/audit", { organizationId: orgA, from: "not a date" })).status).toBe(400);

    await makeSiteAdmin(b.user.id);
    const all = await b.client.get("/api/audit", { actor: "a-owner@example.com" });
    expect(all.status).toBe(200);
    expect(all.body.events.every((e: { actorEmail: string }) => e.actorEmail === "a-owner@example.com")).toBe(true);
    expect(all.body.events.some((e: { organizationId: string }) => e.organizationId === orgA)).toBe(true);
  });

  it("records admin actions: create, role, ban, unban, impersonate, stop, set password, remove", async () => {
    const admin = await server.signUp("root@example.com");
    await makeSiteAdmin(admin.user.id);
    const created = await admin.client.post("/api/auth/admin/create-user", {
      email: "made@example.com",
      password: "made pass 123",
      name: "Made",
      role: "user",
    });
    expect(created.status).toBe(200);
    const userId = created.body.user.id as string;
    expect(await eventsFor("admin.user_created", userId)).toHaveLength(1);

    // A plain role: a role admin cannot act on another admin (src/server/auth/admin-rules.ts).
    await admin.client.post("/api/auth/admin/set-role", { userId, role: "user" });
    await admin.client.post("/api/auth/admin/ban-user", { userId, banReason: "spam" });
    await admin.client.post("/api/auth/admin/unban-user", { userId });
    await admin.client.post("/api/auth/admin/set-user-password", { userId, newPassword: "new made pass 1" });
    for (const action of ["admin.role_set", "admin.user_banned", "admin.user_unbanned", "admin.password_set"]) {
      const rows = await eventsFor(action, userId);
      expect(rows, action).toHaveLength(1);
      expect(rows[0]?.actorId, action).toBe(admin.user.id);
    }

    const plain = await admin.client.post("/api/auth/admin/create-user", {
      email: "plain@example.com",
      password: "plain pass 123",
      name: "Plain",
    });
    const plainId = plain.body.user.id as string;
    expect((await admin.client.post("/api/auth/admin/impersonate-user", { userId: plainId })).status).toBe(200);
    expect(await eventsFor("admin.impersonation_started", plainId)).toHaveLength(1);
    // While impersonating, actions are the user's, marked with the admin who did them.
    await admin.client.post("/api/auth/update-user", { name: "Plain Renamed" });
    const impOrgId = (await admin.client.post("/api/auth/organization/create", { name: "Imp", slug: "imp-audit" })).body
      .id;
    const [impOrg] = await eventsFor("organization.created", impOrgId);
    expect(impOrg?.actorId).toBe(plainId);
    expect(JSON.parse(impOrg?.detail ?? "{}").impersonatedBy).toBe(admin.user.id);
    expect((await admin.client.post("/api/auth/admin/stop-impersonating")).status).toBe(200);
    const [stopped] = await eventsFor("admin.impersonation_stopped", plainId);
    expect(stopped?.actorId).toBe(admin.user.id);

    await admin.client.post("/api/auth/admin/remove-user", { userId });
    expect(await eventsFor("admin.user_removed", userId)).toHaveLength(1);
    expect(await eventsFor("user.deleted", userId)).toHaveLength(0);
  });

  it("prunes events older than the retention period", async () => {
    const adapter = (await ctx()).adapter;
    await adapter.create({
      model: "auditEvent",
      data: { createdAt: new Date(Date.now() - 400 * 86_400_000), action: "sign_out", actorId: "old" },
    });
    const { auditStore } = await import("../../src/server/audit/store.js");
    expect(await auditStore(adapter).prune(365)).toBe(1);
    expect(await adapter.count({ model: "auditEvent", where: [{ field: "actorId", value: "old" }] })).toBe(0);
  });
});
