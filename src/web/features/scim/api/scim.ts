import { useQuery } from "@tanstack/react-query";
import { paths } from "@/config/paths.js";
import { fetchJson } from "@/lib/api-error.js";
import { type MutationConfig, useFeatureMutation } from "@/lib/query-client.js";
import type { ScimState, ScimStateWithToken } from "@/shared/scim.js";
import { keys } from "./keys.js";

export function useScimState(organizationId: string) {
  return useQuery({
    queryKey: keys.state(organizationId),
    queryFn: () => fetchJson<ScimState>(paths.api.organizationScim(organizationId)),
  });
}

/** A new token (the old one, if any, stops working); the answer carries it, this once. */
export function useCreateScimToken(organizationId: string, config?: MutationConfig<ScimStateWithToken>) {
  return useFeatureMutation(
    () => fetchJson<ScimStateWithToken>(`${paths.api.organizationScim(organizationId)}/token`, { method: "POST" }),
    () => [keys.state(organizationId)],
    config,
  );
}

/** Revokes the token: provisioning stops. */
export function useRevokeScimToken(organizationId: string, config?: MutationConfig<ScimState>) {
  return useFeatureMutation(
    () => fetchJson<ScimState>(`${paths.api.organizationScim(organizationId)}/token`, { method: "DELETE" }),
    () => [keys.state(organizationId)],
    config,
  );
}
