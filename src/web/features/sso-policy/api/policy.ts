import { useQuery } from "@tanstack/react-query";
import { paths } from "../../../config/paths.js";
import { fetchJson } from "../../../lib/api-error.js";

export type AutoJoin = "off" | "invite" | "member";

/** What this screen reads of GET /api/organizations/:id/sso (src/server/sso/routes.ts). */
export interface SsoPolicyState {
  domains: { name: string; verified: boolean }[];
  connection: { enabled: boolean } | null;
  policy: { autoJoin: AutoJoin; ssoRequired: boolean };
}

/** The single sign-on screen's query (features/sso): one answer, refreshed by either screen part. */
export const ssoStateKey = (organizationId: string) => ["sso", organizationId] as const;

export function useSsoPolicyState(organizationId: string) {
  return useQuery({
    queryKey: ssoStateKey(organizationId),
    queryFn: () => fetchJson<SsoPolicyState>(paths.api.organizationSso(organizationId)),
  });
}

export function savePolicy(organizationId: string, change: { autoJoin?: AutoJoin; ssoRequired?: boolean }) {
  return fetchJson<SsoPolicyState>(`${paths.api.organizationSso(organizationId)}/policy`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(change),
  });
}
