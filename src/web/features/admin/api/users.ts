import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { paths } from "@/config/paths.js";
import { fetchJson } from "@/lib/api-error.js";
import type { AdminUserDetail, AdminUserPage } from "../../../../shared/admin-users.js";
import { keys } from "./keys.js";

export type UserSort = "createdAt" | "email" | "name";
export type SortDirection = "asc" | "desc";

/** The list's search, filters, order and page; what the URL of /admin holds. */
export interface UserSearch {
  q: string;
  role: string;
  banned: "" | "true" | "false";
  emailVerified: "" | "true" | "false";
  sortBy: UserSort;
  sortDirection: SortDirection;
  page: number;
}

export const USERS_PAGE_SIZE = 20;

/** The query string the server's search takes; empty filters are left out. */
export function userSearchQuery(s: UserSearch, pageSize = USERS_PAGE_SIZE): URLSearchParams {
  const query = new URLSearchParams();
  if (s.q.trim()) query.set("q", s.q.trim());
  if (s.role) query.set("role", s.role);
  if (s.banned) query.set("banned", s.banned);
  if (s.emailVerified) query.set("emailVerified", s.emailVerified);
  query.set("sortBy", s.sortBy);
  query.set("sortDirection", s.sortDirection);
  query.set("page", String(s.page));
  query.set("pageSize", String(pageSize));
  return query;
}

/** GET /api/admin/users: one page of matching users and the total. */
export function searchUsers(s: UserSearch) {
  return fetchJson<AdminUserPage>(`${paths.api.adminUsers}?${userSearchQuery(s)}`);
}

/** The page for `s`; the previous page stays on screen while the next one loads. */
export function useUserSearch(s: UserSearch) {
  return useQuery({
    queryKey: keys.usersPage(s),
    queryFn: () => searchUsers(s),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/users/:id: profile, sign-in methods and organizations. */
export function useUserDetail(id: string) {
  return useQuery({
    queryKey: keys.user(id),
    queryFn: () => fetchJson<AdminUserDetail>(paths.api.adminUser(id)),
  });
}
