import { paths } from "@/config/paths.js";
import { fetchJson } from "@/lib/api-error.js";
import { type MutationConfig, useFeatureMutation } from "@/lib/query-client.js";
import { type AutoJoin, changes, type SsoState } from "./sso.js";

type PolicyChange = { autoJoin?: AutoJoin; ssoRequired?: boolean };

/** PUT /policy: who joins from the verified domains, and whether SSO is required; the SSO state refetches. */
export function useSavePolicy(organizationId: string, config?: MutationConfig<SsoState, PolicyChange>) {
  return useFeatureMutation(
    (change: PolicyChange) =>
      fetchJson<SsoState>(`${paths.api.organizationSso(organizationId)}/policy`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(change),
      }),
    changes(organizationId),
    config,
  );
}
