import { useQuery } from "@tanstack/react-query";
import { authCall, fetchJson } from "../../../lib/api-error.js";
import { authClient } from "../../../lib/auth-client.js";

export interface OrganizationSummary {
  id: string;
  name: string;
  slug: string;
  logo?: string | null;
  createdAt: string | Date;
}

export const organizationsKey = ["organizations"] as const;

/**
 * Every organization the user belongs to, by name: GET /api/organizations page after page (100
 * each), as the engine's GET /organization/list stops at 100 (docs/behaviour.md#organizations).
 */
export async function listOrganizations<T extends OrganizationSummary = OrganizationSummary>(): Promise<T[]> {
  const all: T[] = [];
  for (;;) {
    const page = await fetchJson<{ organizations: T[]; total: number }>(
      `/api/organizations?limit=100&offset=${all.length}`,
    );
    all.push(...page.organizations);
    if (page.organizations.length === 0 || all.length >= page.total) return all;
  }
}

export function useOrganizations() {
  return useQuery({ queryKey: organizationsKey, queryFn: listOrganizations });
}

/** POST /organization/set-active; the session then carries the new activeOrganizationId. */
export function setActiveOrganization(organizationId: string) {
  return authCall((fetchOptions) => authClient.organization.setActive({ organizationId, fetchOptions }));
}

/** GET /organization/get-active-member: the user's membership (role) in the active organization. */
export function useActiveMember(activeOrganizationId: string | null | undefined) {
  return useQuery({
    queryKey: ["active-member", activeOrganizationId],
    queryFn: () =>
      authCall<{ role: string; createdAt: string | Date }>(
        (fetchOptions) => authClient.organization.getActiveMember({ fetchOptions }) as never,
      ),
    enabled: !!activeOrganizationId,
  });
}
