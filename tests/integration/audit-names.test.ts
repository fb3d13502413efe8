import type { DBAdapter } from "better-auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nameEvents } from "../../src/server/audit/names.js";
import { auditStore } from "../../src/server/audit/store.js";
import { databaseKinds } from "../helpers/databases.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

type Named = {
  action: string;
  actorId: string | null;
  targetId: string | null;
  detail: Record<string, unknown> | null;
  names: {
    actor: { name: string | null; email: string | null } | null;
    target: { name: string | null; email: string | null } | null;
    organization: string | null;
    team: string | null;
    impersonator: { name: string | null; email: string | null } | null;
  };
};

// Issue 22 item 2: the log names people, organizations and teams; ids stay in the CSV.
describe.each(databaseKinds)("audit log names on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server?.close());

  it("answers each event with the names and e-mails behind its ids, falling back when they are gone", async () => {
    const owner = await server.signUp("olga@example.com", { name: "Olga Owner" });
    const ian = await server.signUp("ian@example.com", { name: "Ian Invitee" });
    const org = await owner.client.post("/api/auth/organization/create", { name: "Acme Names", slug: "acme-names" });
    expect(org.status, org.text).toBe(200);
    const orgId = org.body.id as string;
    const team = await owner.client.post("/api/auth/organization/create-team", { name: "Red", organizationId: orgId });
    expect(team.status, team.text).toBe(200);
    const invite = await owner.client.post("/api/auth/organization/invite-member", {
      email: "ian@example.com",
      role: "member",
      organizationId: orgId,
    });
    expect(invite.status, invite.text).toBe(200);
    const accepted = await ian.client.post("/api/auth/organization/accept-invitation", {
      invitationId: invite.body.id,
    });
    expect(accepted.status, accepted.text).toBe(200);
    const added = await owner.client.post("/api/auth/organization/add-team-member", {
      teamId: team.body.id,
      userId: ian.user.id,
    });
    expect(added.status, added.text).toBe(200);

    const read = async (client = owner.client, query: Record<string, string> = { organizationId: orgId }) => {
      const log = await client.get("/api/audit", query);
      expect(log.status, log.text).toBe(200);
      return log.body.events as Named[];
    };
    const one = (events: Named[], action: string, targetId?: string) => {
      const found = events.filter((e) => e.action === action && (!targetId || e.targetId === targetId));
      expect(found, action).toHaveLength(1);
      return found[0]!;
    };

    let events = await read();
    const olga = { name: "Olga Owner", email: "olga@example.com" };
    const ianNamed = { name: "Ian Invitee", email: "ian@example.com" };
    expect(one(events, "organization.created").names).toMatchObject({
      actor: olga,
      target: { name: "Acme Names" },
      organization: "Acme Names",
    });
    expect(one(events, "team.created").names.target).toEqual({ name: "Red", email: null });
    expect(one(events, "invitation.created").names.target).toEqual({ name: null, email: "ian@example.com" });
    expect(one(events, "invitation.accepted").names.actor).toEqual(ianNamed);
    expect(one(events, "member.added").names.target).toEqual(ianNamed);
    const teamAdded = one(events, "team.member_added");
    expect(teamAdded.names).toMatchObject({ actor: olga, target: ianNamed, team: "Red" });
    // The raw ids are still there, for the row's detail and the CSV.
    expect(teamAdded.detail?.teamId).toBe(team.body.id);
    expect(teamAdded.targetId).toBe(ian.user.id);

    // Renamed: the log says what things are called now.
    await owner.client.post("/api/auth/organization/update-team", { teamId: team.body.id, data: { name: "Blue" } });
    events = await read();
    expect(one(events, "team.member_added").names.team).toBe("Blue");

    // Gone: a deleted team falls back to the name it was created with; a deleted user to nothing
    // (the screen shows the recorded e-mail, or the id).
    await owner.client.post("/api/auth/organization/remove-team-member", { teamId: team.body.id, userId: ian.user.id });
    const second = await owner.client.post("/api/auth/organization/create-team", {
      name: "Spare",
      organizationId: orgId,
    });
    expect(second.status, second.text).toBe(200);
    expect(
      (await owner.client.post("/api/auth/organization/remove-team", { teamId: team.body.id, organizationId: orgId }))
        .status,
    ).toBe(200);
    const admin = await server.signUp("root-names@example.com", { name: "Root" });
    await (await server.running.auth.$context).internalAdapter.updateUser(admin.user.id, { role: "admin" });
    expect((await admin.client.post("/api/auth/admin/remove-user", { userId: ian.user.id })).status).toBe(200);

    events = await read();
    expect(one(events, "team.created", team.body.id).names.target).toEqual({ name: "Red", email: null });
    expect(one(events, "team.member_added").names.team).toBeNull();
    const acceptedGone = one(events, "invitation.accepted");
    expect(acceptedGone.names.actor).toBeNull();
    expect(acceptedGone.actorId).toBe(ian.user.id);
    expect(one(events, "invitation.created").names.target).toEqual({ name: null, email: "ian@example.com" });

    // The site's log names each event's organization.
    const site = await read(admin.client, { actor: "olga@example.com", action: "organization.created" });
    expect(site.find((e) => e.targetId === orgId)?.names.organization).toBe("Acme Names");

    // The CSV is unchanged: ids, no names.
    const csv = await owner.client.get("/api/audit", { organizationId: orgId, format: "csv" });
    expect(csv.text.split("\r\n")[0]).toBe(
      "createdAt,action,actorId,actorEmail,targetType,targetId,organizationId,ipAddress,userAgent,detail",
    );
    expect(csv.text).toContain(ian.user.id);
    expect(csv.text).not.toContain("Olga Owner");
  });

  it("names a page with a fixed number of queries, however many events it holds", async () => {
    const { adapter } = await server.running.auth.$context;
    const counted = (calls: { n: number }) =>
      new Proxy(adapter, {
        get(target, prop, receiver) {
          const value = Reflect.get(target, prop, receiver);
          if (typeof value !== "function") return value;
          return (...args: unknown[]) => {
            calls.n += 1;
            return value.apply(target, args);
          };
        },
      }) as DBAdapter<any>;
    const store = auditStore(adapter);
    const small = (await store.list({ page: 1, pageSize: 1 })).events;
    const large = (await store.list({ page: 1, pageSize: 100 })).events;
    expect(large.length).toBeGreaterThan(10);
    const forSmall = { n: 0 };
    const forLarge = { n: 0 };
    await nameEvents(counted(forSmall), small);
    const named = await nameEvents(counted(forLarge), large);
    expect(forLarge.n).toBeLessThanOrEqual(4);
    expect(forLarge.n).toBeGreaterThanOrEqual(forSmall.n);
    expect(named.filter((e) => e.names.actor).length).toBeGreaterThan(5);
  });
});
