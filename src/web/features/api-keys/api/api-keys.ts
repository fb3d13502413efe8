import { useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchJson } from "@/lib/api-error.js";
import { type MutationConfig, refetchingOnError, useFeatureMutation } from "@/lib/query-client.js";
import type { ApiKeyList, ApiKeyRevoked, ApiKeyScope, CreatedApiKey } from "@/shared/api-keys.js";
import { keys } from "./keys.js";

/** The keys of the signed-in user (no organization) or of one organization (its owners and admins). */
const base = "/api/api-keys";
const query = (organizationId?: string) => (organizationId ? `?${new URLSearchParams({ organizationId })}` : "");

/** GET /api/api-keys — the keys of the user, or of `organizationId`. */
export function useApiKeys(organizationId?: string) {
  return useQuery({
    queryKey: keys.list(organizationId),
    queryFn: async () => (await fetchJson<ApiKeyList>(`${base}${query(organizationId)}`)).apiKeys,
  });
}

export interface ApiKeyInput {
  name: string;
  scopes: ApiKeyScope[];
  expiresInDays: number | null;
}

/** POST /api/api-keys — the key itself is in this answer only. */
export function useCreateApiKey(organizationId?: string, config?: MutationConfig<CreatedApiKey, ApiKeyInput>) {
  return useFeatureMutation(
    (input: ApiKeyInput) =>
      fetchJson<CreatedApiKey>(base, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ ...input, ...(organizationId ? { organizationId } : {}) }),
      }),
    () => [keys.list(organizationId)],
    config,
  );
}

/** The key to revoke; its name is for the screen's messages. */
export interface RevokedKey {
  id: string;
  name: string;
}

/**
 * DELETE /api/api-keys/:id. The list is refetched after a refusal too (a key revoked meanwhile, or
 * gone): the screen then shows what is left.
 */
export function useRevokeApiKey(organizationId?: string, config?: MutationConfig<ApiKeyRevoked, RevokedKey>) {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    ({ id }: RevokedKey) =>
      fetchJson<ApiKeyRevoked>(`${base}/${encodeURIComponent(id)}${query(organizationId)}`, { method: "DELETE" }),
    () => [keys.list(organizationId)],
    refetchingOnError(queryClient, [keys.list(organizationId)], config),
  );
}
