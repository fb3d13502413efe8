import type { Row } from "../fast-path/session-lookup.js";
import type { ReadAnswer } from "../kept-answers.js";
import { type Caller, type Engine, engine, json, withMetadataRecord } from "./answer.js";
import type { ReadContext } from "./context.js";
import { type PgStatements, wholeList } from "./pg-statements.js";
import type { Statements } from "./statements.js";

/** GET /organization/list: the caller's organizations (SQLite: the engine's findMany; PostgreSQL: one statement). */
export function organizationListReads(
  { exec, findMany, member, organization, findManyLimit, cut, listParam }: ReadContext,
  { organizationsSQL }: Statements,
  { pgOrganizationsSQL, pgQuery }: PgStatements,
) {
  async function listOrganizations(caller: Caller): Promise<ReadAnswer | Engine> {
    const rows = await findMany(member, "userId", caller.userId, findManyLimit);
    if (rows.length === 0) return json([]);
    if (cut(rows.length, findManyLimit)) return engine("a cut list on PostgreSQL");
    const ids = rows.map((r) => String(r[member.column("organizationId")]));
    const found = await exec(organizationsSQL, [listParam([...new Set(ids)])], "tessera_org_organizations");
    const byId = new Map(found.map((r) => [String(r.id), r]));
    const out: Row[] = [];
    for (const id of ids) {
      const row = byId.get(id);
      if (!row) return engine("membership of a missing organization");
      out.push(withMetadataRecord(organization.filtered(organization.decode(row))));
    }
    return json(out);
  }

  /** PostgreSQL: GET /organization/list in one statement; a list the engine cuts goes to it. */
  async function pgListOrganizations(caller: Caller): Promise<ReadAnswer | Engine> {
    if (!pgOrganizationsSQL) return engine("an organization field the database cannot write");
    const row = await pgQuery("tessera_org_list", pgOrganizationsSQL, [caller.userId, findManyLimit]);
    const list = wholeList<Row | null>(row, findManyLimit);
    if (!list) return engine("a cut list on PostgreSQL");
    const out: Row[] = [];
    for (const o of list) {
      if (!o) return engine("membership of a missing organization");
      out.push(withMetadataRecord(o));
    }
    return json(out);
  }
  return { listOrganizations, pgListOrganizations };
}
