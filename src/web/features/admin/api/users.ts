import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { paths } from "@/config/paths.js";
import { fetchJson } from "@/lib/api-error.js";
import type { AdminUserDetail, AdminUserPage, SortDirection, UserSearchQuery, UserSort } from "@/shared/admin-users.js";
import { keys } from "./keys.js";

export type { SortDirection, UserSort } from "@/shared/admin-users.js";

/** The list's search, filters, order and page; what the URL of /admin holds ("" for a filter not set). */
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

/** The query string the server's search takes (src/shared/admin-users.ts UserSearchQuery); empty filters are left out. */
function userSearchQuery(s: UserSearch, pageSize = USERS_PAGE_SIZE): URLSearchParams {
  const query: UserSearchQuery = {
    ...(s.q.trim() ? { q: s.q.trim() } : {}),
    ...(s.role ? { role: s.role } : {}),
    ...(s.banned ? { banned: s.banned } : {}),
    ...(s.emailVerified ? { emailVerified: s.emailVerified } : {}),
    sortBy: s.sortBy,
    sortDirection: s.sortDirection,
    page: String(s.page),
    pageSize: String(pageSize),
  };
  return new URLSearchParams(query as Record<string, string>);
}

/** GET /api/admin/users: one page of matching users and the total. */
function searchUsers(s: UserSearch) {
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
