import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countRows } from "../helpers/counts.js";
import { databaseKinds } from "../helpers/databases.js";
import { createOrganization } from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

// SPEC §3 Team "name (min length 1)", §5 "A team name has at least 1 character".
const REFUSED = { code: "TEAM_NAME_REQUIRED", message: "Team name must be at least 1 character" };

describe.each(databaseKinds)("team names on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server?.close());

  it("refuses an empty or blank name at create-team with 400 and creates nothing", async () => {
    const { client } = await server.signUp("team-create@example.com");
    const { id: organizationId } = await createOrganization(client, "team-create");
    const before = await countRows(server, "team", "organizationId", organizationId);
    for (const name of ["", "   ", "\t\n"]) {
      const res = await client.post("/api/auth/organization/create-team", { name, organizationId });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.body).toEqual(REFUSED);
    }
    expect(await countRows(server, "team", "organizationId", organizationId)).toBe(before);
    const ok = await client.post("/api/auth/organization/create-team", { name: "A", organizationId });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.name).toBe("A");
  });

  it("refuses an empty or blank name at update-team with 400 and keeps the old name", async () => {
    const { client } = await server.signUp("team-update@example.com");
    const { id: organizationId } = await createOrganization(client, "team-update");
    const created = await client.post("/api/auth/organization/create-team", { name: "Blue", organizationId });
    expect(created.status, created.text).toBe(200);
    const teamId = created.body.id as string;
    for (const name of ["", "   "]) {
      const res = await client.post("/api/auth/organization/update-team", { teamId, data: { name, organizationId } });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.body).toEqual(REFUSED);
    }
    const teams = await client.get("/api/auth/organization/list-teams", { organizationId });
    expect(teams.body.find((t: { id: string }) => t.id === teamId)?.name).toBe("Blue");
    const renamed = await client.post("/api/auth/organization/update-team", {
      teamId,
      data: { name: "B", organizationId },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.name).toBe("B");
  });
});
