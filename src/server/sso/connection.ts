/**
 * An organization's single sign-on connection as stored (the engine plugin's `ssoProvider` row, one per
 * organization) and the words of a refused SSO sign-in: what every part of src/server/sso/ reads.
 */

/** The TXT record's label prefix (the plugin prepends "_" and appends "-<providerId>"). */
export const SSO_TOKEN_PREFIX = "tessera";

/** An organization's connection row: one per organization. */
export function ssoProviderId(organizationId: string): string {
  return `org-${organizationId}`;
}

/** Where the TXT record goes for a domain of an organization (what the settings screen shows). */
export function verificationRecordName(organizationId: string, domain: string): string {
  return `_${SSO_TOKEN_PREFIX}-${ssoProviderId(organizationId)}.${domain}`;
}

export interface SsoProviderRow {
  id: string;
  providerId: string;
  organizationId: string | null;
  domain: string;
  domainVerified?: boolean | null;
  ssoEnabled?: boolean | null;
  issuer: string;
  oidcConfig?: string | null;
  samlConfig?: string | null;
}

/** Whether a row may sign anyone in: its domain verified, a connection configured, and turned on. */
export function isUsable(row: SsoProviderRow | null): row is SsoProviderRow {
  return (
    !!row && !!row.domainVerified && !!row.ssoEnabled && !!(row.oidcConfig || row.samlConfig) && !!row.organizationId
  );
}
