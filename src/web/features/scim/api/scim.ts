import { useQuery } from "@tanstack/react-query";
import type { ScimState, ScimStateWithToken } from "../../../../shared/scim.js";
import { paths } from "../../../config/paths.js";
import { fetchJson } from "../../../lib/api-error.js";

export const scimKeys = { state: (organizationId: string) => ["scim", organizationId] as const };

export function useScimState(organizationId: string) {
  return useQuery({
    queryKey: scimKeys.state(organizationId),
    queryFn: () => fetchJson<ScimState>(paths.api.organizationScim(organizationId)),
  });
}

/** A new token (the old one, if any, stops working); the answer carries it, this once. */
export function createScimToken(organizationId: string) {
  return fetchJson<ScimStateWithToken>(`${paths.api.organizationScim(organizationId)}/token`, {
    method: "POST",
  });
}

export function revokeScimToken(organizationId: string) {
  return fetchJson<ScimState>(`${paths.api.organizationScim(organizationId)}/token`, { method: "DELETE" });
}
