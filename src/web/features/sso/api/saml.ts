import { paths } from "../../../config/paths.js";
import { fetchJson } from "../../../lib/api-error.js";
import type { SsoState } from "./sso.js";

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

export function saveSaml(organizationId: string, input: SamlInput) {
  return fetchJson<SsoState>(`${paths.api.organizationSso(organizationId)}/saml`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(input),
  });
}

export function testSaml(organizationId: string) {
  return fetchJson<{ ok: true; idpEntityId: string; ssoUrl: string; certificates: SamlCertificate[] }>(
    `${paths.api.organizationSso(organizationId)}/saml/test`,
    { method: "POST" },
  );
}
