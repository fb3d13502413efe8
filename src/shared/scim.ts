// An organization's SCIM token as /api/organizations/:organizationId/scim answers it (src/server/scim/routes.ts),
// for the server that builds it and the settings tab that reads it. Dates are ISO 8601 strings.

/** A SCIM token as the server shows it: never the token itself. */
export interface ScimCredentialView {
  id: string;
  status: "active" | "expired" | "revoked" | "decommissioned";
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** GET …/scim and DELETE …/scim/token: the connection and its tokens, newest first. */
export interface ScimState {
  /** What the IdP is given as the SCIM base URL. */
  baseUrl: string;
  enabled: boolean;
  connection: { createdAt: string } | null;
  credentials: ScimCredentialView[];
}

/** POST …/scim/token: a new token, in this answer only. */
export type ScimStateWithToken = ScimState & { token: string };
