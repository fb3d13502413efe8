import { useQuery } from "@tanstack/react-query";
import { paths } from "@/config/paths.js";
import { fetchJson } from "@/lib/api-error.js";
import { type MutationConfig, useFeatureMutation } from "@/lib/query-client.js";
import type { SsoState } from "@/shared/sso.js";
import { keys } from "./keys.js";

// The answer of GET /api/organizations/:id/sso and its changes, declared once (src/shared/sso.ts).
export type {
  AutoJoin,
  SamlCertificate,
  SamlConnection,
  SamlSpValues,
  SsoDomain,
  SsoState,
} from "@/shared/sso.js";

export type SamlInput = { metadata: string } | { entityId: string; ssoUrl: string; certificate: string };

export function useSsoState(organizationId: string) {
  return useQuery({
    queryKey: keys.state(organizationId),
    queryFn: () => fetchJson<SsoState>(paths.api.organizationSso(organizationId)),
  });
}

const sso = (organizationId: string, path = "") => `${paths.api.organizationSso(organizationId)}${path}`;

/** A JSON request to the organization's SSO routes (src/server/sso/routes.ts). */
function send<T>(target: string, method: string, body?: unknown) {
  return fetchJson<T>(target, {
    method,
    ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  });
}

/** Every change refetches the organization's SSO state. */
export const changes = (organizationId: string) => () => [keys.state(organizationId)];

/** POST /domains: claims a domain; its TXT record comes with the answer. */
export function useAddDomain(organizationId: string, config?: MutationConfig<SsoState, string>) {
  return useFeatureMutation(
    (domain: string) => send<SsoState>(sso(organizationId, "/domains"), "POST", { domain }),
    changes(organizationId),
    config,
  );
}

const domainPath = (organizationId: string, domain: string) =>
  sso(organizationId, `/domains/${encodeURIComponent(domain)}`);

/** POST /domains/:domain/verify: looks up its TXT record. */
export function useVerifyDomain(organizationId: string, domain: string, config?: MutationConfig<SsoState>) {
  return useFeatureMutation(
    () => send<SsoState>(`${domainPath(organizationId, domain)}/verify`, "POST"),
    changes(organizationId),
    config,
  );
}

/** DELETE /domains/:domain. */
export function useRemoveDomain(organizationId: string, domain: string, config?: MutationConfig<SsoState>) {
  return useFeatureMutation(
    () => send<SsoState>(domainPath(organizationId, domain), "DELETE"),
    changes(organizationId),
    config,
  );
}

export interface OidcInput {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** PUT /oidc: the OpenID Connect provider (an empty secret keeps the saved one). */
export function useSaveOidc(organizationId: string, config?: MutationConfig<SsoState, OidcInput>) {
  return useFeatureMutation(
    (input: OidcInput) => send<SsoState>(sso(organizationId, "/oidc"), "PUT", input),
    changes(organizationId),
    config,
  );
}

/** POST /oidc/test: reads the provider's discovery document. */
export function useTestOidc(
  organizationId: string,
  config?: MutationConfig<{ ok: true; issuer: string; authorizationEndpoint: string }>,
) {
  return useFeatureMutation(
    () => send<{ ok: true; issuer: string; authorizationEndpoint: string }>(sso(organizationId, "/oidc/test"), "POST"),
    changes(organizationId),
    config,
  );
}

/** PUT /enabled: the connection on or off. */
export function useSetSsoEnabled(organizationId: string, config?: MutationConfig<SsoState, boolean>) {
  return useFeatureMutation(
    (enabled: boolean) => send<SsoState>(sso(organizationId, "/enabled"), "PUT", { enabled }),
    changes(organizationId),
    config,
  );
}
