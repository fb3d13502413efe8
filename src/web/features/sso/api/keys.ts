/** Query keys of the single sign-on screens. */
export const keys = {
  /** GET /api/organizations/:id/sso (domains, identity provider, policy): what every change refetches. */
  state: (organizationId: string) => ["sso", organizationId] as const,
};
