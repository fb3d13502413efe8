import type { Row } from "../fast-path/session-lookup.js";
import type { ReadAnswer } from "../kept-answers.js";
import { type Caller, type Engine, engine, json, organizationOf } from "./answer.js";
import type { ReadContext } from "./context.js";
import { callerOf, mfaStatus, type Permissions } from "./permissions.js";
import { type PgStatements, readAnswer } from "./pg-statements.js";
import type { Statements } from "./statements.js";

/**
 * Members (not none) with their users and mfa, as list-members and get-full-organization answer them
 * (the engine's user fields and our after hook's mfa), or why the engine must answer.
 */
export async function membersWithUsers(
  { exec, user, listParam }: Pick<ReadContext, "exec" | "user" | "listParam">,
  usersSQL: Statements["usersSQL"],
  members: Row[],
): Promise<Row[] | Engine> {
  if (!usersSQL) return engine("no two-step or passkey tables");
  const userIds = [...new Set(members.map((m) => String(m.userId)))];
  const users = await exec(usersSQL, [listParam(userIds)], "tessera_org_member_users");
  const status = mfaStatus(users);
  if (!status) return engine("more than one two-step row for a user");
  const byId = new Map(users.map((u) => [String(u.id), user.decode(u)]));
  const out: Row[] = [];
  for (const m of members) {
    const u = byId.get(String(m.userId));
    if (!u) return engine("member without a user");
    out.push({
      ...m,
      user: { id: u.id, name: u.name, email: u.email, image: u.image },
      mfa: status.get(String(m.userId)) ?? { twoFactor: null, passkeys: 0 },
    });
  }
  return out;
}

/** GET /organization/list-members: a page of members with their users and mfa, and how many there are. */
export function memberListReads(
  { exec, findMany, member, user, membershipLimit, postgres, listParam }: ReadContext,
  { countSQL, usersSQL }: Statements,
  { pgMembersSQL, pgQuery }: PgStatements,
  { membership }: Permissions,
) {
  async function listMembers(query: Record<string, string>, caller: Caller): Promise<ReadAnswer | Engine> {
    const organizationId = organizationOf(query, caller);
    if (!organizationId) return engine("no organization");
    // The engine's listMembers: `limit || membershipLimit || 100`, `offset || 0`.
    const limit = Number(query.limit ?? 0) || membershipLimit;
    const offset = Number(query.offset ?? 0) || 0;
    // The membership, the page and the count at once; the page only counts if the membership passes.
    const [own, rows, counted] = await Promise.all([
      membership(caller.userId, organizationId),
      findMany(member, "organizationId", organizationId, limit, offset),
      exec(countSQL, [organizationId], "tessera_org_member_count"),
    ]);
    if ("kind" in own) return own as Engine;
    const total = Number(counted[0]?.count ?? 0);
    if (postgres && (offset > 0 || rows.length < total)) return engine("a cut list on PostgreSQL");
    if (rows.length === 0) return json({ members: [], total });
    const out = await membersWithUsers(
      { exec, user, listParam },
      usersSQL,
      rows.map((r) => member.decode(r)),
    );
    if (!Array.isArray(out)) return out;
    return json({ members: out, total });
  }

  /** PostgreSQL: list-members, the caller's membership and the members' users in one statement. */
  async function pgListMembers(query: Record<string, string>, caller: Caller): Promise<ReadAnswer | Engine> {
    const organizationId = organizationOf(query, caller);
    if (!organizationId) return engine("no organization");
    if (!pgMembersSQL) return engine("no two-step or passkey tables, or a field the database cannot write");
    const limit = Number(query.limit ?? 0) || membershipLimit;
    if (Number(query.offset ?? 0) > 0) return engine("a cut list on PostgreSQL");
    const row = await pgQuery("tessera_org_members", pgMembersSQL, [caller.userId, organizationId, limit]);
    // Read with one member more than the limit: more means the engine's list is cut.
    const total = Number(row.tessera_count);
    if (total > limit) return engine("a cut list on PostgreSQL");
    const own = callerOf(row);
    if ("kind" in own) return own;
    if (Number(row.tessera_orphans) > 0) return engine("member without a user");
    // auth/mfa-status.ts joins the two-step rows and keeps the last: an order not ours to know.
    if (Number(row.tessera_max_factors) > 1) return engine("more than one two-step row for a user");
    return readAnswer(`{"members":[${row.tessera_text ?? ""}],"total":${total}}`, row);
  }
  return { listMembers, pgListMembers };
}
