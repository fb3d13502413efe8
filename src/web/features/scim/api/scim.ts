import { useQuery } from "@tanstack/react-query";
import { paths } from "../../../config/paths.js";
import { fetchJson } from "../../../lib/api-error.js";

/** A SCIM token as the server shows it: never the token itself (src/server/scim/routes.ts). */
export interface ScimCredential {
  id: string;
  status: "active" | "expired" | "revoked" | "decommissioned";
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface ScimState {
  /** What the IdP is given as the SCIM base URL. */
  baseUrl: string;
  enabled: boolean;
  connection: { createdAt: string } | null;
  credentials: ScimCredential[];
}

export const scimKeys = { state: (organizationId: string) => ["scim", organizationId] as const };

export function useScimState(organizationId: string) {
  return useQuery({
    queryKey: scimKeys.state(organizationId),
    queryFn: () => fetchJson<ScimState>(paths.api.organizationScim(organizationId)),
  });
}

/** A new token (the old one, if any, stops working); the answer carries it, this once. */
export function createScimToken(organizationId: string) {
  return fetchJson<ScimState & { token: string }>(`${paths.api.organizationScim(organizationId)}/token`, {
    method: "POST",
  });
}

export function revokeScimToken(organizationId: string) {
  return fetchJson<ScimState>(`${paths.api.organizationScim(organizationId)}/token`, { method: "DELETE" });
}
