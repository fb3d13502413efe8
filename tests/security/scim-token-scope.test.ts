import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../helpers/databases.js";
import { startDnsServer, type TestDnsServer } from "../helpers/dns-server.js";
import {
  createOrganization,
  expectStatus,
  joinQuickly,
  listMembers,
  type Person,
  signUpPerson,
} from "../helpers/org-fixtures.js";
import { SCIM_GROUP_SCHEMA, type ScimClient, scimClient, scimUser } from "../helpers/scim-client.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { verifyDomain } from "../helpers/verified-domain.js";

// docs/scim.md: a SCIM token is scoped to one organization. Every SCIM call of A's token against each of
// B's resources (a User of a person in both organizations, a Group) is refused as not found, and changes
// nothing of B; forged and revoked tokens are 401; no call of a token makes anyone a member of B.

interface Org {
  owner: Person;
  id: string;
  scim: ScimClient;
  token: string;
}

async function organizationWithToken(server: TestServer, tag: string): Promise<Org> {
  const owner = await signUpPerson(server, `${tag}-owner`);
  const { id } = await createOrganization(owner.client, tag);
  const created = expectStatus(await owner.client.post(`/api/organizations/${id}/scim/token`), 201);
  return { owner, id, scim: scimClient(created.body.baseUrl, created.body.token), token: created.body.token };
}

describe.each(databaseKinds)("SCIM token scope on %s", (kind) => {
  let server: TestServer;
  let a: Org;
  let b: Org;
  let both: Person;
  let userOfB: string;
  let groupOfB: string;
  let userOfA: string;
  let dns: TestDnsServer;
  const stamp = Date.now().toString(36);
  const domainOfA = `scope-a-${stamp}.example`;
  const domainOfB = `scope-b-${stamp}.example`;

  beforeAll(async () => {
    dns = await startDnsServer();
    server = await startTestServer(kind, { env: { DNS_SERVERS: dns.address } });
    [a, b] = [await organizationWithToken(server, "scope-a"), await organizationWithToken(server, "scope-b")];
    await verifyDomain(dns, a.owner.client, a.id, domainOfA);
    await verifyDomain(dns, b.owner.client, b.id, domainOfB);
    both = await signUpPerson(server, "scope-both");
    await joinQuickly(a.owner.client, a.id, both, "member");
    await joinQuickly(b.owner.client, b.id, both, "member");
    userOfA = expectStatus(await a.scim.post("/Users", scimUser(both.user.email)), 201).body.id;
    userOfB = expectStatus(await b.scim.post("/Users", scimUser(both.user.email)), 201).body.id;
    groupOfB = expectStatus(
      await b.scim.post("/Groups", {
        schemas: [SCIM_GROUP_SCHEMA],
        displayName: "B team",
        members: [{ value: userOfB }],
      }),
      201,
    ).body.id;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await dns?.close();
  });

  it("every call of A's token on B's resources is 404 in SCIM's format, and B is unchanged", async () => {
    const calls: [string, () => ReturnType<ScimClient["get"]>][] = [
      ["GET user", () => a.scim.get(`/Users/${userOfB}`)],
      ["PUT user", () => a.scim.put(`/Users/${userOfB}`, scimUser(both.user.email, { active: false }))],
      ["PATCH user", () => a.scim.patch(`/Users/${userOfB}`, [{ op: "replace", path: "active", value: false }])],
      ["DELETE user", () => a.scim.delete(`/Users/${userOfB}`)],
      ["GET group", () => a.scim.get(`/Groups/${groupOfB}`)],
      ["PUT group", () => a.scim.put(`/Groups/${groupOfB}`, { schemas: [SCIM_GROUP_SCHEMA], displayName: "Taken" })],
      ["PATCH group", () => a.scim.patch(`/Groups/${groupOfB}`, [{ op: "remove", path: "members" }])],
      ["DELETE group", () => a.scim.delete(`/Groups/${groupOfB}`)],
    ];
    for (const [name, call] of calls) {
      const res = await call();
      expect(res.status, name).toBe(404);
      expect(res.body.schemas, name).toEqual(["urn:ietf:params:scim:api:messages:2.0:Error"]);
    }
    // B sees its User and Group as they were; the person is still a member of B and of the team.
    expect((await b.scim.get(`/Users/${userOfB}`)).body).toMatchObject({ id: userOfB, active: true });
    const group = (await b.scim.get(`/Groups/${groupOfB}`)).body;
    expect(group).toMatchObject({ displayName: "B team" });
    expect(group.members.map((m: { value: string }) => m.value)).toEqual([userOfB]);
    expect((await listMembers(b.owner.client, b.id)).map((m) => m.userId)).toContain(both.user.id);
  });

  it("lists and filters of A's token never return B's resources", async () => {
    const users = await a.scim.get("/Users");
    expect(users.body.Resources.map((r: { id: string }) => r.id)).toEqual([userOfA]);
    const byId = await a.scim.get(`/Users?filter=${encodeURIComponent(`id eq "${userOfB}"`)}`);
    expect(byId.body).toMatchObject({ totalResults: 0, Resources: [] });
    const groups = await a.scim.get("/Groups");
    expect(groups.body).toMatchObject({ totalResults: 0, Resources: [] });
    const byName = await a.scim.get(`/Groups?filter=${encodeURIComponent('displayName eq "B team"')}`);
    expect(byName.body.totalResults).toBe(0);
  });

  it("A's token cannot put B's User into A's Group, nor make anyone a member of B", async () => {
    const cross = await a.scim.post("/Groups", {
      schemas: [SCIM_GROUP_SCHEMA],
      displayName: "Cross",
      members: [{ value: userOfB }],
    });
    expect(cross.status).toBeGreaterThanOrEqual(400);
    expect(cross.status).toBeLessThan(500);
    const before = (await listMembers(b.owner.client, b.id)).length;
    const newcomer = `new-person-scope@${domainOfA}`;
    expect((await a.scim.post("/Users", scimUser(newcomer))).status).toBe(201);
    expect((await listMembers(b.owner.client, b.id)).length).toBe(before);
    expect((await listMembers(a.owner.client, a.id)).map((m) => m.user.email)).toContain(newcomer);
    // Nor make (and so later re-address and take) an account of B's domain.
    const ofB = `someone@${domainOfB}`;
    expect((await a.scim.post("/Users", scimUser(ofB))).status).toBe(403);
    // A member's own account keeps its address whatever the IdP sends (its profile is not SCIM's).
    await a.scim.put(`/Users/${userOfA}`, scimUser(ofB, { userName: both.user.email }));
    const { adapter } = await server.running.auth.$context;
    expect(await adapter.findOne({ model: "user", where: [{ field: "email", value: ofB }] })).toBeNull();
    const still = await adapter.findOne<{ email: string }>({
      model: "user",
      where: [{ field: "id", value: both.user.id }],
    });
    expect(still?.email).toBe(both.user.email);
  });

  it("forged tokens are 401: another secret on a real credential id, a changed character, no prefix", async () => {
    const [credentialId, secret = ""] = a.token.split(".");
    const flipped = `${secret.slice(0, -1)}${secret.endsWith("A") ? "B" : "A"}`;
    for (const forged of [
      `${credentialId}.${flipped}`,
      `${credentialId}.${b.token.split(".")[1]}`,
      secret,
      `${credentialId}`,
      `Basic ${a.token}`,
    ]) {
      const res = await scimClient(`${server.url}/api/auth/scim/v2`, forged).get("/Users");
      expect(res.status, forged).toBe(401);
    }
  });

  it("a member of A (not an admin) cannot read, make or revoke A's token; B's owner cannot either", async () => {
    for (const client of [both.client, b.owner.client]) {
      expect((await client.get(`/api/organizations/${a.id}/scim`)).status).toBe(403);
      expect((await client.post(`/api/organizations/${a.id}/scim/token`)).status).toBe(403);
      expect((await client.request("DELETE", `/api/organizations/${a.id}/scim/token`)).status).toBe(403);
    }
    expect((await a.scim.get("/Users")).status).toBe(200);
  });
});
