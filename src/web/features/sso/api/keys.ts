/** Query keys of the single sign-on screens. */
export const keys = {
  /** An organization's domains and identity provider: what every change refetches. */
  state: (organizationId: string) => ["sso", organizationId] as const,
};
