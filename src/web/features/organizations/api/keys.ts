/** Query keys of the organization screens; invalidating ["organization"] refreshes them all. */
export const keys = {
  all: ["organization"] as const,
  /** The user's organizations: the organization list, the header's switcher and the home page. */
  list: ["organizations"] as const,
  /** The user's membership in the active organization (the home page's role); refetched after a switch. */
  activeMembers: ["active-member"] as const,
  activeMember: (organizationId: string | null | undefined) => ["active-member", organizationId] as const,
  userInvitations: ["organization", "user-invitations"] as const,
  organization: (slug: string) => ["organization", "full", slug] as const,
  members: (id: string) => ["organization", "members", id] as const,
  invitations: (id: string) => ["organization", "invitations", id] as const,
  teams: (id: string) => ["organization", "teams", id] as const,
  roster: (id: string) => ["organization", "roster", id] as const,
  /** The signed-in user's roles and effective permissions in one organization (custom roles included). */
  permissions: (id: string) => ["organization", "permissions", id] as const,
  /** The organization's custom roles (the engine's dynamic access control). */
  roles: (id: string) => ["organization", "roles", id] as const,
  /** Everything the organization screens show: what `refresh()` and most changes refetch. */
  screens: [["organization"], ["organizations"]] as const,
};
