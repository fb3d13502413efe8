import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answersWhileOrganizationUnchanged } from "../../src/server/auth/kept-answers.js";
import { openDatabase } from "../../src/server/db/database.js";
import { migrateOrganizationChanges } from "../../src/server/db/organization-changes-migration.js";
import { postgresURL } from "../helpers/databases.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { engineContext } from "../helpers/session-fixtures.js";
import { until } from "../helpers/wait.js";

// Migration 013_organization_changes and the PostgreSQL kept answers built on it
// (docs/decisions/014-organization-reads.md "Kept answers"). That every table an answer is made of
// turns a kept answer stale is shown by organization-reads-differential.test.ts ("behind its back").

describe.skipIf(!postgresURL)("organization change sums (PostgreSQL)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("postgres");
  }, 60_000);
  afterAll(() => server?.close());

  const pool = () => {
    const p = server.running.database.pool;
    if (!p) throw new Error("no pool");
    return p;
  };
  const organizationTable = { table: `"organization"`, slug: `"slug"` };
  const newOrganization = async (slug = `o-${crypto.randomUUID()}`) => {
    const ctx = await engineContext(server);
    return (await ctx.adapter.create({
      model: "organization",
      data: { name: "Changes", slug, createdAt: new Date() },
    })) as { id: string; slug: string };
  };
  const changes = async (id: string) => {
    const { rows } = await pool().query(
      "select coalesce(sum(n), 0)::text as sum, count(*)::int as rows from tessera_organization_change where organization_id = $1",
      [id],
    );
    return rows[0] as { sum: string; rows: number };
  };
  const answerAt = async (id: string) => ({
    kind: "answer" as const,
    body: "{}",
    version: { organizationId: id, value: (await changes(id)).sum },
  });

  it("puts a missing trigger back (a plugin's table made after the migration)", async () => {
    const db = server.running.database.db;
    await sql`drop trigger tessera_organization_change_passkey_update on passkey`.execute(db);
    await sql`drop trigger tessera_organization_change_team on team`.execute(db);
    const { kept, missing, restored } = await answersWhileOrganizationUnchanged(
      server.running.database,
      organizationTable,
    );
    expect({ missing, restored }).toEqual({
      missing: [],
      restored: ["tessera_organization_change_team", "tessera_organization_change_passkey"],
    });
    expect(kept).not.toBeNull();
    const again = await answersWhileOrganizationUnchanged(server.running.database, organizationTable);
    expect({ missing: again.missing, restored: again.restored }).toEqual({ missing: [], restored: [] });
  });

  it("keeps nothing when a missing trigger cannot be put back, and names it", async () => {
    const db = server.running.database.db;
    // A role that may read but not own the tables: it cannot make triggers.
    const role = `tessera_reader_${crypto.randomUUID().slice(0, 8)}`;
    await sql`drop trigger tessera_organization_change_passkey_update on passkey`.execute(db);
    await sql.raw(`create role ${role} login`).execute(db);
    await sql.raw(`grant select, insert, delete on all tables in schema public to ${role}`).execute(db);
    const url = new URL(server.database.url);
    url.username = role;
    const limited = openDatabase(url.toString());
    try {
      const { kept, missing } = await answersWhileOrganizationUnchanged(limited, organizationTable);
      expect(kept).toBeNull();
      expect(missing).toEqual(["tessera_organization_change_passkey"]);
    } finally {
      await limited.close();
      await migrateOrganizationChanges(db, "postgres");
      await sql.raw(`drop owned by ${role}`).execute(db);
      await sql.raw(`drop role ${role}`).execute(db);
    }
  });

  it("gives a kept answer while its organization is unchanged, and folds many change rows without changing the sum", async () => {
    const { kept } = await answersWhileOrganizationUnchanged(server.running.database, organizationTable);
    if (!kept) throw new Error("not kept");
    const org = await newOrganization();
    const db = server.running.database.db;
    for (let i = 0; i < 70; i++)
      await db
        .updateTable("organization")
        .set({ name: `Changes ${i}` })
        .where("id", "=", org.id)
        .execute();
    // An update that writes the row as it was is no change.
    await db.updateTable("organization").set({ name: "Changes 69" }).where("id", "=", org.id).execute();
    const before = await changes(org.id);
    expect(before.rows).toBe(71);
    const kept1 = await answerAt(org.id);
    kept.set("k", kept1);
    expect(await kept.get("k", { by: "id", key: org.id })).toBe(kept1);
    // That look-up saw more than 64 rows: they are folded into one, with the same sum.
    await until("folded change rows", async () => (await changes(org.id)).rows === 1);
    expect((await changes(org.id)).sum).toBe(before.sum);
    expect(await kept.get("k", { by: "id", key: org.id })).toBe(kept1);
    await db.updateTable("organization").set({ name: "Changed" }).where("id", "=", org.id).execute();
    expect(await kept.get("k", { by: "id", key: org.id })).toBeUndefined();
  });

  it("counts a change that commits after a later one", async () => {
    const { kept } = await answersWhileOrganizationUnchanged(server.running.database, organizationTable);
    if (!kept) throw new Error("not kept");
    const org = await newOrganization();
    const ctx = await engineContext(server);
    const inviter = await ctx.internalAdapter.createUser(
      { email: `${crypto.randomUUID()}@example.com`, name: "Inviter" },
      { method: "admin" },
    );
    const early = await pool().connect();
    try {
      // A transaction writes first and commits last; meanwhile another change commits and an answer is kept.
      await early.query("begin");
      await early.query(
        `insert into "invitation" ("id", "organizationId", "email", "role", "status", "expiresAt", "inviterId", "createdAt")
         values ($1, $2, 'early@example.com', 'member', 'pending', now(), $3, now())`,
        [crypto.randomUUID(), org.id, inviter.id],
      );
      await pool().query(`update "organization" set "name" = 'late' where "id" = $1`, [org.id]);
      const answer = await answerAt(org.id);
      kept.set("late", answer);
      expect(await kept.get("late", { by: "id", key: org.id })).toBe(answer);
      await early.query("commit");
    } finally {
      early.release();
    }
    expect(await kept.get("late", { by: "id", key: org.id })).toBeUndefined();
  });

  it("look-ups made together share one statement and each gets its own organization's sum", async () => {
    // The pool as it is, counting the statements sent through it.
    let statements = 0;
    const counting = new Proxy(pool(), {
      get(target, name, receiver) {
        if (name !== "query") return Reflect.get(target, name, receiver);
        return (...args: Parameters<typeof target.query>) => {
          statements++;
          return (target.query as (...a: unknown[]) => unknown)(...args);
        };
      },
    });
    const { kept } = await answersWhileOrganizationUnchanged(
      { db: server.running.database.db, pool: counting },
      organizationTable,
    );
    if (!kept) throw new Error("not kept");
    const orgs = await Promise.all([newOrganization(), newOrganization(), newOrganization()]);
    // One with no change rows at all: its sum is 0, as a look-up on its own says.
    await pool().query("delete from tessera_organization_change where organization_id = $1", [orgs[2]?.id]);
    const answers = await Promise.all(orgs.map((o) => answerAt(o.id)));
    for (const [i, o] of orgs.entries()) kept.set(o.id, answers[i] as (typeof answers)[number]);
    // Kept under a key of one organization but asked about another: not given.
    kept.set("crossed", { ...(answers[0] as (typeof answers)[number]) });
    statements = 0;
    const got = await Promise.all([
      ...orgs.map((o) => kept.get(o.id, { by: "id", key: o.id })),
      kept.get("crossed", { by: "id", key: orgs[1]?.id as string }),
    ]);
    expect(got).toEqual([...answers, undefined]);
    expect(statements).toBe(1);
    // A change to the middle one turns only its answer stale.
    await server.running.database.db
      .updateTable("organization")
      .set({ name: "Changed" })
      .where("id", "=", orgs[1]?.id as string)
      .execute();
    const after = await Promise.all(orgs.map((o) => kept.get(o.id, { by: "id", key: o.id })));
    expect(after).toEqual([answers[0], undefined, answers[2]]);
  });

  it("by slug: an answer is for the organization that had the slug", async () => {
    const { kept } = await answersWhileOrganizationUnchanged(server.running.database, organizationTable);
    if (!kept) throw new Error("not kept");
    const slug = `s-${crypto.randomUUID()}`;
    const first = await newOrganization(slug);
    const answer = await answerAt(first.id);
    kept.set("slug", answer);
    expect(await kept.get("slug", { by: "slug", key: slug })).toBe(answer);
    // The slug moves to another organization, which never changed since: its sum is no sign.
    const db = server.running.database.db;
    await db
      .updateTable("organization")
      .set({ slug: `gone-${slug}` })
      .where("id", "=", first.id)
      .execute();
    const second = await newOrganization(slug);
    await pool().query("delete from tessera_organization_change where organization_id = $1", [second.id]);
    expect((await changes(second.id)).sum).toBe("0");
    kept.set("slug", answer);
    expect(await kept.get("slug", { by: "slug", key: slug })).toBeUndefined();
  });
});
