/** Query keys of the SSO policy section. */
export const keys = {
  /** The single sign-on screen's query (features/sso keeps the same key): one answer, refreshed by either part. */
  ssoState: (organizationId: string) => ["sso", organizationId] as const,
};
