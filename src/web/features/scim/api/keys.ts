/** Query keys of the SCIM section. */
export const keys = {
  state: (organizationId: string) => ["scim", organizationId] as const,
};
