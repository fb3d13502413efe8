import { useQuery, useQueryClient } from "@tanstack/react-query";
import { paths } from "@/config/paths.js";
import { fetchJson } from "@/lib/api-error.js";
import { type MutationConfig, refetchingOnError, useFeatureMutation } from "@/lib/query-client.js";
import { keys } from "./keys.js";
import { send } from "./send.js";

export interface PublicClient {
  client_id: string;
  client_name?: string;
  client_uri?: string;
  logo_uri?: string;
}

/** The app asking for consent, as anyone signed in may see it (the provider's public-client call). */
export function usePublicClient(clientId: string | null) {
  return useQuery({
    queryKey: keys.publicClient(clientId ?? ""),
    enabled: Boolean(clientId),
    queryFn: () => fetchJson<PublicClient>(paths.api.oauthPublicClient(clientId ?? "")),
  });
}

/** Allow or deny, and the provider's signed query the consent page was sent with (without its "?"). */
export interface ConsentAnswer {
  accept: boolean;
  oauthQuery: string;
}

/** Answers the request the consent page was sent with; resolves with where the browser goes next. */
async function answerConsent({ accept, oauthQuery }: ConsentAnswer): Promise<string> {
  const res = await send<{ url?: string; redirect_uri?: string }>(paths.api.oauthConsent, "POST", {
    accept,
    oauth_query: oauthQuery,
  });
  const next = res.url ?? res.redirect_uri;
  if (!next) throw new Error("the provider gave no address to go on to");
  return next;
}

/** POST the consent (answerConsent above); the screen then leaves for the address it answers with. */
export function useAnswerConsent(config?: MutationConfig<string, ConsentAnswer>) {
  return useFeatureMutation(answerConsent, () => [], config);
}

export interface Consent {
  id: string;
  clientId: string;
  scopes: string[] | string;
  createdAt: string;
}

/** The apps the signed-in user allowed, each with its name. */
export function useConnectedApps() {
  return useQuery({
    queryKey: keys.consents,
    queryFn: async () => {
      const consents = await fetchJson<Consent[]>(paths.api.oauthConsents);
      return Promise.all(
        consents.map(async (consent) => {
          const client = await fetchJson<PublicClient>(paths.api.oauthPublicClient(consent.clientId)).catch(() => null);
          const scopes = Array.isArray(consent.scopes) ? consent.scopes : String(consent.scopes).split(/[ ,]/);
          return { ...consent, scopes: scopes.filter(Boolean), name: client?.client_name ?? consent.clientId };
        }),
      );
    },
  });
}

/** The consent to take back; the app's name is for the screen's messages. */
export interface RevokedConsent {
  id: string;
  name: string;
}

/**
 * Takes back one app's access: the consent and the app's tokens for this user. The list is refetched
 * after a refusal too (access taken back meanwhile, elsewhere).
 */
export function useRevokeConsent(config?: MutationConfig<unknown, RevokedConsent>) {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    ({ id }: RevokedConsent) => send<unknown>(paths.api.oauthDeleteConsent, "POST", { id }),
    () => [keys.consents],
    refetchingOnError(queryClient, [keys.consents], config),
  );
}
