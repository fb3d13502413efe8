import { withMetadataRecord } from "./answer.js";
import type { ReadContext } from "./context.js";
import { WHOLE_NUMBER } from "./paths.js";

/** GET /api/organizations takes `limit` (1–100, 50 unless given) and `offset` (0 unless given), as whole numbers. */
const ORGANIZATIONS_PAGE_LIMIT = 100;
export function organizationsPageQuery(
  params: URLSearchParams,
): { limit: number; offset: number } | { message: string } {
  for (const name of params.keys()) {
    if (name !== "limit" && name !== "offset") return { message: `${name} is not a parameter of this list` };
    if (params.getAll(name).length > 1) return { message: `${name} is given more than once` };
  }
  const whole = (name: string, fallback: number) => {
    const value = params.get(name);
    return value === null ? fallback : WHOLE_NUMBER.test(value) ? Number(value) : Number.NaN;
  };
  const limit = whole("limit", 50);
  const offset = whole("offset", 0);
  if (!(limit >= 1 && limit <= ORGANIZATIONS_PAGE_LIMIT))
    return { message: `limit must be a whole number from 1 to ${ORGANIZATIONS_PAGE_LIMIT}` };
  if (Number.isNaN(offset)) return { message: "offset must be a whole number of 0 or more" };
  return { limit, offset };
}

/** The /api/organizations page's statements and its read (the route is fast-path-routes.ts's). */
export function organizationsPageReads({ exec, member, organization, p }: ReadContext) {
  /**
   * GET /api/organizations: the caller's organizations a page at a time, by name then id (an order
   * the engine's GET /organization/list has not: it sets none and stops at its find limit). Each
   * organization is as that list gives it.
   */
  const pageSQL = `select o.*, count(*) over () as "tessera_total" from ${member.table} m join ${organization.table} o on o."id" = m.${member.col("organizationId")} where m.${member.col("userId")} = ${p(1)} order by o.${organization.col("name")}, o."id" limit ${p(2)} offset ${p(3)}`;
  const pageCountSQL = `select count(*) as "count" from ${member.table} m join ${organization.table} o on o."id" = m.${member.col("organizationId")} where m.${member.col("userId")} = ${p(1)}`;
  async function organizationsPage(userId: string, limit: number, offset: number) {
    const rows = await exec(pageSQL, [userId, limit, offset], "tessera_org_page");
    const total = rows.length
      ? Number(rows[0]?.tessera_total)
      : Number((await exec(pageCountSQL, [userId], "tessera_org_page_count"))[0]?.count ?? 0);
    return {
      organizations: rows.map((row) => withMetadataRecord(organization.filtered(organization.decode(row)))),
      total,
    };
  }
  return organizationsPage;
}
