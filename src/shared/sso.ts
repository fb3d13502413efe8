/**
 * An organization's single sign-on as GET /api/organizations/:organizationId/sso and its changes answer it
 * (src/server/sso/settings.ts builds it; docs/sso.md "The calls"), read by the web app's single sign-on
 * screen (src/web/features/sso: its connections, domains and policy).
 */

/** Who joins from the verified domains (docs/sso.md "Who joins"): nobody, by invitation, or at once. */
export const AUTO_JOIN_MODES = ["off", "invite", "member"] as const;
export type AutoJoin = (typeof AUTO_JOIN_MODES)[number];

export interface SsoPolicy {
  autoJoin: AutoJoin;
  ssoRequired: boolean;
}

/** What an organization's SAML IdP is given: Tessera's entity ID, ACS URL and metadata URL. */
export interface SamlSpValues {
  spEntityId: string;
  acsUrl: string;
  spMetadataUrl: string;
}

/** A certificate of the IdP's, dates as ISO strings. */
export interface SamlCertificate {
  subject: string;
  notBefore: string;
  notAfter: string;
  /** Valid today. */
  valid: boolean;
}

/** A SAML connection (src/server/sso/saml-config.ts samlConnectionView). */
export interface SamlConnection extends SamlSpValues {
  type: "saml";
  enabled: boolean;
  idpEntityId: string | null;
  ssoUrl: string;
  certificates: SamlCertificate[];
  fromMetadata: boolean;
}

/** An OpenID Connect connection (never its secret). */
interface OidcConnection {
  type: "oidc";
  issuer: string;
  clientId: string;
  enabled: boolean;
  redirectUrl: string;
}

/** One of the organization's domains. */
export interface SsoDomain {
  name: string;
  verified: boolean;
  /** The TXT record to publish while unverified. */
  record: { type: "TXT"; name: string; value: string } | null;
}

/** The organization's single sign-on: its domains, identity provider and policy. */
export interface SsoState {
  /** Verified first, then by name. */
  domains: SsoDomain[];
  /** The first of `domains` (or null): the single-domain API's answer, kept for its callers. */
  domain: SsoDomain | null;
  /** The organization's identity provider (never its secret). */
  connection: OidcConnection | SamlConnection | null;
  /** What the identity provider is given as the redirect (callback) URL. */
  redirectUrl: string | null;
  /** What a SAML identity provider is given (absent without a domain). */
  samlSp?: SamlSpValues;
  policy: SsoPolicy;
}
