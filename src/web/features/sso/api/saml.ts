import { paths } from "@/config/paths.js";
import { fetchJson } from "@/lib/api-error.js";
import { type MutationConfig, useFeatureMutation } from "@/lib/query-client.js";
import { changes, type SamlCertificate, type SamlInput, type SsoState } from "./sso.js";

/** PUT /saml: the SAML 2.0 provider, from its metadata or by hand. */
export function useSaveSaml(organizationId: string, config?: MutationConfig<SsoState, SamlInput>) {
  return useFeatureMutation(
    (input: SamlInput) =>
      fetchJson<SsoState>(`${paths.api.organizationSso(organizationId)}/saml`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(input),
      }),
    changes(organizationId),
    config,
  );
}

type SamlTest = { ok: true; idpEntityId: string; ssoUrl: string; certificates: SamlCertificate[] };

/** POST /saml/test: checks the saved connection (its certificates' dates among others). */
export function useTestSaml(organizationId: string, config?: MutationConfig<SamlTest>) {
  return useFeatureMutation(
    () => fetchJson<SamlTest>(`${paths.api.organizationSso(organizationId)}/saml/test`, { method: "POST" }),
    changes(organizationId),
    config,
  );
}
