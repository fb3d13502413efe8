import { useRef } from "react";
import { useSearchParams } from "react-router";
import type { SortDirection, UserSearch, UserSort } from "../api/users.js";

const SORTS: readonly UserSort[] = ["createdAt", "email", "name"];
const FLAGS = ["", "true", "false"] as const;

export const DEFAULT_USER_SEARCH: UserSearch = {
  q: "",
  role: "",
  banned: "",
  emailVerified: "",
  sortBy: "createdAt",
  sortDirection: "desc",
  page: 1,
};

const flag = (v: string | null): UserSearch["banned"] =>
  v && (FLAGS as readonly string[]).includes(v) ? (v as UserSearch["banned"]) : "";

/** The list's search lives in the URL: it survives a reload, the back button and a shared link. */
export function parseUserSearch(params: URLSearchParams, roles: readonly string[]): UserSearch {
  const sortBy = params.get("sortBy") as UserSort | null;
  const direction = params.get("sortDirection");
  const page = Number(params.get("page"));
  const role = params.get("role") ?? "";
  return {
    q: (params.get("q") ?? "").slice(0, 320),
    role: roles.includes(role) ? role : "",
    banned: flag(params.get("banned")),
    emailVerified: flag(params.get("emailVerified")),
    sortBy: sortBy && SORTS.includes(sortBy) ? sortBy : DEFAULT_USER_SEARCH.sortBy,
    sortDirection: direction === "asc" || direction === "desc" ? (direction as SortDirection) : "desc",
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** Only what differs from the defaults, so a plain /admin stays plain. */
export function userSearchParams(s: UserSearch): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(DEFAULT_USER_SEARCH) as (keyof UserSearch)[]) {
    const value = key === "q" ? s.q.trim() : s[key];
    if (value !== DEFAULT_USER_SEARCH[key]) params.set(key, String(value));
  }
  return params;
}

/** The current search and a way to change it; any change but the page itself starts again at page 1. */
export function useUserSearchParams(roles: readonly string[]) {
  const [params, setParams] = useSearchParams();
  const search = parseUserSearch(params, roles);
  // From the URL as it is when the change lands, not as it was rendered: the search box calls an
  // `update` of an earlier render after its typing pause, and react-router's functional form would hand
  // it that render's params, so a filter chosen meanwhile was dropped. The latest params live in a ref.
  const latest = useRef(params);
  latest.current = params;
  function update(patch: Partial<UserSearch>, { replace = false } = {}) {
    const next = userSearchParams({ ...parseUserSearch(latest.current, roles), ...patch, page: patch.page ?? 1 });
    latest.current = next;
    setParams(next, { replace });
  }
  return [search, update] as const;
}
