import type { MfaStatus } from "./mfa.js";

// GET /api/admin/users and /api/admin/users/:id (src/server/routes/admin/), for the server that builds
// them and the console that reads them. Dates are ISO 8601 strings, as they travel.

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
