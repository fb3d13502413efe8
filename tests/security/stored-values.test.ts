// Long, one subject: what write routes store, one generated check over a table of fields.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { METADATA_LIMIT, TEXT_LIMITS } from "../../src/shared/input-limits.js";
import type { TestClient } from "../helpers/client.js";
import { databaseKinds } from "../helpers/databases.js";
import { makeUser, organizationOwnedBy, sessionClient, uniqueEmail, uniqueSlug } from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { bodyKeysOf } from "./fuzz-inputs.js";
import { recordCount } from "./support.js";

// What a write route stores is what was sent, or the call is refused: every field a route takes
// that is a column of the table it writes (named by the endpoint's own body schema, every column
// where the body is an open record; types from the engine's table schema) gets values of the wrong
// type and text that is too long. A 2xx must leave every changed column holding exactly the value sent, of its
// declared type (no "42.0" for 42, no JSON text for an object), and no text beyond its limit; a
// refusal is a 4xx {code, message} that changed nothing; never a 500.

type Model = "user" | "organization" | "team" | "invitation";
type Column = { type?: unknown; required?: boolean; defaultValue?: unknown };
type Row = Record<string, unknown>;
/** No stored text of any column may be longer than this (metadata's limit is below it). */
const ANY_TEXT_LIMIT = 10_000;
const HUGE = "x".repeat(100_000);

/** One write route: who calls it, the table it writes and a body it accepts. */
interface Writer {
  path: string;
  who: "user" | "anonymous" | "root";
  model: Model;
  base: () => Record<string, unknown>;
}

describe.each(databaseKinds)("stored values on %s", (kind) => {
  let server: TestServer;
  let userId: string;
  let targetId: string;
  let organizationId: string;
  let teamId: string;
  const ROOT_ID = "stored-values-root-admin";
  let columns: Record<Model, Record<string, Column>>;

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { ADMIN_USER_IDS: ROOT_ID } });
    await makeUser(server, "sv-root@example.com", { id: ROOT_ID });
    userId = (await makeUser(server, "sv-user@example.com")).id;
    targetId = (await makeUser(server, "sv-target@example.com")).id;
    organizationId = (await organizationOwnedBy(server, userId, "sv", "SV")).id;
    const ctx = await server.running.auth.$context;
    const team = await ctx.adapter.create<Row>({
      model: "team",
      data: { name: "SV team", organizationId, createdAt: new Date(), updatedAt: new Date() },
    });
    teamId = team.id as string;
    const tables = ctx.tables as Record<string, { fields: Record<string, Column> }>;
    columns = {
      user: tables.user!.fields,
      organization: tables.organization!.fields,
      team: tables.team!.fields,
      invitation: tables.invitation!.fields,
    };
  });
  afterAll(() => server?.close());

  const writers: Writer[] = [
    { path: "/update-user", who: "user", model: "user", base: () => ({ name: "Valid Name" }) },
    {
      path: "/sign-up/email",
      who: "anonymous",
      model: "user",
      base: () => ({ email: uniqueEmail("sv-signup"), password: "correct horse battery", name: "Signed Up" }),
    },
    {
      path: "/admin/create-user",
      who: "root",
      model: "user",
      base: () => ({ email: uniqueEmail("sv-created"), name: "Created", data: {} }),
    },
    {
      path: "/admin/update-user",
      who: "root",
      model: "user",
      base: () => ({ userId: targetId, data: { name: "Updated" } }),
    },
    {
      path: "/organization/create",
      who: "user",
      model: "organization",
      base: () => ({ name: "Created org", slug: uniqueSlug("sv-org") }),
    },
    {
      path: "/organization/update",
      who: "user",
      model: "organization",
      base: () => ({ organizationId, data: { name: "Renamed org" } }),
    },
    {
      path: "/organization/create-team",
      who: "user",
      model: "team",
      base: () => ({ organizationId, name: "Created team" }),
    },
    {
      path: "/organization/update-team",
      who: "user",
      model: "team",
      base: () => ({ teamId, data: { name: "Renamed team" } }),
    },
    {
      path: "/organization/invite-member",
      who: "user",
      model: "invitation",
      base: () => ({ organizationId, email: uniqueEmail("sv-invitee"), role: "member" }),
    },
  ];

  /** Values that are not of the column's declared type. */
  function wrongTyped(field: string, column: Column): unknown[] {
    // SPEC §3: metadata is a record (stored as JSON text); anything else is the wrong type.
    if (field === "metadata") return [42, "text", true, [1, "a"]];
    const nullIfRequired = column.required === false ? [] : [null];
    switch (column.type) {
      case "string":
        return [42, 4.5, true, { a: 1 }, [1, "a"], ...nullIfRequired];
      case "number":
        return ["3", true, { a: 1 }, [3], ...nullIfRequired];
      case "boolean":
        return ["true", 1, { a: 1 }, ...nullIfRequired];
      case "date":
        return ["not a date", { a: 1 }, true, ...nullIfRequired];
      default:
        return [];
    }
  }

  /** Text over the field's limit (or over any limit when it has none). */
  function tooLong(model: Model, field: string, column: Column): string[] {
    if (column.type !== "string") return [];
    const limit = (TEXT_LIMITS[model] as Record<string, number>)[field];
    return limit === undefined ? [HUGE] : ["a".repeat(limit + 1), "😀".repeat(limit + 1), HUGE];
  }

  async function clientFor(who: Writer["who"]): Promise<TestClient> {
    if (who === "anonymous") return server.client();
    return (await sessionClient(server, who === "root" ? ROOT_ID : userId)).client;
  }

  async function snapshot(): Promise<Map<string, Row>> {
    const rows = new Map<string, Row>();
    for (const table of ["user", "organization", "team", "invitation"] as const) {
      for (const row of await server.running.database.db.selectFrom(table).selectAll().execute()) {
        rows.set(`${table}:${row.id}`, row as Row);
      }
    }
    return rows;
  }

  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

  /** The stored value equals `sent`, read back as its declared type (SQLite keeps booleans as 0/1, dates as text). */
  function storedAsSent(field: string, column: Column, stored: unknown, sent: unknown): boolean {
    if (sent === null) return stored === null;
    // SPEC §3: organization metadata is a record stored as JSON text.
    if (field === "metadata" && typeof stored === "string") return same(JSON.parse(stored), sent);
    switch (column.type) {
      case "string":
        return stored === sent;
      case "number":
        return typeof stored === "number" && stored === sent;
      case "boolean":
        return (stored === true || stored === 1) === sent && [true, false, 0, 1].includes(stored as number);
      case "date":
        return new Date(stored as string).getTime() === new Date(sent as string).getTime();
      default:
        return true;
    }
  }

  /** A new row's value made from a wrong-typed one: 42 as "42" or "42.0", true as 1, an object as its JSON. */
  function madeFrom(stored: unknown, sent: unknown): boolean {
    if (stored === null || stored === undefined || sent === null) return false;
    return (
      String(stored) === String(sent) ||
      String(stored) === `${String(sent)}.0` ||
      stored === JSON.stringify(sent) ||
      (typeof sent === "boolean" && stored === Number(sent))
    );
  }

  /** What is wrong with the rows a 2xx left, for the value sent in `field`. */
  function problems(
    model: Model,
    field: string,
    sent: unknown,
    wrong: boolean,
    before: Map<string, Row>,
    after: Map<string, Row>,
  ): string[] {
    const found: string[] = [];
    const column = columns[model][field];
    for (const [key, row] of after) {
      const old = before.get(key);
      if (old && same(old, row)) continue;
      const table = key.split(":")[0] as Model;
      // Every changed row: no text beyond its limit.
      for (const [name, value] of Object.entries(row)) {
        const limit = (TEXT_LIMITS[table] as Record<string, number>)[name] ?? ANY_TEXT_LIMIT;
        if (typeof value === "string" && [...value].length > limit)
          found.push(`${key}.${name} stored ${[...value].length} characters (limit ${limit})`);
      }
      if (table !== model || !column || !(field in row)) continue;
      const stored = row[field];
      // An updated column must hold what was sent; a new row must not hold a wrong-typed value made over.
      const coerced = old
        ? !same(old[field], stored) && !storedAsSent(field, column, stored, sent)
        : wrong && madeFrom(stored, sent);
      if (coerced)
        found.push(
          `${key}.${field} stored ${JSON.stringify(stored)?.slice(0, 60)} for ${JSON.stringify(sent)?.slice(0, 60)}`,
        );
    }
    return found;
  }

  /** Where each of a writer's fields goes: the body's top or its `data`, per the endpoint's schema. */
  function placesOf(writer: Writer): { member?: string; field: string }[] {
    const endpoints = Object.values(
      server.running.auth.api as Record<string, { path?: string; options?: { body?: unknown } }>,
    );
    const schema = endpoints.find((e) => e.path === writer.path)?.options?.body;
    const tableColumns = Object.keys(columns[writer.model]).filter((name) => name !== "id");
    const places: { member?: string; field: string }[] = [];
    for (const member of [undefined, "data"]) {
      const { keys, open } = bodyKeysOf(schema, member);
      const fields = open ? tableColumns : keys.filter((k) => tableColumns.includes(k));
      for (const field of fields) places.push({ member, field });
    }
    return places;
  }

  it("every field a write route stores: wrong types and over-long text refused, nothing coerced", async () => {
    const failures: string[] = [];
    let wrongRefused = 0;
    let longRefused = 0;
    let cases = 0;
    for (const writer of writers) {
      const places = placesOf(writer);
      expect(places.length, writer.path).toBeGreaterThan(0);
      for (const { member, field } of places) {
        const column = columns[writer.model][field] as Column;
        const values = [
          ...wrongTyped(field, column).map((value) => ({ value, wrong: true })),
          ...tooLong(writer.model, field, column).map((value) => ({ value, wrong: false })),
        ];
        for (const { value, wrong } of values) {
          const body = writer.base();
          if (member) body[member] = { ...(body[member] as Row), [field]: value };
          else body[field] = value;
          const client = await clientFor(writer.who);
          const before = await snapshot();
          const res = await client.post(`/api/auth${writer.path}`, body);
          const after = await snapshot();
          cases += 1;
          const label = `${writer.path} ${member ? `${member}.` : ""}${field}=${JSON.stringify(value).slice(0, 40)}`;
          if (res.status >= 500) failures.push(`${label}: ${res.status} ${res.text.slice(0, 120)}`);
          else if (res.status >= 400) {
            if (typeof res.body?.code !== "string" || typeof res.body?.message !== "string")
              failures.push(`${label}: ${res.status} without {code, message}: ${res.text.slice(0, 120)}`);
            if (!same([...before], [...after])) failures.push(`${label}: refused with ${res.status} but rows changed`);
            if (wrong) wrongRefused += 1;
            else longRefused += 1;
          } else {
            for (const p of problems(writer.model, field, value, wrong, before, after)) failures.push(`${label}: ${p}`);
          }
        }
      }
    }
    expect(cases).toBeGreaterThan(100);
    recordCount("input: wrong-typed fields refused", wrongRefused, kind);
    recordCount("input: over-long fields refused", longRefused, kind);
    expect(failures).toEqual([]);
  }, 240_000);

  it("names, slugs and invitation text at their limits are stored exactly as sent", async () => {
    const client = await clientFor("user");
    const name = "😀".repeat(TEXT_LIMITS.user.name);
    expect((await client.post("/api/auth/update-user", { name })).status).toBe(200);
    expect((await client.get("/api/auth/get-session")).body.user.name).toBe(name);

    const org = { name: "n".repeat(TEXT_LIMITS.organization.name), slug: uniqueSlug("s").padEnd(100, "s") };
    const created = await client.post("/api/auth/organization/create", org);
    expect(created.status, created.text).toBe(200);
    expect({ name: created.body.name, slug: created.body.slug }).toEqual(org);

    const metadata = { note: "m".repeat(METADATA_LIMIT - 20) };
    const updated = await client.post("/api/auth/organization/update", { organizationId, data: { metadata } });
    expect(updated.status, updated.text).toBe(200);
    const over = await client.post("/api/auth/organization/update", {
      organizationId,
      data: { metadata: { note: "m".repeat(METADATA_LIMIT) } },
    });
    expect({ status: over.status, code: over.body?.code }).toEqual({ status: 400, code: "FIELD_TOO_LONG" });
  });

  it("the refusals say which field and why", async () => {
    const client = await clientFor("user");
    const wrong = await client.post("/api/auth/update-user", { name: { a: 1 } });
    expect({ status: wrong.status, body: wrong.body }).toEqual({
      status: 400,
      body: { code: "INVALID_FIELD_TYPE", message: "name must be a string" },
    });
    const long = await client.post("/api/auth/sign-up/email", {
      email: uniqueEmail("sv-long"),
      password: "correct horse battery",
      name: "a".repeat(1024 * 1024 - 200),
    });
    expect({ status: long.status, body: long.body }).toEqual({
      status: 400,
      body: { code: "FIELD_TOO_LONG", message: `name must be at most ${TEXT_LIMITS.user.name} characters` },
    });
  });
});
