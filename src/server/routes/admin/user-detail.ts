import type { Kysely } from "kysely";
import type { AdminUserDetail } from "../../../shared/admin-users.js";
import { siteAdminTest } from "../../auth/admin-rules.js";
import { mfaStatusOf } from "../../auth/mfa-status.js";
import { toUserView } from "./user-search.js";

const iso = (v: unknown) => new Date(v as string | number | Date).toISOString();

/** The user, their linked accounts and their organizations; undefined when there is no such user. */
export async function loadUserDetail(
  db: Kysely<any>,
  userId: string,
  adminUserIds: readonly string[],
): Promise<AdminUserDetail | undefined> {
  const row = await db
    .selectFrom("user")
    .select([
      "id",
      "name",
      "email",
      "emailVerified",
      "image",
      "role",
      "banned",
      "banReason",
      "banExpires",
      "createdAt",
      "updatedAt",
    ])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const [accounts, memberships, mfa] = await Promise.all([
    db
      .selectFrom("account")
      .select(["id", "providerId", "createdAt"])
      .where("userId", "=", userId)
      .orderBy("createdAt")
      .execute(),
    db
      .selectFrom("member")
      .innerJoin("organization", "organization.id", "member.organizationId")
      .select([
        "member.organizationId as organizationId",
        "organization.name as name",
        "organization.slug as slug",
        "member.role as role",
        "member.createdAt as createdAt",
      ])
      .where("member.userId", "=", userId)
      .orderBy("organization.name")
      .execute(),
    mfaStatusOf(db, [userId]),
  ]);
  return {
    user: toUserView(row, mfa.get(userId)),
    siteAdmin: siteAdminTest(adminUserIds)({ id: String(row.id), role: row.role as string | null }),
    accounts: accounts.map((a) => ({
      id: String(a.id),
      providerId: String(a.providerId),
      createdAt: iso(a.createdAt),
    })),
    memberships: memberships.map((m) => ({
      organizationId: String(m.organizationId),
      name: String(m.name),
      slug: String(m.slug),
      role: String(m.role),
      createdAt: iso(m.createdAt),
    })),
  };
}
