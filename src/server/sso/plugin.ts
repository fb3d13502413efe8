import { sso } from "@better-auth/sso";
import type { BetterAuthPlugin } from "better-auth";

/**
 * Single sign-on per organization (docs/sso.md), on the engine's `@better-auth/sso` plugin.
 *
 * The plugin owns the connection rows (`ssoProvider`: one per organization here, its `providerId` is
 * `ssoProviderId(organizationId)`), the domain's DNS proof (`/sso/request-domain-verification`,
 * `/sso/verify-domain`: a TXT record `_tessera-<providerId>.<domain>`) and the sign-in flows. Tessera
 * manages the rows through its own routes (src/server/sso/routes.ts: permissions, one organization per
 * domain, audit), so the plugin's management calls are not reachable over HTTP (SSO_MANAGEMENT_PATHS).
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

/** The plugin's management calls: Tessera's /api/organizations/:id/sso routes call them from the server. */
export const SSO_MANAGEMENT_PATHS = [
  "/sso/register",
  "/sso/providers",
  "/sso/get-provider",
  "/sso/update-provider",
  "/sso/delete-provider",
  "/sso/request-domain-verification",
  "/sso/verify-domain",
] as const;

export function ssoPlugins(): BetterAuthPlugin[] {
  return [
    sso({
      // Only a domain proven by DNS routes a sign-in and lets its users in (docs/sso.md).
      domainVerification: { enabled: true, tokenPrefix: SSO_TOKEN_PREFIX },
      // Someone signing in through an organization's connection joins that organization as a member.
      organizationProvisioning: { disabled: false, defaultRole: "member" },
    }) as unknown as BetterAuthPlugin,
  ];
}
