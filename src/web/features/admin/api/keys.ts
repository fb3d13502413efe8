/** Query keys of the admin console's user screens. */
export const keys = {
  /** Every page of the user search. */
  users: ["admin", "users"] as const,
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
