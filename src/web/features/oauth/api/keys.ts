/** Query keys of the "Sign in with Tessera" screens, defined once. */
export const keys = {
  publicClient: (clientId: string) => ["oauth", "public-client", clientId] as const,
  /** The apps the signed-in user allowed (Settings → Connected apps). */
  consents: ["oauth", "consents"] as const,
  /** The site's clients; a prefix of every organization's, so refetching it refetches those too. */
  clients: ["oauth", "clients"] as const,
  organizationClients: (organizationId: string) => ["oauth", "clients", organizationId] as const,
};
