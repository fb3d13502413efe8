import { useQuery } from "@tanstack/react-query";
import { paths } from "@/config/paths.js";
import { fetchJson } from "@/lib/api-error.js";
import { type MutationConfig, useFeatureMutation } from "@/lib/query-client.js";
import type { AutoJoin, SsoState } from "../../../../shared/sso.js";
import { keys } from "./keys.js";

// The answer of GET /api/organizations/:id/sso, declared once (src/shared/sso.ts); this screen reads its
// domains, connection and policy, and names it after itself.
export type { AutoJoin, SsoState as SsoPolicyState } from "../../../../shared/sso.js";

export function useSsoPolicyState(organizationId: string) {
  return useQuery({
    queryKey: keys.ssoState(organizationId),
    queryFn: () => fetchJson<SsoState>(paths.api.organizationSso(organizationId)),
  });
}

export type PolicyChange = { autoJoin?: AutoJoin; ssoRequired?: boolean };

/** PUT /policy: who joins from the verified domains, and whether SSO is required; the SSO state refetches. */
export function useSavePolicy(organizationId: string, config?: MutationConfig<SsoState, PolicyChange>) {
  return useFeatureMutation(
    (change: PolicyChange) =>
      fetchJson<SsoState>(`${paths.api.organizationSso(organizationId)}/policy`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(change),
      }),
    () => [keys.ssoState(organizationId)],
    config,
  );
}
