/** Query keys of the organization screens; invalidating ["organization-admin"] refreshes them all. */
export const keys = {
  all: ["organization-admin"] as const,
  list: ["organizations"] as const,
  userInvitations: ["organization-admin", "user-invitations"] as const,
  organization: (slug: string) => ["organization-admin", "organization", slug] as const,
  members: (id: string) => ["organization-admin", "members", id] as const,
  invitations: (id: string) => ["organization-admin", "invitations", id] as const,
  teams: (id: string) => ["organization-admin", "teams", id] as const,
  roster: (id: string) => ["organization-admin", "roster", id] as const,
  /** The signed-in user's roles and effective permissions in one organization (custom roles included). */
  permissions: (id: string) => ["organization-admin", "permissions", id] as const,
  /** The organization's custom roles (the engine's dynamic access control). */
  roles: (id: string) => ["organization-admin", "roles", id] as const,
  /** Everything the organization screens show: what `refresh()` and most changes refetch. */
  screens: [["organization-admin"], ["organizations"]] as const,
};
