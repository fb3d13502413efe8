import { useQuery } from "@tanstack/react-query";
import { paths } from "@/config/paths.js";
import { listOrganizations, type OrganizationSummary } from "@/lib/api/organizations.js";
import { authCall } from "@/lib/api-error.js";
import { authClient } from "@/lib/auth-client.js";
import { type MutationConfig, useFeatureMutation } from "@/lib/query-client.js";
import { keys } from "./keys.js";

/**
 * POST /delete-user. Tessera always confirms by mail: the engine checks the password (or, without one,
 * that the session is fresh) and sends the link; the account goes when the link is opened.
 */
function requestAccountDeletion(password?: string) {
  return authCall<{ success: boolean; message: string }>(
    (fetchOptions) =>
      authClient.deleteUser({
        ...(password ? { password } : {}),
        callbackURL: paths.home.getHref(),
        fetchOptions,
      }) as never,
  );
}

/** Asks for the confirmation mail (requestAccountDeletion); nothing changes until its link is opened. */
export function useRequestAccountDeletion(config?: MutationConfig<unknown, string | undefined>) {
  return useFeatureMutation(requestAccountDeletion, () => [], config);
}

type Organization = OrganizationSummary;
interface Member {
  userId: string;
  role: string;
}

const isOwner = (role: string) =>
  role
    .split(",")
    .map((r) => r.trim())
    .includes("owner");

/**
 * The organizations the user is the only owner of: deleting the account would leave them with nobody
 * who can manage them. From every page of GET /api/organizations and each one's GET /organization/list-members.
 */
export function useSoleOwnerships(userId: string) {
  return useQuery({
    queryKey: keys.soleOwnerships(userId),
    queryFn: async () => {
      const organizations = await listOrganizations();
      const checked = await Promise.all(
        organizations.map(async (organization) => {
          const { members } = await authCall<{ members: Member[] }>(
            (fetchOptions) =>
              authClient.organization.listMembers({
                query: { organizationId: organization.id },
                fetchOptions,
              }) as never,
          );
          const owners = members.filter((m) => isOwner(m.role));
          return owners.length === 1 && owners[0]!.userId === userId ? organization : null;
        }),
      );
      return checked.filter((o): o is Organization => o !== null);
    },
  });
}
