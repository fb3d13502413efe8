import { useQuery } from "@tanstack/react-query";
import { authCall } from "../../../lib/api-error.js";
import { authClient } from "../../../lib/auth-client.js";
import { listOrganizations } from "../../../lib/organizations.js";

export const organizationsKey = ["organizations"] as const;

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
