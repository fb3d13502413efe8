import type { ReadContext } from "./context.js";

/**
 * Our own statements beside the engine's findMany (SQLite; PostgreSQL has pg-statements.ts), for
 * lookups whose order does not matter: the caller's membership with the MFA policy's two columns,
 * the member count, the members' users, organizations by id.
 */
export function statementsOf({ tables, member, organization, user, p, inList }: ReadContext) {
  const requireMfa = tables.organization?.fields.requireMfa ? organization.col("requireMfa") : "null";
  const twoFactorEnabled = tables.user?.fields.twoFactorEnabled ? user.col("twoFactorEnabled") : "null";
  const membershipSQL = `select m.*, (select ${requireMfa} from ${organization.table} where "id" = ${p(1)}) as "tessera_requireMfa", (select ${twoFactorEnabled} from ${user.table} where "id" = ${p(2)}) as "tessera_twoFactorEnabled" from ${member.table} m where m.${member.col("userId")} = ${p(3)} and m.${member.col("organizationId")} = ${p(4)} limit 2`;
  const countSQL = `select count("id") as "count" from ${member.table} where ${member.col("organizationId")} = ${p(1)}`;
  // The members' users with what auth/mfa-status.ts's mfaStatusOf reads (the twoFactor and passkey
  // tables by these names), in one statement.
  const userColumns = ["id", "name", "email", "image", "twoFactorEnabled"].filter(
    (k) => k === "id" || tables.user?.fields[k],
  );
  const usersSQL =
    tables.twoFactor && tables.passkey
      ? `select ${userColumns.map((k) => `u.${user.col(k)}`).join(", ")}, (select count(*) from "twoFactor" t where t."userId" = u."id") as "tessera_factors", (select t."verified" from "twoFactor" t where t."userId" = u."id" limit 1) as "tessera_verified", (select count(*) from "passkey" k where k."userId" = u."id") as "tessera_passkeys" from ${user.table} u where ${inList('u."id"', 1)}`
      : undefined;
  const organizationsSQL = `select * from ${organization.table} where ${inList('"id"', 1)}`;
  return { requireMfa, twoFactorEnabled, membershipSQL, countSQL, usersSQL, organizationsSQL };
}
export type Statements = ReturnType<typeof statementsOf>;
