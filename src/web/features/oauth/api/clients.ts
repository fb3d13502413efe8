import { useQuery, useQueryClient } from "@tanstack/react-query";
import { paths } from "@/config/paths.js";
import { fetchJson } from "@/lib/api-error.js";
import { type MutationConfig, refetchingOnError, useFeatureMutation } from "@/lib/query-client.js";
import type {
  CreatedOAuthClient,
  OAuthClientAnswer,
  OAuthClientDeleted,
  OAuthClientList,
  OAuthClientView,
  OAuthScope,
  RotatedOAuthClient,
} from "@/shared/oauth.js";
import { keys } from "./keys.js";
import { send } from "./send.js";

interface ClientInput {
  name: string;
  redirectUris: string[];
  scopes: OAuthScope[];
  trusted: boolean;
  /** null: none (removes one on a change). */
  backchannelLogoutUri: string | null;
}

/** A new client: its input and its type (fixed once added). */
export type NewClient = ClientInput & { type: "public" | "confidential" };

/** A change to a client: which one, and its new input. */
export interface ClientChange {
  clientId: string;
  input: ClientInput;
}

/** The client a call is about; its name is for the screen's messages. */
export type ClientRef = Pick<OAuthClientView, "clientId" | "name">;

/**
 * Where the calls go: the admin console's (the site's clients, and every organization's read-only) or,
 * with `organizationId`, the organization's "Apps (OAuth)" tab; and what a change refetches.
 */
function scope(organizationId?: string) {
  const list = organizationId ? paths.api.organizationOAuthClients(organizationId) : paths.api.adminOAuthClients;
  return {
    list,
    clientUrl: (id: string, path = "") => `${list}/${encodeURIComponent(id)}${path}`,
    key: organizationId ? keys.organizationClients(organizationId) : keys.clients,
    // An organization's clients are never first-party: `trusted` is the site admins' alone.
    body: <T extends ClientInput>({ trusted, ...input }: T) => (organizationId ? input : { ...input, trusted }),
  };
}

/** The site's clients (and, read-only here, every organization's) or one organization's own. */
export function useOAuthClients(organizationId?: string) {
  const { list, key } = scope(organizationId);
  return useQuery({
    queryKey: key,
    queryFn: async () => (await fetchJson<OAuthClientList>(list)).clients,
  });
}

/** POST — the secret is in this answer only. */
export function useCreateClient(organizationId?: string, config?: MutationConfig<CreatedOAuthClient, NewClient>) {
  const { list, key, body } = scope(organizationId);
  return useFeatureMutation(
    (client: NewClient) => send<CreatedOAuthClient>(list, "POST", body(client)),
    () => [key],
    config,
  );
}

/** PATCH /:clientId — everything but the type. */
export function useUpdateClient(organizationId?: string, config?: MutationConfig<OAuthClientAnswer, ClientChange>) {
  const { clientUrl, key, body } = scope(organizationId);
  return useFeatureMutation(
    ({ clientId, input }: ClientChange) => send<OAuthClientAnswer>(clientUrl(clientId), "PATCH", body(input)),
    () => [key],
    config,
  );
}

/** POST /:clientId/rotate-secret — the new secret, shown once. The list is refetched after a refusal too. */
export function useRotateClientSecret(organizationId?: string, config?: MutationConfig<RotatedOAuthClient, ClientRef>) {
  const queryClient = useQueryClient();
  const { clientUrl, key } = scope(organizationId);
  return useFeatureMutation(
    ({ clientId }: ClientRef) => send<RotatedOAuthClient>(clientUrl(clientId, "/rotate-secret"), "POST"),
    () => [key],
    refetchingOnError(queryClient, [key], config),
  );
}

/** DELETE /:clientId. The list is refetched after a refusal too (an app deleted meanwhile). */
export function useDeleteClient(organizationId?: string, config?: MutationConfig<OAuthClientDeleted, ClientRef>) {
  const queryClient = useQueryClient();
  const { clientUrl, key } = scope(organizationId);
  return useFeatureMutation(
    ({ clientId }: ClientRef) => send<OAuthClientDeleted>(clientUrl(clientId), "DELETE"),
    () => [key],
    refetchingOnError(queryClient, [key], config),
  );
}
