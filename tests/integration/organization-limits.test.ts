import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../helpers/auth-flows.js";
import { databaseKinds } from "../helpers/databases.js";
import {
  createOrganization,
  expectRefusal,
  expectStatus,
  invite,
  listMembers,
  signUpPerson,
  uniqueSlug,
} from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const api = (path: string) => `/api/auth/organization/${path}`;

// SPEC §5 "Organization creation may be restricted and limited by a count", §9 members per organization.
// Sequential here; concurrent accepts are covered with the database guards.
describe.each(databaseKinds)("MEMBERSHIP_LIMIT on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { env: { MEMBERSHIP_LIMIT: "3" } });
  });
  afterAll(() => server?.close());

  it("the 4th member's accept is refused; the invitation stays pending", async () => {
    const owner = await signUpPerson(server, "ml-owner");
    const org = await createOrganization(owner.client, "ml");
    const people = await Promise.all([1, 2, 3].map((n) => signUpPerson(server, `ml-${n}`)));
    const invitations = [];
    for (const person of people) invitations.push(await invite(owner.client, org.id, person.user.email, "member"));

    for (const [i, person] of people.slice(0, 2).entries()) {
      const res = await person.client.post(api("accept-invitation"), { invitationId: invitations[i]!.id });
      expectStatus(res, 200);
    }
    const fourth = people[2]!;
    expectRefusal(
      await fourth.client.post(api("accept-invitation"), { invitationId: invitations[2]!.id }),
      403,
      "Organization membership limit reached",
    );
    expect(await listMembers(owner.client, org.id)).toHaveLength(3);
    const view = expectStatus(await fourth.client.get(api("get-invitation"), { id: invitations[2]!.id }), 200);
    expect(view.body.status).toBe("pending");

    // A seat freed by someone leaving can be taken.
    expectStatus(await people[0]!.client.post(api("leave"), { organizationId: org.id }), 200);
    expectStatus(await fourth.client.post(api("accept-invitation"), { invitationId: invitations[2]!.id }), 200);
    expect(await listMembers(owner.client, org.id)).toHaveLength(3);
  });
});

describe.each(databaseKinds)("ORGANIZATION_LIMIT on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { env: { ORGANIZATION_LIMIT: "1" } });
  });
  afterAll(() => server?.close());

  it("refuses a second organization, and allows one again after the first is deleted", async () => {
    const user = await signUpPerson(server, "ol");
    const first = await createOrganization(user.client, "ol-first");
    expectRefusal(
      await user.client.post(api("create"), { name: "Second", slug: uniqueSlug("ol-second") }),
      403,
      "You have reached the maximum number of organizations",
    );
    const list = expectStatus(await user.client.get(api("list")), 200);
    expect(list.body.map((o: { id: string }) => o.id)).toEqual([first.id]);

    expectStatus(await user.client.post(api("delete"), { organizationId: first.id }), 200);
    await createOrganization(user.client, "ol-again");
  });

  it("counts each user's own memberships", async () => {
    const a = await signUpPerson(server, "ol-a");
    const b = await signUpPerson(server, "ol-b");
    await createOrganization(a.client, "ol-a");
    await createOrganization(b.client, "ol-b");
  });
});

describe.each(databaseKinds)("ORGANIZATION_CREATORS=admins on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { env: { ORGANIZATION_CREATORS: "admins" } });
  });
  afterAll(() => server?.close());

  it("refuses a plain user and lets a site admin create", async () => {
    const plain = await signUpPerson(server, "oc-plain");
    expectRefusal(
      await plain.client.post(api("create"), { name: "Nope", slug: uniqueSlug("oc-plain") }),
      403,
      "You are not allowed to create a new organization",
    );
    expect((await plain.client.get(api("list"))).body).toEqual([]);

    const admin = await signUpPerson(server, "oc-admin");
    const { internalAdapter } = await server.running.auth.$context;
    await internalAdapter.updateUser(admin.user.id, { role: "admin" });
    const org = await createOrganization(admin.client, "oc-admin");
    expect(org.members[0].role).toBe("owner");

    // An admin's organization still takes plain users as members.
    const invitation = await invite(admin.client, org.id, plain.user.email, "member");
    expectStatus(await plain.client.post(api("accept-invitation"), { invitationId: invitation.id }), 200);
  });
});

describe.each(databaseKinds)("ORGANIZATION_CREATORS=admins with ADMIN_USER_IDS on %s", (kind) => {
  let first: TestServer;
  let second: TestServer | undefined;
  afterAll(async () => {
    await second?.close();
    // Closing twice is safe; this also stops its mail catcher and drops the shared database.
    await first?.close();
  });

  it("an operator-listed admin id may create; the restart keeps everyone else refused", async () => {
    first = await startTestServer(kind, { env: { ORGANIZATION_CREATORS: "admins" } });
    const listed = await signUpPerson(first, "oc-listed");
    const plain = await signUpPerson(first, "oc-unlisted");
    await first.running.close();
    // Same database, restarted with the id in ADMIN_USER_IDS, as an operator would.
    second = await startTestServer(kind, {
      database: first.database,
      env: { ORGANIZATION_CREATORS: "admins", ADMIN_USER_IDS: listed.user.id },
    });
    const { client: listedClient, res: listedIn } = await signIn(second, listed.user.email);
    const { client: plainClient, res: plainIn } = await signIn(second, plain.user.email);
    expectStatus(listedIn, 200);
    expectStatus(plainIn, 200);
    expectStatus(await listedClient.post(api("create"), { name: "Listed", slug: uniqueSlug("listed") }), 200);
    expectRefusal(
      await plainClient.post(api("create"), { name: "Plain", slug: uniqueSlug("plain") }),
      403,
      "You are not allowed to create a new organization",
    );
  });
});
