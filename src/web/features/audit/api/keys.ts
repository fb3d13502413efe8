/** Query keys of the audit log screens. */
export const keys = {
  /** One page of the log, the site's (no organization) or one organization's, for its filters. */
  page: <Filters>(filters: Filters, organizationId?: string) => ["audit", organizationId ?? null, filters] as const,
};
