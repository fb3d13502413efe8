import { useQuery } from "@tanstack/react-query";
import { paths } from "../../../config/paths.js";
import { fetchJson } from "../../../lib/api-error.js";

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

export const ssoKeys = { state: (organizationId: string) => ["sso", organizationId] as const };

export function useSsoState(organizationId: string) {
  return useQuery({
    queryKey: ssoKeys.state(organizationId),
    queryFn: () => fetchJson<SsoState>(paths.api.organizationSso(organizationId)),
  });
}

export function addDomain(organizationId: string, domain: string) {
  return fetchJson<SsoState>(`${paths.api.organizationSso(organizationId)}/domains`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ domain }),
  });
}

const domainPath = (organizationId: string, domain: string) =>
  `${paths.api.organizationSso(organizationId)}/domains/${encodeURIComponent(domain)}`;

export function verifyDomain(organizationId: string, domain: string) {
  return fetchJson<SsoState>(`${domainPath(organizationId, domain)}/verify`, { method: "POST" });
}

export function removeDomain(organizationId: string, domain: string) {
  return fetchJson<SsoState>(domainPath(organizationId, domain), { method: "DELETE" });
}

export function saveOidc(organizationId: string, input: { issuer: string; clientId: string; clientSecret: string }) {
  return fetchJson<SsoState>(`${paths.api.organizationSso(organizationId)}/oidc`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(input),
  });
}

export function testOidc(organizationId: string) {
  return fetchJson<{ ok: true; issuer: string; authorizationEndpoint: string }>(
    `${paths.api.organizationSso(organizationId)}/oidc/test`,
    { method: "POST" },
  );
}

export function setSsoEnabled(organizationId: string, enabled: boolean) {
  return fetchJson<SsoState>(`${paths.api.organizationSso(organizationId)}/enabled`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ enabled }),
  });
}
