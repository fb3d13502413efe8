import type { Kysely } from "kysely";
import { siteAdminTest } from "../../auth/admin-rules.js";
import { mfaStatusOf } from "../../auth/mfa-status.js";
import { type AdminUserView, toUserView } from "./user-search.js";

export interface AdminUserDetail {
  user: AdminUserView;
  /** How the user signs in: provider ids only; tokens and password hashes never leave the server. */
  accounts: { id: string; providerId: string; createdAt: string }[];
  memberships: { organizationId: string; name: string; slug: string; role: string; createdAt: string }[];
  /** ADMIN_USER_IDS or the admin role: only ADMIN_USER_IDS admins act on them (auth/admin-rules.ts). */
  siteAdmin: boolean;
}

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
