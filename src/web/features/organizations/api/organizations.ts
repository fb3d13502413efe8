import { useQuery } from "@tanstack/react-query";
import { listOrganizations } from "@/lib/api/organizations.js";
import { authCall } from "@/lib/api-error.js";
import { authClient } from "@/lib/auth-client.js";
import { type MutationConfig, useFeatureMutation } from "@/lib/query-client.js";
import { keys } from "./keys.js";
import type { FullOrganization, Organization } from "./types.js";

const org = authClient.organization as unknown as Record<string, (input?: unknown) => Promise<never>>;
/** One organization-plugin call through the typed client (which also refreshes the session where it must). */
export function call<T>(method: string, input: Record<string, unknown> = {}) {
  return authCall<T>((fetchOptions) => org[method]!({ ...input, fetchOptions }));
}

/** Every organization of the user (GET /api/organizations, all pages). Shares the header switcher's cache key and reader, so both stay in step. */
export function useOrganizationList() {
  return useQuery({ queryKey: keys.list, queryFn: () => listOrganizations<Organization>() });
}

/** GET /organization/get-full-organization?organizationSlug=… (members, invitations, teams). */
export function useFullOrganization(slug: string) {
  return useQuery({
    queryKey: keys.organization(slug),
    queryFn: () => call<FullOrganization>("getFullOrganization", { query: { organizationSlug: slug } }),
    retry: false,
  });
}

/** POST /organization/check-slug: true when free; the engine refuses a taken one (ORGANIZATION_SLUG_ALREADY_TAKEN). */
export async function isSlugAvailable(slug: string): Promise<boolean> {
  const result = await call<{ status: boolean }>("checkSlug", { slug });
  return result?.status === true;
}

export interface OrganizationInput {
  name: string;
  slug: string;
  logo?: string | null;
  metadata?: Record<string, string>;
}

/** POST /organization/create; the creator becomes its owner and it becomes the active organization. */
export function useCreateOrganization(config?: MutationConfig<Organization, OrganizationInput>) {
  return useFeatureMutation(
    (input: OrganizationInput) => call<Organization>("create", { ...input, logo: input.logo ?? undefined }),
    () => [keys.list],
    config,
  );
}

/** POST /organization/update (owners and admins: docs/roles.md organization: update). */
export function useUpdateOrganization(
  organizationId: string,
  config?: MutationConfig<Organization, Partial<OrganizationInput>>,
) {
  return useFeatureMutation(
    (data: Partial<OrganizationInput>) => call<Organization>("update", { organizationId, data }),
    () => keys.screens,
    config,
  );
}

/**
 * POST /organization/update with the two-step policy alone: only an owner or admin who has two-step
 * on may change it (MFA_POLICY_NEEDS_OWN_MFA otherwise).
 */
export function useSetRequireMfa(organizationId: string, config?: MutationConfig<Organization, boolean>) {
  return useFeatureMutation(
    (requireMfa: boolean) => call<Organization>("update", { organizationId, data: { requireMfa } }),
    () => keys.screens,
    config,
  );
}

/** POST /organization/delete (owners only). */
export function useDeleteOrganization(organizationId: string, config?: MutationConfig<unknown, void>) {
  return useFeatureMutation(
    () => call("delete", { organizationId }),
    () => [keys.list],
    config,
  );
}

/** POST /organization/set-active; the session carries it, so it survives a reload. */
function setActiveOrganization(organizationId: string) {
  return call("setActive", { organizationId });
}

/**
 * An organization screen making its organization the active one (setActiveOrganization); the user's role
 * there (the active member) is refetched.
 */
export function useActivateOrganization(config?: MutationConfig<unknown, string>) {
  return useFeatureMutation(setActiveOrganization, () => [keys.activeMembers], config);
}

/** The header switcher's choice (setActiveOrganization); its list, then the user's role there, are refetched. */
export function useSwitchOrganization(config?: MutationConfig<unknown, string>) {
  return useFeatureMutation(setActiveOrganization, () => [keys.list, keys.activeMembers], config);
}

/** GET /organization/get-active-member: the user's membership (role) in the active organization. */
export function useActiveMember(activeOrganizationId: string | null | undefined) {
  return useQuery({
    queryKey: keys.activeMember(activeOrganizationId),
    queryFn: () => call<{ role: string; createdAt: string | Date }>("getActiveMember"),
    enabled: !!activeOrganizationId,
  });
}

/** POST /organization/leave; the last owner is refused (docs/behaviour.md#members). */
export function useLeaveOrganization(organizationId: string, config?: MutationConfig<unknown, void>) {
  return useFeatureMutation(
    () => call("leave", { organizationId }),
    () => [keys.list],
    config,
  );
}
