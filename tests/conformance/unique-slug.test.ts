import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countRows, tally } from "../helpers/counts.js";
import { databaseKinds } from "../helpers/databases.js";
import { createOrganization, type Person, signedInPeople } from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

// SPEC §5 "An organization slug must be unique", §8 "Organization already exists" / "slug is taken":
// better-auth checks then inserts, so racing requests reach the unique index; every loser must get
// the same 400 a sequential caller gets, never a 500.
const RACERS = 20;
const EXISTS = "400 ORGANIZATION_ALREADY_EXISTS Organization already exists";
const TAKEN = "400 ORGANIZATION_SLUG_ALREADY_TAKEN Organization slug already taken";

describe.each(databaseKinds)("unique organization slug under concurrency on %s", (kind) => {
  let server: TestServer;
  let users: Person[];
  beforeAll(async () => {
    server = await startTestServer(kind);
    users = await signedInPeople(server, "slug", RACERS);
  }, 120_000);
  afterAll(() => server?.close());

  it("sequentially: a second create of a slug answers 400 Organization already exists", async () => {
    const [a, b] = users as [Person, Person];
    const { slug } = await createOrganization(a.client, "sequential");
    const res = await b.client.post("/api/auth/organization/create", { name: "Again", slug });
    expect(tally([res])).toEqual({ [EXISTS]: 1 });
  });

  it("maps a duplicate slug that gets past the engine's check to the engine's own 400", async () => {
    // Request timing decides whether a race reaches the index; this write always does.
    const { db } = server.running.database;
    const row = (id: string, slug: string) => ({
      id,
      name: "Direct",
      slug,
      createdAt: kind === "sqlite" ? new Date().toISOString() : new Date(),
    });
    await db
      .insertInto("organization")
      .values([row("direct-1", "direct"), row("direct-2", "other")])
      .execute();
    const duplicate = db.insertInto("organization").values(row("direct-3", "direct")).execute();
    await expect(duplicate).rejects.toMatchObject({
      statusCode: 400,
      body: { code: "ORGANIZATION_ALREADY_EXISTS", message: "Organization already exists" },
    });
    const rename = db.updateTable("organization").set({ slug: "direct" }).where("id", "=", "direct-2").execute();
    await expect(rename).rejects.toMatchObject({
      statusCode: 400,
      body: { code: "ORGANIZATION_SLUG_ALREADY_TAKEN", message: "Organization slug already taken" },
    });
  });

  it(`${RACERS} concurrent creates of one slug: one organization, every loser 400 Organization already exists`, async () => {
    const replies = await Promise.all(
      users.map((u, i) => u.client.post("/api/auth/organization/create", { name: `Race ${i}`, slug: "contested" })),
    );
    expect(tally(replies)).toEqual({ "200": 1, [EXISTS]: RACERS - 1 });
    expect(await countRows(server, "organization", "slug", "contested")).toBe(1);
    // No half-made organizations: the one that exists has exactly its creator as member.
    const winner = replies.find((r) => r.status === 200)?.body.id as string;
    expect(await countRows(server, "member", "organizationId", winner)).toBe(1);
  });

  it(`${RACERS} concurrent renames to one free slug: one wins, every loser 400 Organization slug already taken`, async () => {
    const orgs = await Promise.all(users.map((u, i) => createOrganization(u.client, `own-${i}`)));
    const replies = await Promise.all(
      users.map((u, i) =>
        u.client.post("/api/auth/organization/update", { organizationId: orgs[i]?.id, data: { slug: "renamed" } }),
      ),
    );
    expect(tally(replies)).toEqual({ "200": 1, [TAKEN]: RACERS - 1 });
    expect(await countRows(server, "organization", "slug", "renamed")).toBe(1);
  });
});
