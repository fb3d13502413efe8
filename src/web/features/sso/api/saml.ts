import { paths } from "../../../config/paths.js";
import { fetchJson } from "../../../lib/api-error.js";
import type { SamlCertificate, SamlInput, SsoState } from "./sso.js";

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
