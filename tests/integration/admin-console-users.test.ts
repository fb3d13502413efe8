import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, signIn } from "../helpers/auth-flows.js";
import { databaseKinds } from "../helpers/databases.js";
import {
  createAdminWithCli,
  createOrganization,
  expectRefusal,
  expectStatus,
  joinQuickly,
  type Person,
  signUpPerson,
} from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const USERS = "/api/admin/users";
const NOT_ALLOWED = "You are not allowed to list users";

interface Listed {
  id: string;
  email: string;
  name: string;
  role: string | null;
  banned: boolean;
  emailVerified: boolean;
  createdAt: string;
}

// Issue 7: the admin console's user search (several filters at once, which the engine's list-users
// cannot do) and a user's accounts and organizations. Listing rights: SPEC §6 admin "user: list".
describe.each(databaseKinds)("admin console user search on %s", (kind) => {
  let server: TestServer;
  let root: Person;
  let plain: Person;
  const ids: Record<string, string> = {};

  /** Creates a user through the engine's admin call, as the console's "Create user" form does. */
  async function create(email: string, name: string, extra: { role?: string | string[]; verified?: boolean } = {}) {
    const res = await root.client.post("/api/auth/admin/create-user", {
      email,
      name,
      password: PASSWORD,
      ...(extra.role ? { role: extra.role } : {}),
      data: { emailVerified: extra.verified ?? true },
    });
    expectStatus(res, 200);
    return res.body.user.id as string;
  }

  const search = async (query: Record<string, string>, client = root.client) => {
    const res = expectStatus(await client.get(USERS, query), 200);
    return res.body as { users: Listed[]; total: number; page: number; pageSize: number };
  };
  const emailsOf = (r: { users: Listed[] }) => r.users.map((u) => u.email);

  beforeAll(async () => {
    server = await startTestServer(kind);
    [root, plain] = await Promise.all([createAdminWithCli(server, "root"), signUpPerson(server, "plain")]);
    ids.zed = await create("zed.alpha@example.com", "Zoë Alpha");
    ids.zelda = await create("zelda@example.org", "Beatrix Zed", { verified: false });
    ids.mod = await create("moderator@example.com", "Mod Erator", { role: ["user", "admin"] });
    ids.percent = await create("percent_sign@example.com", "Per Cent");
    ids.underscore = await create("percentXsign@example.com", "Under Score");
    expectStatus(await root.client.post("/api/auth/admin/ban-user", { userId: ids.zelda, banReason: "spam" }), 200);
  });
  afterAll(() => server?.close());

  // Issue 22 item 12: anywhere in the e-mail or the name, not only at the start.
  it("finds users by a case-insensitive fragment of their e-mail or name, anywhere in it", async () => {
    expect(emailsOf(await search({ q: "ZED" })).sort()).toEqual(["zed.alpha@example.com", "zelda@example.org"]);
    expect(emailsOf(await search({ q: "zel" }))).toEqual(["zelda@example.org"]);
    // Inside the name ("Beatrix Zed") and inside the e-mail ("zed.alpha@…").
    expect(emailsOf(await search({ q: "trix z" }))).toEqual(["zelda@example.org"]);
    expect(emailsOf(await search({ q: "ALPHA@" }))).toEqual(["zed.alpha@example.com"]);
    expect(emailsOf(await search({ q: "example.org" }))).toEqual(["zelda@example.org"]);
    // Not "zo": the base-36 clock in the other users' generated addresses (uniqueEmail) can hold it.
    expect((await search({ q: "zOë" })).users.map((u) => u.name)).toEqual(["Zoë Alpha"]);
    expect((await search({ q: "nobody-here" })).total).toBe(0);
  });

  it("takes % and _ typed in the box literally", async () => {
    expect(emailsOf(await search({ q: "percent_" }))).toEqual(["percent_sign@example.com"]);
    expect((await search({ q: "%" })).total).toBe(0);
    expect(emailsOf(await search({ q: "_" }))).toEqual(["percent_sign@example.com"]);
  });

  it("filters by role (also among several roles), ban and verification, together with the search", async () => {
    const admins = await search({ role: "admin" });
    expect(emailsOf(admins).sort()).toEqual([root.user.email, "moderator@example.com"].sort());
    expect(admins.users.find((u) => u.email === "moderator@example.com")?.role).toBe("user,admin");

    const banned = await search({ banned: "true" });
    expect(banned.users.map((u) => u.id)).toEqual([ids.zelda]);
    expect(banned.users[0]).toMatchObject({ banned: true, emailVerified: false });
    expect(emailsOf(await search({ banned: "false", q: "zel" }))).toEqual([]);

    expect(emailsOf(await search({ emailVerified: "false" }))).toEqual(["zelda@example.org"]);
    // Three filters and the search at once.
    expect(emailsOf(await search({ q: "z", banned: "true", emailVerified: "false" }))).toEqual(["zelda@example.org"]);
    expect(emailsOf(await search({ q: "z", banned: "true", emailVerified: "true" }))).toEqual([]);
    expect(emailsOf(await search({ q: "mod", role: "user" }))).toEqual(["moderator@example.com"]);
    expect(emailsOf(await search({ q: "zed", role: "admin" }))).toEqual([]);
  });

  it("sorts and pages, with the total of every match", async () => {
    const all = await search({ sortBy: "email", sortDirection: "asc", pageSize: "100" });
    expect(all.total).toBe(7);
    const sorted = [...emailsOf(all)].sort();
    expect(emailsOf(all)).toEqual(sorted);

    const page1 = await search({ sortBy: "email", sortDirection: "asc", pageSize: "3", page: "1" });
    const page3 = await search({ sortBy: "email", sortDirection: "asc", pageSize: "3", page: "3" });
    expect(page1).toMatchObject({ total: 7, page: 1, pageSize: 3 });
    expect(emailsOf(page1)).toEqual(sorted.slice(0, 3));
    expect(emailsOf(page3)).toEqual(sorted.slice(6));
    expect((await search({ page: "9", pageSize: "3" })).users).toEqual([]);

    const byName = await search({ sortBy: "name", sortDirection: "desc", q: "ze" });
    expect(byName.users.map((u) => u.name)).toEqual(["Zoë Alpha", "Beatrix Zed"]);
    // Newest first by default, the id breaking ties (users made within one millisecond share a createdAt).
    const newest = (await search({ pageSize: "100" })).users;
    const byAge = [...newest].sort((a, b) =>
      a.createdAt !== b.createdAt ? (a.createdAt < b.createdAt ? 1 : -1) : a.id < b.id ? 1 : -1,
    );
    expect(newest.map((u) => u.id)).toEqual(byAge.map((u) => u.id));
    expect(newest[0]?.createdAt).toBe(newest.find((u) => u.id === ids.underscore)?.createdAt);
  });

  it("answers bad input with 400 and a message naming the field", async () => {
    for (const [query, field] of [
      [{ pageSize: "1000" }, "pageSize"],
      [{ page: "0" }, "page"],
      [{ page: "two" }, "page"],
      [{ sortBy: "password" }, "sortBy"],
      [{ sortDirection: "sideways" }, "sortDirection"],
      [{ role: "superhero" }, "role"],
      [{ banned: "maybe" }, "banned"],
      [{ q: "x".repeat(321) }, "q"],
    ] as const) {
      const res = await root.client.get(USERS, query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body).toMatchObject({ code: "BAD_REQUEST" });
      expect(res.body.message).toMatch(new RegExp(`^${field}: `));
    }
  });

  it("refuses a plain user (403, the engine's words) and a stranger (401)", async () => {
    expectRefusal(await plain.client.get(USERS), 403, NOT_ALLOWED);
    expect((await plain.client.get(USERS)).body.code).toBe("YOU_ARE_NOT_ALLOWED_TO_LIST_USERS");
    expectRefusal(await plain.client.get(`${USERS}/${ids.zed}`), 403, NOT_ALLOWED);
    const stranger = await server.client().get(USERS);
    expect(stranger.status).toBe(401);
    expect((await server.client().get(`${USERS}/${ids.zed}`)).status).toBe(401);
  });

  it("refuses an admin while they act as a plain user", async () => {
    const acting = await createAdminWithCli(server, "acting");
    expectStatus(await acting.client.post("/api/auth/admin/impersonate-user", { userId: plain.user.id }), 200);
    expectRefusal(await acting.client.get(USERS), 403, NOT_ALLOWED);
    expectStatus(await acting.client.post("/api/auth/admin/stop-impersonating"), 200);
    expectStatus(await acting.client.get(USERS), 200);
  });

  it("shows one user: profile, sign-in methods without secrets, and organizations with roles", async () => {
    const org = await createOrganization(plain.client, "console");
    const joiner = await signUpPerson(server, "joiner", "Joiner");
    await joinQuickly(plain.client, org.id, joiner, "admin");

    const res = expectStatus(await root.client.get(`${USERS}/${joiner.user.id}`), 200);
    expect(res.body.user).toMatchObject({
      id: joiner.user.id,
      email: joiner.user.email,
      name: "Joiner",
      emailVerified: true,
      banned: false,
      role: "user",
    });
    expect(res.body.accounts).toEqual([
      { id: expect.any(String), providerId: "credential", createdAt: expect.any(String) },
    ]);
    expect(res.text).not.toMatch(/password|accessToken|refreshToken|idToken/i);
    expect(res.body.memberships).toEqual([
      { organizationId: org.id, name: org.name, slug: org.slug, role: "admin", createdAt: expect.any(String) },
    ]);
    expect(Number.isNaN(Date.parse(res.body.user.createdAt))).toBe(false);
    // Whether only ADMIN_USER_IDS admins may act on the user (the console hides the rest).
    expect(res.body.siteAdmin).toBe(false);
    expect(expectStatus(await root.client.get(`${USERS}/${root.user.id}`), 200).body.siteAdmin).toBe(true);

    const banned = expectStatus(await root.client.get(`${USERS}/${ids.zelda}`), 200);
    expect(banned.body.user).toMatchObject({ banned: true, banReason: "spam", emailVerified: false });
    expect(banned.body.memberships).toEqual([]);

    const missing = await root.client.get(`${USERS}/no-such-user`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: "USER_NOT_FOUND", message: "User not found" });
  });
});

describe.each(databaseKinds)("admin console user search by ADMIN_USER_IDS on %s", (kind) => {
  let first: TestServer;
  let second: TestServer | undefined;
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it("a listed user id searches and opens users without the admin role; others are still refused", async () => {
    first = await startTestServer(kind);
    const [ops, pleb] = await Promise.all([signUpPerson(first, "ops"), signUpPerson(first, "pleb")]);
    await first.running.close();
    second = await startTestServer(kind, { database: first.database, env: { ADMIN_USER_IDS: ops.user.id } });
    const { client: opsClient, res: opsIn } = await signIn(second, ops.user.email);
    const { client: plebClient, res: plebIn } = await signIn(second, pleb.user.email);
    expectStatus(opsIn, 200);
    expectStatus(plebIn, 200);

    const res = expectStatus(await opsClient.get(USERS, { q: "pleb" }), 200);
    expect(res.body.users.map((u: Listed) => u.id)).toEqual([pleb.user.id]);
    expect(res.body.users[0].role).toBe("user");
    expect(expectStatus(await opsClient.get(`${USERS}/${pleb.user.id}`), 200).body.siteAdmin).toBe(false);
    // Listed without the admin role: still an admin others may not act on.
    expect(expectStatus(await opsClient.get(`${USERS}/${ops.user.id}`), 200).body.siteAdmin).toBe(true);
    expectRefusal(await plebClient.get(USERS), 403, NOT_ALLOWED);
  });
});
