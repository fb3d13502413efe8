import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organizationRoles, siteRoles } from "../../src/shared/permissions.js";
import { databaseKinds } from "../helpers/databases.js";
import {
  createAdminWithCli,
  expectRefusal,
  expectStatus,
  type Person,
  sessionOf,
  signUpPerson,
} from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const admin = (path: string) => `/api/auth/admin/${path}`;

// SPEC §7 POST /admin/stop-impersonating; §6 admin "impersonate" on user.
describe.each(databaseKinds)("admin impersonation on %s", (kind) => {
  let server: TestServer;
  let root: Person;
  let target: Person;

  beforeAll(async () => {
    server = await startTestServer(kind);
    [root, target] = await Promise.all([createAdminWithCli(server, "imp-root"), signUpPerson(server, "imp-target")]);
  });
  afterAll(() => server?.close());

  it("an admin acts as the user, then stop-impersonating returns to the admin's own session", async () => {
    const own = await sessionOf(root.client);
    const ownToken = root.client.sessionCookie;

    const res = await root.client.post(admin("impersonate-user"), { userId: target.user.id });
    expectStatus(res, 200);
    expect(res.body.user.id).toBe(target.user.id);
    const acting = await sessionOf(root.client);
    expect(acting.user.id).toBe(target.user.id);
    expect(acting.session.impersonatedBy).toBe(root.user.id);
    expect(root.client.sessionCookie).not.toBe(ownToken);
    // While acting as a plain user, the admin calls are the user's: refused.
    expectRefusal(await root.client.get(admin("list-users")), 403, "You are not allowed to list users");

    const back = await root.client.post(admin("stop-impersonating"));
    expectStatus(back, 200);
    expect(back.body.user.id).toBe(root.user.id);
    const restored = await sessionOf(root.client);
    expect(restored.user.id).toBe(root.user.id);
    expect(restored.session.impersonatedBy ?? null).toBeNull();
    expect(restored.session).toMatchObject({ id: (own.session as { id: string }).id });
    expect(root.client.cookies.has("tessera.admin_session")).toBe(false);
    expectStatus(await root.client.get(admin("list-users")), 200);

    // The impersonation session is gone; the user's own session was never touched.
    const left = await server.running.database.db
      .selectFrom("session")
      .select("id")
      .where("impersonatedBy", "=", root.user.id)
      .execute();
    expect(left).toEqual([]);
    expect((await sessionOf(target.client)).user.id).toBe(target.user.id);
  });

  it("refuses a plain user, another admin as target, and stopping when not impersonating", async () => {
    expectRefusal(
      await target.client.post(admin("impersonate-user"), { userId: root.user.id }),
      403,
      "You are not allowed to impersonate users",
    );
    const other = await createAdminWithCli(server, "imp-other");
    expectRefusal(
      await root.client.post(admin("impersonate-user"), { userId: other.user.id }),
      403,
      "You cannot impersonate admins",
    );
    expectRefusal(await root.client.post(admin("stop-impersonating")), 400, "You are not impersonating anyone");
    expect((await sessionOf(root.client)).user.id).toBe(root.user.id);
  });
});

// SPEC §6 "Permission messages": what the shared access-control data (used by the web app to show or
// hide controls) answers for a role lacking a permission. Over HTTP the engine uses its specific messages.
describe("permission messages of the role data", () => {
  it("'You are not allowed to access resource' for a resource the role has no statement on", () => {
    expect(siteRoles.user.authorize({ user: ["list"] })).toEqual({
      success: false,
      error: "You are not allowed to access resource: user",
    });
  });

  it("'unauthorized to access resource' for an action the role does not hold", () => {
    expect(siteRoles.admin.authorize({ session: ["list", "impersonate" as "list"] })).toEqual({
      success: false,
      error: 'unauthorized to access resource "session"',
    });
    expect(organizationRoles.admin.authorize({ organization: ["delete"] })).toEqual({
      success: false,
      error: 'unauthorized to access resource "organization"',
    });
  });

  it("'Not authorized' when none of several alternatives (OR) is held", () => {
    expect(organizationRoles.member.authorize({ team: ["create"], member: ["delete"] }, "OR")).toEqual({
      success: false,
      error: "Not authorized",
    });
    expect(organizationRoles.owner.authorize({ team: ["create"], member: ["delete"] })).toEqual({ success: true });
  });
});
