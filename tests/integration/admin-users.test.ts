import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../helpers/auth-flows.js";
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
const BANNED = "You have been banned from this application. Please contact support if you believe this is an error.";

// SPEC §6 site-wide roles (admin: list, set-role, ban …; user: nothing) and §7 admin calls,
// with the admin made by the CLI (`npm run cli -- create-admin`).
describe.each(databaseKinds)("site admin by role on %s", (kind) => {
  let server: TestServer;
  let root: Person;
  let plain: Person;

  beforeAll(async () => {
    server = await startTestServer(kind);
    [root, plain] = await Promise.all([createAdminWithCli(server, "root"), signUpPerson(server, "plain")]);
  });
  afterAll(() => server?.close());

  it("the CLI's admin is a verified admin who lists users; a plain user and a stranger are refused", async () => {
    expect((await sessionOf(root.client)).user).toMatchObject({ role: "admin", emailVerified: true });
    const res = expectStatus(await root.client.get(admin("list-users")), 200);
    const emails = res.body.users.map((u: { email: string }) => u.email);
    expect(emails).toEqual(expect.arrayContaining([root.user.email, plain.user.email]));
    expect(res.body.total).toBe(res.body.users.length);

    const search = expectStatus(
      await root.client.get(admin("list-users"), { searchValue: plain.user.email, searchField: "email" }),
      200,
    );
    expect(search.body.users.map((u: { email: string }) => u.email)).toEqual([plain.user.email]);

    expectRefusal(await plain.client.get(admin("list-users")), 403, "You are not allowed to list users");
    expect((await server.client().get(admin("list-users"))).status).toBe(401);
  });

  it("set-role grants and withdraws the admin calls; several roles may be given", async () => {
    const promoted = await signUpPerson(server, "promoted");
    expectRefusal(await promoted.client.get(admin("list-users")), 403, "You are not allowed to list users");

    const res = await root.client.post(admin("set-role"), { userId: promoted.user.id, role: "admin" });
    expectStatus(res, 200);
    expect(res.body.user).toMatchObject({ id: promoted.user.id, role: "admin" });
    expectStatus(await promoted.client.get(admin("list-users")), 200);

    // Another admin is out of a role admin's reach (only ADMIN_USER_IDS admins act on admins); they may step down.
    expectRefusal(
      await root.client.post(admin("set-role"), { userId: promoted.user.id, role: "user" }),
      403,
      "Only an admin listed in ADMIN_USER_IDS can act on another admin",
    );
    expectStatus(await promoted.client.post(admin("set-role"), { userId: promoted.user.id, role: "user" }), 200);
    expectRefusal(await promoted.client.get(admin("list-users")), 403, "You are not allowed to list users");

    const both = await root.client.post(admin("set-role"), { userId: promoted.user.id, role: ["user", "admin"] });
    expect(both.body.user.role).toBe("user,admin");
    expectStatus(await promoted.client.get(admin("list-users")), 200);

    expectRefusal(
      await root.client.post(admin("set-role"), { userId: plain.user.id, role: "superhero" }),
      400,
      "You are not allowed to set a non-existent role value",
    );
    expectRefusal(
      await plain.client.post(admin("set-role"), { userId: plain.user.id, role: "admin" }),
      403,
      "You are not allowed to change users role",
    );
    expect((await sessionOf(plain.client)).user.role).toBe("user");
  });

  it("a banned user is signed out and cannot sign in; unbanning lets them back", async () => {
    const banned = await signUpPerson(server, "banned");
    const res = await root.client.post(admin("ban-user"), { userId: banned.user.id, banReason: "spam" });
    expectStatus(res, 200);
    expect(res.body.user).toMatchObject({ id: banned.user.id, banned: true, banReason: "spam" });

    expect((await banned.client.get("/api/auth/get-session")).body).toBeNull();
    const { res: refused } = await signIn(server, banned.user.email);
    expectRefusal(refused, 403, BANNED);
    expect(refused.body.code).toBe("BANNED_USER");

    expectStatus(await root.client.post(admin("unban-user"), { userId: banned.user.id }), 200);
    expectStatus((await signIn(server, banned.user.email)).res, 200);
  });

  it("refuses bans a plain user asks for, and an admin banning themselves", async () => {
    expectRefusal(
      await plain.client.post(admin("ban-user"), { userId: root.user.id }),
      403,
      "You are not allowed to ban users",
    );
    expectRefusal(await root.client.post(admin("ban-user"), { userId: root.user.id }), 400, "You cannot ban yourself");
    expectStatus((await signIn(server, plain.user.email)).res, 200);
    expect((await sessionOf(root.client)).user.id).toBe(root.user.id);
  });
});

describe.each(databaseKinds)("site admin by ADMIN_USER_IDS on %s", (kind) => {
  let first: TestServer;
  let second: TestServer | undefined;
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it("a listed user id holds every admin right without the admin role", async () => {
    first = await startTestServer(kind);
    const [ops, pleb] = await Promise.all([signUpPerson(first, "ops"), signUpPerson(first, "pleb")]);
    await first.running.close();
    // The operator restarts the same database with the id listed.
    second = await startTestServer(kind, { database: first.database, env: { ADMIN_USER_IDS: ops.user.id } });
    const opsClient = (await signIn(second, ops.user.email)).client;
    const plebClient = (await signIn(second, pleb.user.email)).client;

    expect((await sessionOf(opsClient)).user.role).toBe("user");
    const list = expectStatus(await opsClient.get(admin("list-users")), 200);
    expect(list.body.users.map((u: { email: string }) => u.email).sort()).toEqual(
      [ops.user.email, pleb.user.email].sort(),
    );
    expectRefusal(await plebClient.get(admin("list-users")), 403, "You are not allowed to list users");
    expectRefusal(
      await plebClient.post(admin("ban-user"), { userId: ops.user.id }),
      403,
      "You are not allowed to ban users",
    );

    expectStatus(await opsClient.post(admin("ban-user"), { userId: pleb.user.id }), 200);
    expectRefusal((await signIn(second, pleb.user.email)).res, 403, BANNED);
    expectStatus(await opsClient.post(admin("set-role"), { userId: pleb.user.id, role: "admin" }), 200);
  });
});
