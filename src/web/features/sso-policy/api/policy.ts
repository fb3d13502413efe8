import { useQuery } from "@tanstack/react-query";
import { paths } from "@/config/paths.js";
import { fetchJson } from "@/lib/api-error.js";
import { type MutationConfig, useFeatureMutation } from "@/lib/query-client.js";
import { keys } from "./keys.js";

export type AutoJoin = "off" | "invite" | "member";

/** What this screen reads of GET /api/organizations/:id/sso (src/server/sso/routes.ts). */
export interface SsoPolicyState {
  domains: { name: string; verified: boolean }[];
  connection: { enabled: boolean } | null;
  policy: { autoJoin: AutoJoin; ssoRequired: boolean };
}

export function useSsoPolicyState(organizationId: string) {
  return useQuery({
    queryKey: keys.ssoState(organizationId),
    queryFn: () => fetchJson<SsoPolicyState>(paths.api.organizationSso(organizationId)),
  });
}

export type PolicyChange = { autoJoin?: AutoJoin; ssoRequired?: boolean };

/** PUT /policy: who joins from the verified domains, and whether SSO is required; the SSO state refetches. */
export function useSavePolicy(organizationId: string, config?: MutationConfig<SsoPolicyState, PolicyChange>) {
  return useFeatureMutation(
    (change: PolicyChange) =>
      fetchJson<SsoPolicyState>(`${paths.api.organizationSso(organizationId)}/policy`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(change),
      }),
    () => [keys.ssoState(organizationId)],
    config,
  );
}
