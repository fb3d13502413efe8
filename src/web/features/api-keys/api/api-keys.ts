import { useQuery } from "@tanstack/react-query";
import type { ApiKeyList, ApiKeyRevoked, ApiKeyScope, CreatedApiKey } from "../../../../shared/api-keys.js";
import { fetchJson } from "../../../lib/api-error.js";

/** The keys of the signed-in user (no organization) or of one organization (its owners and admins). */
const base = "/api/api-keys";
const query = (organizationId?: string) => (organizationId ? `?${new URLSearchParams({ organizationId })}` : "");

export const apiKeyKeys = {
  all: ["api-keys"] as const,
  list: (organizationId?: string) => ["api-keys", organizationId ?? "mine"] as const,
};

export function useApiKeys(organizationId?: string) {
  return useQuery({
    queryKey: apiKeyKeys.list(organizationId),
    queryFn: async () => (await fetchJson<ApiKeyList>(`${base}${query(organizationId)}`)).apiKeys,
  });
}

export interface ApiKeyInput {
  name: string;
  scopes: ApiKeyScope[];
  expiresInDays: number | null;
}

export function createApiKey(input: ApiKeyInput, organizationId?: string) {
  return fetchJson<CreatedApiKey>(base, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...input, ...(organizationId ? { organizationId } : {}) }),
  });
}

export function revokeApiKey(id: string, organizationId?: string) {
  return fetchJson<ApiKeyRevoked>(`${base}/${encodeURIComponent(id)}${query(organizationId)}`, {
    method: "DELETE",
  });
}
