import { useQuery } from "@tanstack/react-query";
import type {
  CreatedOAuthClient,
  OAuthClientAnswer,
  OAuthClientDeleted,
  OAuthClientList,
  OAuthScope,
  RotatedOAuthClient,
} from "../../../../shared/oauth.js";
import { paths } from "../../../config/paths.js";
import { fetchJson } from "../../../lib/api-error.js";

function send<T>(url: string, method: string, body?: unknown): Promise<T> {
  return fetchJson<T>(url, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "Content-Type": "application/json" } }),
  });
}

export const oauthKeys = {
  all: ["oauth"] as const,
  publicClient: (clientId: string) => ["oauth", "public-client", clientId] as const,
  consents: ["oauth", "consents"] as const,
  clients: ["oauth", "clients"] as const,
  organizationClients: (organizationId: string) => ["oauth", "clients", organizationId] as const,
};

export interface PublicClient {
  client_id: string;
  client_name?: string;
  client_uri?: string;
  logo_uri?: string;
}

/** The app asking for consent, as anyone signed in may see it (the provider's public-client call). */
export function usePublicClient(clientId: string | null) {
  return useQuery({
    queryKey: oauthKeys.publicClient(clientId ?? ""),
    enabled: Boolean(clientId),
    queryFn: () => fetchJson<PublicClient>(paths.api.oauthPublicClient(clientId ?? "")),
  });
}

/** Allows or denies the request the consent page was sent with; answers where the browser goes next. */
export async function answerConsent(accept: boolean, oauthQuery: string): Promise<string> {
  const res = await send<{ url?: string; redirect_uri?: string }>(paths.api.oauthConsent, "POST", {
    accept,
    oauth_query: oauthQuery,
  });
  const next = res.url ?? res.redirect_uri;
  if (!next) throw new Error("the provider gave no address to go on to");
  return next;
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
    queryKey: oauthKeys.consents,
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

/** Takes back one app's access: the consent and the app's tokens for this user. */
export function revokeConsent(id: string) {
  return send<unknown>(paths.api.oauthDeleteConsent, "POST", { id });
}

export interface ClientInput {
  name: string;
  redirectUris: string[];
  scopes: OAuthScope[];
  trusted: boolean;
  /** null: none (removes one on a change). */
  backchannelLogoutUri: string | null;
}

/** The site's clients (and, read-only here, every organization's) or one organization's own. */
export function useOAuthClients(organizationId?: string) {
  return useQuery({
    queryKey: organizationId ? oauthKeys.organizationClients(organizationId) : oauthKeys.clients,
    queryFn: async () =>
      (
        await fetchJson<OAuthClientList>(
          organizationId ? paths.api.organizationOAuthClients(organizationId) : paths.api.adminOAuthClients,
        )
      ).clients,
  });
}

/** The calls of the admin console, or with `organizationId` those of the organization's "Apps (OAuth)" tab. */
export function clientCalls(organizationId?: string) {
  const list = organizationId ? paths.api.organizationOAuthClients(organizationId) : paths.api.adminOAuthClients;
  const clientUrl = (id: string, path = "") => `${list}/${encodeURIComponent(id)}${path}`;
  return {
    // An organization's clients are never first-party: `trusted` is the site admins' alone.
    create: ({ trusted, ...input }: ClientInput & { type: "public" | "confidential" }) =>
      send<CreatedOAuthClient>(list, "POST", organizationId ? input : { ...input, trusted }),
    update: (id: string, { trusted, ...input }: ClientInput) =>
      send<OAuthClientAnswer>(clientUrl(id), "PATCH", organizationId ? input : { ...input, trusted }),
    rotate: (id: string) => send<RotatedOAuthClient>(clientUrl(id, "/rotate-secret"), "POST"),
    remove: (id: string) => send<OAuthClientDeleted>(clientUrl(id), "DELETE"),
  };
}
