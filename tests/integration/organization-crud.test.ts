import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../helpers/databases.js";
import {
  createOrganization,
  expectRefusal,
  expectStatus,
  type Person,
  sessionOf,
  signUpPerson,
  uniqueSlug,
} from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

// SPEC §7 organization calls: create, check-slug, update, delete, list, get-full-organization,
// set-active, get-active-member; §3 metadata as a record; §5 slug uniqueness.
describe.each(databaseKinds)("organization create, read, update, delete on %s", (kind) => {
  let server: TestServer;
  let alice: Person;
  let bob: Person;
  beforeAll(async () => {
    server = await startTestServer(kind);
    [alice, bob] = await Promise.all([signUpPerson(server, "alice", "Alice"), signUpPerson(server, "bob", "Bob")]);
  });
  afterAll(() => server?.close());

  it("creates an organization whose creator is its owner, with logo and metadata as a record", async () => {
    const metadata = { plan: "pro", seats: 5, tags: ["a", "b"], nested: { on: true } };
    const slug = uniqueSlug("acme");
    const res = await alice.client.post("/api/auth/organization/create", {
      name: "Acme",
      slug,
      logo: "https://cdn.example.com/acme.png",
      metadata,
    });
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ name: "Acme", slug, logo: "https://cdn.example.com/acme.png", metadata });
    expect(res.body.id).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(res.body.members).toEqual([expect.objectContaining({ userId: alice.user.id, role: "owner" })]);

    // The new organization becomes the active one, and the creator's member row says owner.
    expect((await sessionOf(alice.client)).session.activeOrganizationId).toBe(res.body.id);
    const active = expectStatus(await alice.client.get("/api/auth/organization/get-active-member"), 200);
    expect(active.body).toMatchObject({ organizationId: res.body.id, userId: alice.user.id, role: "owner" });

    // Every read answers the metadata as the same record.
    const full = expectStatus(
      await alice.client.get("/api/auth/organization/get-full-organization", { organizationId: res.body.id }),
      200,
    );
    expect(full.body).toMatchObject({ id: res.body.id, name: "Acme", metadata });
    expect(full.body.members.map((m: { user: { email: string }; role: string }) => [m.user.email, m.role])).toEqual([
      [alice.user.email, "owner"],
    ]);
    const list = expectStatus(await alice.client.get("/api/auth/organization/list"), 200);
    expect(list.body.find((o: { id: string }) => o.id === res.body.id)).toMatchObject({ slug, metadata });
  });

  it("userId names the creator only in server-side calls: over HTTP the signed-in user is the owner", async () => {
    const org = await createOrganization(alice.client, "for-bob", { userId: bob.user.id });
    expect(org.members).toEqual([expect.objectContaining({ userId: alice.user.id, role: "owner" })]);
    const bobs = expectStatus(await bob.client.get("/api/auth/organization/list"), 200);
    expect(bobs.body.map((o: { id: string }) => o.id)).not.toContain(org.id);
    const anonymous = await server
      .client()
      .post("/api/auth/organization/create", { name: "Ghost", slug: uniqueSlug("ghost"), userId: bob.user.id });
    expect(anonymous.status).toBe(401);
  });

  it("keeps the current active organization when asked to", async () => {
    const first = await createOrganization(alice.client, "first");
    expect((await sessionOf(alice.client)).session.activeOrganizationId).toBe(first.id);
    const second = await createOrganization(alice.client, "second", { keepCurrentActiveOrganization: true });
    expect((await sessionOf(alice.client)).session.activeOrganizationId).toBe(first.id);
    const third = await createOrganization(alice.client, "third");
    expect((await sessionOf(alice.client)).session.activeOrganizationId).toBe(third.id);
    expect(second.members[0].role).toBe("owner");
  });

  it("refuses a taken slug on create, and check-slug tells free from taken", async () => {
    const org = await createOrganization(alice.client, "taken");
    expectRefusal(
      await bob.client.post("/api/auth/organization/create", { name: "Copy", slug: org.slug }),
      400,
      "Organization already exists",
    );
    const free = await bob.client.post("/api/auth/organization/check-slug", { slug: uniqueSlug("free") });
    expectStatus(free, 200);
    expect(free.body).toEqual({ status: true });
    expectRefusal(
      await bob.client.post("/api/auth/organization/check-slug", { slug: org.slug }),
      400,
      "Organization slug already taken",
    );
  });

  it("refuses bad input with a 4xx and a message, never a 500", async () => {
    for (const body of [
      { name: "", slug: uniqueSlug("x") },
      { name: "No slug" },
      { name: "Bad metadata", slug: uniqueSlug("x"), metadata: "not a record" },
      { name: "Bad metadata", slug: uniqueSlug("x"), metadata: ["a"] },
    ]) {
      const res = await alice.client.post("/api/auth/organization/create", body);
      expect(res.status, res.text).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    const anonymous = await server.client().post("/api/auth/organization/create", { name: "X", slug: uniqueSlug("x") });
    expect(anonymous.status).toBe(401);
  });

  it("updates name, slug, logo and metadata; another organization's slug is refused", async () => {
    const org = await createOrganization(alice.client, "upd", { metadata: { plan: "free" } });
    const other = await createOrganization(bob.client, "other");
    const newSlug = uniqueSlug("renamed");
    const res = await alice.client.post("/api/auth/organization/update", {
      organizationId: org.id,
      data: {
        name: "Renamed",
        slug: newSlug,
        logo: "https://cdn.example.com/new.png",
        metadata: { plan: "pro", n: 1 },
      },
    });
    expectStatus(res, 200);
    expect(res.body).toMatchObject({
      id: org.id,
      name: "Renamed",
      slug: newSlug,
      logo: "https://cdn.example.com/new.png",
      metadata: { plan: "pro", n: 1 },
    });
    const full = await alice.client.get("/api/auth/organization/get-full-organization", { organizationId: org.id });
    expect(full.body).toMatchObject({ name: "Renamed", slug: newSlug, metadata: { plan: "pro", n: 1 } });

    expectRefusal(
      await alice.client.post("/api/auth/organization/update", { organizationId: org.id, data: { slug: other.slug } }),
      400,
      "Organization slug already taken",
    );
    // Its own slug is not "taken".
    expectStatus(
      await alice.client.post("/api/auth/organization/update", { organizationId: org.id, data: { slug: newSlug } }),
      200,
    );
    // Without organizationId the active organization is updated.
    await alice.client.post("/api/auth/organization/set-active", { organizationId: org.id });
    const viaActive = await alice.client.post("/api/auth/organization/update", { data: { name: "Via active" } });
    expectStatus(viaActive, 200);
    expect(viaActive.body).toMatchObject({ id: org.id, name: "Via active" });
    // Someone outside the organization cannot touch it.
    expectRefusal(
      await bob.client.post("/api/auth/organization/update", { organizationId: org.id, data: { name: "Hijack" } }),
      400,
      "User is not a member of the organization",
    );
  });

  it("lists only the organizations the user belongs to", async () => {
    const mine = await createOrganization(bob.client, "bobs");
    const list = expectStatus(await bob.client.get("/api/auth/organization/list"), 200);
    const ids = list.body.map((o: { id: string }) => o.id);
    expect(ids).toContain(mine.id);
    const alices = expectStatus(await alice.client.get("/api/auth/organization/list"), 200);
    expect(alices.body.map((o: { id: string }) => o.id)).not.toContain(mine.id);
    expectRefusal(
      await alice.client.get("/api/auth/organization/get-full-organization", { organizationId: mine.id }),
      403,
      "User is not a member of the organization",
    );
  });

  it("sets and clears the active organization; a non-member cannot make it active", async () => {
    const a = await createOrganization(alice.client, "act-a");
    const b = await createOrganization(alice.client, "act-b");
    const res = await alice.client.post("/api/auth/organization/set-active", { organizationId: a.id });
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ id: a.id, slug: a.slug });
    expect((await sessionOf(alice.client)).session.activeOrganizationId).toBe(a.id);
    expectStatus(await alice.client.post("/api/auth/organization/set-active", { organizationSlug: b.slug }), 200);
    expect((await sessionOf(alice.client)).session.activeOrganizationId).toBe(b.id);

    expectRefusal(
      await bob.client.post("/api/auth/organization/set-active", { organizationId: a.id }),
      403,
      "User is not a member of the organization",
    );
    expectStatus(await alice.client.post("/api/auth/organization/set-active", { organizationId: null }), 200);
    expect((await sessionOf(alice.client)).session.activeOrganizationId).toBeNull();
    expectRefusal(await alice.client.get("/api/auth/organization/get-active-member"), 400, "No active organization");
  });

  it("the owner deletes the organization: gone from every read, and no longer active", async () => {
    const org = await createOrganization(alice.client, "doomed");
    expect((await sessionOf(alice.client)).session.activeOrganizationId).toBe(org.id);
    const res = await alice.client.post("/api/auth/organization/delete", { organizationId: org.id });
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ id: org.id, slug: org.slug });

    const session = (await sessionOf(alice.client)).session;
    expect(session.activeOrganizationId).toBeNull();
    expect(session.activeTeamId ?? null).toBeNull();
    const list = await alice.client.get("/api/auth/organization/list");
    expect(list.body.map((o: { id: string }) => o.id)).not.toContain(org.id);
    expectRefusal(
      await alice.client.get("/api/auth/organization/get-full-organization", { organizationId: org.id }),
      400,
      "Organization not found",
    );
    // The slug is free again.
    expect((await alice.client.post("/api/auth/organization/check-slug", { slug: org.slug })).body).toEqual({
      status: true,
    });
    // Its teams went with it.
    const teams = await server.running.database.db
      .selectFrom("team")
      .select("id")
      .where("organizationId", "=", org.id)
      .execute();
    expect(teams).toEqual([]);
  });
});
