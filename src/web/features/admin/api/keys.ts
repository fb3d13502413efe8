/** Query keys of the admin console: the site permission checks and the user screens. */
export const keys = {
  /** Whether the server lets this user, in this role, do `permissions` (POST /admin/has-permission). */
  sitePermission: (userId: string | undefined, role: string | null, permissions: Record<string, string[]>) =>
    ["site-permission", userId, role, permissions] as const,
  /** Every page of the user search. */
  users: ["admin", "users"] as const,
  /** One page of the user search, for its query (a `UserSearch`). */
  usersPage: <Search>(search: Search) => ["admin", "users", search] as const,
  user: (id: string) => ["admin", "user", id] as const,
  sessions: (userId: string) => ["admin", "sessions", userId] as const,
  /** What a change to one user refetches: their page, the list, and their sessions. */
  userScreens: (id: string) =>
    [
      ["admin", "user", id],
      ["admin", "users"],
      ["admin", "sessions", id],
    ] as const,
};
