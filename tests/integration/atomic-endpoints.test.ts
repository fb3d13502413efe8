import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../helpers/client.js";
import { databaseKinds } from "../helpers/databases.js";
import { expectStatus, invite, type Person, sessionOf, signUpPerson, uniqueSlug } from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

/** The organization whose owner the database refuses to write (a fault injected by a trigger). */
const DOOMED = "Doomed by trigger";

// src/server/auth/atomic-endpoints.ts (docs/decisions/019): create-organization, accept-invitation and
// update-role run whole in one transaction, every other plugin's hooks once, inside it.
describe.each(databaseKinds)("engine calls in one transaction on %s", (kind) => {
  let server: TestServer;
  let owner: Person;

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await signUpPerson(server, "atomic-owner");
    const db = server.running.database.db;
    // The owner member of DOOMED fails to insert, after the engine has written the organization row.
    if (kind === "sqlite")
      await sql`create trigger refuse_doomed_owner before insert on member
        when (select name from organization where id = new."organizationId") = ${sql.lit(DOOMED)}
        begin select raise(abort, 'refused by the test'); end`.execute(db);
    else {
      await sql`create function refuse_doomed_owner() returns trigger language plpgsql as $$
        begin
          if (select name from organization where id = new."organizationId") = ${sql.lit(DOOMED)} then
            raise exception 'refused by the test';
          end if;
          return new;
        end $$`.execute(db);
      await sql`create trigger refuse_doomed_owner before insert on member
        for each row execute function refuse_doomed_owner()`.execute(db);
    }
  });
  afterAll(() => server?.close());

  const organizations = (slug: string) =>
    server.running.database.db.selectFrom("organization").select("id").where("slug", "=", slug).execute();
  async function events(action: string, targetId: string) {
    const { adapter } = await server.running.auth.$context;
    return adapter.findMany({
      model: "auditEvent",
      where: [
        { field: "action", value: action },
        { field: "targetId", value: targetId },
      ],
    });
  }

  it("is the engine's first plugin, so every other plugin's hooks run once, on the inner call", () => {
    expect(server.running.auth.options.plugins?.[0]?.id).toBe("tessera-atomic-endpoints");
  });

  it("writes no organization when its owner cannot be written, and frees its slug", async () => {
    const slug = uniqueSlug("doomed");
    const refused = await owner.client.post("/api/auth/organization/create", { name: DOOMED, slug });
    // A store that failed mid-call: nothing is reported done, and pressing again retries (store-failures.ts).
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ code: "SESSION_STORE_UNAVAILABLE" });
    // Without the transaction the engine's first statement stays: an organization nobody owns.
    expect(await organizations(slug)).toEqual([]);
    expect((await sessionOf(owner.client)).session.activeOrganizationId ?? null).toBeNull();

    const made = expectStatus(await owner.client.post("/api/auth/organization/create", { name: "Saved", slug }), 200);
    expect(made.body).toMatchObject({
      slug,
      members: [expect.objectContaining({ userId: owner.user.id, role: "owner" })],
    });
    // Every other plugin's after hooks ran once, on the inner call: one audit event, written after the commit.
    expect(await events("organization.created", made.body.id)).toHaveLength(1);
  });

  it("answers the engine's own refusal unchanged, and its success with the cookies it set", async () => {
    const slug = uniqueSlug("taken");
    expectStatus(await owner.client.post("/api/auth/organization/create", { name: "First", slug }), 200);
    const again = await owner.client.post("/api/auth/organization/create", { name: "Second", slug });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: "ORGANIZATION_ALREADY_EXISTS" });
    expect(await organizations(slug)).toHaveLength(1);

    // Accepting a one-team invitation sets the session cookie again (the new active team): it reaches the browser.
    const org = (await organizations(slug))[0] as { id: string };
    const team = expectStatus(
      await owner.client.post("/api/auth/organization/create-team", { name: "Crew", organizationId: org.id }),
      200,
    ).body as { id: string };
    const invitee = await signUpPerson(server, "atomic-invitee");
    const invitation = await invite(owner.client, org.id, invitee.user.email, "member", { teamId: team.id });
    const accepted = expectStatus(
      await invitee.client.post("/api/auth/organization/accept-invitation", { invitationId: invitation.id }),
      200,
    );
    expect(accepted.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`))).toBe(true);
    const { session } = await sessionOf(invitee.client);
    expect({ organization: session.activeOrganizationId, team: session.activeTeamId }).toEqual({
      organization: org.id,
      team: team.id,
    });
    expect(await events("invitation.accepted", invitation.id)).toHaveLength(1);
  });
});
