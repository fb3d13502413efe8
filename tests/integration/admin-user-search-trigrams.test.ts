import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateUserSearchTrigrams } from "../../src/server/db/user-search-migration.js";
import {
  buildUserSearch,
  MAX_TRIGRAM_CANDIDATES,
  trigramCandidates,
  userSearchSchema,
} from "../../src/server/routes/admin/user-search.js";
import { createAdminWithCli, expectStatus, type Person } from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

// SQLite's admin search anywhere in e-mail and name narrows by the FTS5 trigram index of migration 014, then
// applies the same LIKE as the scan: its answers must be the scan's, for every writer of the user table.
const PEOPLE: [string, string][] = [
  ["zoe.ZOË@example.com", "Zoë Ärger"],
  ["ann.lee@example.com", "Ann Lee"],
  ['quote"d@example.com', 'Name "with" quotes'],
  ["per%cent_under@example.com", "100% _real_ back\\slash"],
  ["emoji@example.com", "🙂🙂🙂 smile"],
  ["MiXeD.Case@Example.COM", "MiXeD CaSe"],
  ["istanbul@example.com", "İstanbul Iğdır"],
  ["kelvin@example.com", "\u212Aelvin"],
  ["upper@example.com", "ÉCOLE"],
];
const QUERIES = [
  "zoë",
  "ZOË",
  "zoe",
  "Ärg",
  "ärg",
  "n L",
  "ann lee",
  '"with"',
  'e"d@',
  "%",
  "0% _",
  "_real_",
  "k\\s",
  "🙂🙂",
  "🙂 s",
  "mixed.case@example",
  "XED CA",
  "istanbul",
  "İsta",
  "iğd",
  "kelvin",
  "elvin",
  "@example.com",
  "ex",
  "école",
  "ÉCOLE",
  "nobody-here",
];

describe("admin user search on SQLite's trigram index", () => {
  let server: TestServer;
  let admin: Person;
  const db = () => server.running.database.db;

  /** What the scan (no candidates) answers: every match's id, in the console's order. */
  async function scanned(q: string) {
    const s = userSearchSchema.parse({ q, pageSize: "100" });
    const built = buildUserSearch(db(), "sqlite", s);
    const [rows, count] = await Promise.all([built.rows.execute(), built.count.executeTakeFirst()]);
    return { ids: rows.map((r) => String(r.id)), total: Number(count?.total) };
  }
  async function searched(q: string) {
    const body = expectStatus(await admin.client.get("/api/admin/users", { q, pageSize: "100" }), 200).body;
    return { ids: body.users.map((u: { id: string }) => u.id), total: body.total };
  }

  beforeAll(async () => {
    server = await startTestServer("sqlite");
    admin = await createAdminWithCli(server, "trigram-root");
    for (const [i, [email, name]] of PEOPLE.entries()) {
      const at = new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
      await sql`insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt", role)
        values (${`trigram-${i}`}, ${name}, ${email}, 1, ${at}, ${at}, 'user')`.execute(db());
    }
  });
  afterAll(() => server?.close());

  it("answers exactly what the scan answers, for any text", async () => {
    for (const q of QUERIES) {
      const expected = await scanned(q);
      expect(await searched(q), q).toEqual(expected);
    }
    // The scan's LIKE folds ASCII case only: the index found "ÉCOLE" for "école", the LIKE kept it out.
    expect((await trigramCandidates(db(), "école"))?.length).toBe(1);
    expect((await searched("école")).total).toBe(0);
    expect((await searched("ÉCOLE")).total).toBe(1);
  });

  it("follows every writer: the engine's sign-up and update-user, plain SQL, and the admin's remove-user", async () => {
    const { client, user } = await server.signUp("fresh.face@example.com", { name: "Fresh Face" });
    expect((await searched("fresh.fa")).ids).toEqual([user.id]);
    expectStatus(await client.post("/api/auth/update-user", { name: "Renamed Person" }), 200);
    await sql`update "user" set email = 'moved.away@example.com' where id = ${user.id}`.execute(db());
    expect((await searched("fresh")).total).toBe(0);
    expect((await searched("renamed pers")).ids).toEqual([user.id]);
    expect((await searched("moved.aw")).ids).toEqual([user.id]);
    expectStatus(await admin.client.post("/api/auth/admin/remove-user", { userId: user.id }), 200);
    expect((await searched("renamed")).total).toBe(0);
    const left = await sql<{
      n: number;
    }>`select count(*) as n from tessera_user_search_key where user_id = ${user.id}`.execute(db());
    expect(left.rows[0]?.n).toBe(0);
  });

  it("still finds everyone after VACUUM (which may renumber the user table's rowids) and a rebuild", async () => {
    await sql`delete from "user" where id = 'trigram-1'`.execute(db());
    await sql`vacuum`.execute(db());
    for (const q of QUERIES) expect(await searched(q), q).toEqual(await scanned(q));
    // The migration indexes users that were there before it.
    await sql`delete from tessera_user_search`.execute(db());
    await sql`delete from tessera_user_search_key`.execute(db());
    await migrateUserSearchTrigrams(db(), "sqlite");
    for (const q of QUERIES) expect(await searched(q), q).toEqual(await scanned(q));
  });

  it("scans when the index cannot narrow: under 3 characters, or too many candidates", async () => {
    expect(await trigramCandidates(db(), "ex")).toBeUndefined();
    const many = Array.from({ length: MAX_TRIGRAM_CANDIDATES + 1 }, (_, i) => i);
    const at = new Date().toISOString();
    await sql`insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt")
      select 'bulk-' || value, 'Bulk ' || value, 'bulk' || value || '@many.example', 1, ${at}, ${at}
      from json_each(${JSON.stringify(many)})`.execute(db());
    expect(await trigramCandidates(db(), "@many.exa")).toBeUndefined();
    expect((await trigramCandidates(db(), "bulk100@"))?.length).toBe(1);
    expect((await searched("@many.exa")).total).toBe(MAX_TRIGRAM_CANDIDATES + 1);
  });
});
