import type { MfaStatus } from "./mfa.js";

// GET /api/admin/users and /api/admin/users/:id (src/server/routes/admin/), for the server that builds
// them and the console that reads them. Dates are ISO 8601 strings, as they travel.

/** GET /api/admin/users's orders. */
export const USER_SORTS = ["createdAt", "email", "name"] as const;
export type UserSort = (typeof USER_SORTS)[number];
export const SORT_DIRECTIONS = ["asc", "desc"] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/**
 * GET /api/admin/users's query, as the URL carries it: a filter left out matches everyone. The server's
 * schema (src/server/routes/admin/user-search.ts) takes exactly these; the console builds them
 * (src/web/features/admin/api/users.ts).
 */
export interface UserSearchQuery {
  /** Anywhere in e-mail or name. */
  q?: string;
  /** A site role (src/shared/permissions.ts). */
  role?: string;
  banned?: "true" | "false";
  emailVerified?: "true" | "false";
  sortBy?: UserSort;
  sortDirection?: SortDirection;
  /** From 1. */
  page?: string;
  /** 1 to 100; 20 unless said. */
  pageSize?: string;
}

/** A user as the console lists it: no secrets are stored on the user row, so this is all of it. */
export interface AdminUserView {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  role: string | null;
  banned: boolean;
  banReason: string | null;
  banExpires: string | null;
  createdAt: string;
  updatedAt: string;
  /** Two-step method and passkeys (src/server/auth/mfa-status.ts). */
  mfa: MfaStatus;
}

/** A page of GET /api/admin/users. */
export interface AdminUserPage {
  users: AdminUserView[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /api/admin/users/:id: the user, how they sign in and their organizations. */
export interface AdminUserDetail {
  user: AdminUserView;
  /** How the user signs in: provider ids only; tokens and password hashes never leave the server. */
  accounts: { id: string; providerId: string; createdAt: string }[];
  memberships: { organizationId: string; name: string; slug: string; role: string; createdAt: string }[];
  /** ADMIN_USER_IDS or the admin role: only ADMIN_USER_IDS admins act on them (src/server/auth/admin-rules.ts). */
  siteAdmin: boolean;
}
