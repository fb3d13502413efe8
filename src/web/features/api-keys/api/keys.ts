/** The API keys screens' query keys, defined once; invalidating `all` refreshes every list. */
export const keys = {
  all: ["api-keys"] as const,
  /** The signed-in user's own keys (no organization) or one organization's. */
  list: (organizationId?: string) => ["api-keys", organizationId ?? "mine"] as const,
};
