import type { BetterAuthOptions, BetterAuthPlugin } from "better-auth";
import type { Database } from "../../db/database.js";
import { answersWhileUnchanged, type Scope } from "../kept-answers.js";
import { type Caller, organizationOf } from "./answer.js";
import { type AuthContext, blocker, type OrganizationPluginOptions } from "./blockers.js";
import { readContext } from "./context.js";
import { fullOrganizationReads } from "./full-organization.js";
import { invitationListReads } from "./list-invitations.js";
import { memberListReads } from "./list-members.js";
import { organizationListReads } from "./list-organizations.js";
import { teamListReads } from "./list-teams.js";
import { organizationsPageReads } from "./organizations-page.js";
import { ORGANIZATION_READ_PATHS, type OrganizationReadPath } from "./paths.js";
import { permissionsOf } from "./permissions.js";
import { pgStatementsOf } from "./pg-statements.js";
import { statementsOf } from "./statements.js";

/**
 * The reads as these engine options and this database make them, once per process: why each read is
 * the engine's (if it is), each read's answer (PostgreSQL's one statement, else the engine's
 * findMany and our lookups), the /api/organizations page, and what answers are kept by.
 */
export function prepare(ctx: AuthContext, database: Database, sessionBlocked: string | null) {
  const options = ctx.options as BetterAuthOptions;
  const plugin = (options.plugins ?? []).find((p) => p.id === "organization") as
    | (BetterAuthPlugin & { options?: OrganizationPluginOptions })
    | undefined;
  const blocked = Object.fromEntries(
    ORGANIZATION_READ_PATHS.map((path) => [path, sessionBlocked ?? blocker(ctx, path, plugin)]),
  ) as Record<OrganizationReadPath, string | null>;
  const c = readContext(options, plugin?.options ?? {}, database);
  const { postgres, organization } = c;
  const s = statementsOf(c);
  const pg = pgStatementsOf(c, s);
  const may = permissionsOf(c, s, pg.customRoles);
  const { listOrganizations, pgListOrganizations } = organizationListReads(c, s, pg);
  const { listMembers, pgListMembers } = memberListReads(c, s, pg, may);
  const { listInvitations, pgListInvitations } = invitationListReads(c, pg, may);
  const { listTeams, pgListTeams } = teamListReads(c, pg, may);
  const { fullOrganization, pgFullOrganization } = fullOrganizationReads(c, s, pg, may);
  const organizationsPage = organizationsPageReads(c);

  async function answer(path: OrganizationReadPath, query: Record<string, string>, caller: Caller) {
    if (postgres) {
      switch (path) {
        case "/organization/list":
          return pgListOrganizations(caller);
        case "/organization/list-members":
          return pgListMembers(query, caller);
        case "/organization/list-invitations":
          return pgListInvitations(query, caller);
        case "/organization/list-teams":
          return pgListTeams(query, caller);
        case "/organization/get-full-organization":
          return pgFullOrganization(query, caller);
      }
    }
    switch (path) {
      case "/organization/list":
        return listOrganizations(caller);
      case "/organization/list-members":
        return listMembers(query, caller);
      case "/organization/list-invitations":
        return listInvitations(query, caller);
      case "/organization/list-teams":
        return listTeams(query, caller);
      case "/organization/get-full-organization":
        return fullOrganization(query, caller);
    }
  }

  /** Which organization a PostgreSQL read is about, for its kept answer; null for none to keep. */
  function scopeOf(path: OrganizationReadPath, query: Record<string, string>, caller: Caller): Scope | null {
    if (path === "/organization/list") return null;
    if (path === "/organization/get-full-organization") {
      if (query.organizationId && query.organizationSlug) return null;
      if (query.organizationSlug) return { by: "slug", key: query.organizationSlug };
    }
    const id = organizationOf(query, caller);
    return id ? { by: "id", key: id } : null;
  }

  const reuse = database.sqliteReader ? answersWhileUnchanged(database.sqliteReader()) : undefined;
  return {
    blocked,
    answer,
    reuse,
    organizationsPage,
    scopeOf,
    organizationTable: { table: organization.table, slug: organization.col("slug") },
  };
}
export type Prepared = ReturnType<typeof prepare>;
