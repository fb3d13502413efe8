import { useQuery } from "@tanstack/react-query";
import { paths } from "@/config/paths.js";
import { fetchJson } from "@/lib/api-error.js";
import { type MutationConfig, useFeatureMutation } from "@/lib/query-client.js";
import { keys } from "./keys.js";

/** What an organization's SAML IdP is given: Tessera's entity ID, ACS URL and metadata URL. */
export interface SamlSpValues {
  spEntityId: string;
  acsUrl: string;
  spMetadataUrl: string;
}

export interface SamlCertificate {
  subject: string;
  notBefore: string;
  notAfter: string;
  /** Valid today. */
  valid: boolean;
}

/** A SAML connection as the server shows it (src/server/sso/saml.ts samlConnectionView). */
export interface SamlConnection extends SamlSpValues {
  type: "saml";
  enabled: boolean;
  idpEntityId: string | null;
  ssoUrl: string;
  certificates: SamlCertificate[];
  fromMetadata: boolean;
}

export type SamlInput = { metadata: string } | { entityId: string; ssoUrl: string; certificate: string };

/** One of the organization's domains as the server shows it (src/server/sso/routes.ts). */
export interface SsoDomain {
  name: string;
  verified: boolean;
  /** The TXT record to publish while unverified. */
  record: { type: "TXT"; name: string; value: string } | null;
}

/** The organization's single sign-on as the server shows it (src/server/sso/routes.ts). */
export interface SsoState {
  /** Verified first, then by name. */
  domains: SsoDomain[];
  /** The organization's identity provider (never its secret). */
  connection: OidcConnection | SamlConnection | null;
  /** What the identity provider is given as the redirect (callback) URL. */
  redirectUrl: string | null;
  /** What a SAML identity provider is given (absent without a domain). */
  samlSp?: SamlSpValues;
}

export interface OidcConnection {
  type: "oidc";
  issuer: string;
  clientId: string;
  enabled: boolean;
  redirectUrl: string;
}

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
