import { discoverOIDCConfig } from "@better-auth/sso";
import type { Context, MiddlewareHandler } from "hono";
import type { SsoDomain, SsoState } from "../../shared/sso.js";
import type { AuditAction } from "../audit/actions.js";
import type { Auth } from "../auth/auth.js";
import { type SessionVariables, sessionOf } from "../auth/session-fast-path.js";
import type { Config } from "../config.js";
import { anyRole, authorization } from "../routes/authorize.js";
import type { EventRecorder } from "../webhooks/events.js";
import { type SsoProviderRow, ssoProviderId } from "./connection.js";
import { domainsOf, pendingToken, txtRecord, verifiedOwnerOf } from "./domains.js";
import { NEW_SETUP_AUTO_JOIN, policyOf } from "./policy.js";
import { samlConnectionView, spValues } from "./saml-config.js";

export interface SsoRouteDeps {
  auth: Auth;
  requireSession: MiddlewareHandler<{ Variables: SessionVariables }>;
  config: Pick<Config, "baseURL" | "trustedOrigins">;
  events: EventRecorder;
  clientAddress(c: Context): string | null;
}

type OidcStored = {
  issuer: string;
  clientId: string;
  clientSecret?: string;
  discoveryEndpoint?: string;
  authorizationEndpoint?: string;
  tokenEndpoint?: string;
  jwksEndpoint?: string;
  userInfoEndpoint?: string;
};

/** A stored OpenID Connect configuration (the plugin's JSON text), or null. */
export function parseOidc(json: string | null | undefined): OidcStored | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as OidcStored;
  } catch {
    return null;
  }
}

/**
 * What every settings call of routes.ts and its sub-routes (domain-routes.ts, oidc-routes.ts, saml-routes.ts)
 * shares: who may (`managers`: owners and admins, the organization's MFA requirement), the organization's connection row,
 * the answer (the settings as the screen shows them), the discovery and the audit of each change.
 */
export function ssoSettings(deps: SsoRouteDeps) {
  const { auth, events, config } = deps;
  // Owners and admins (the engine's plugin checks the same roles again on its own calls; docs/sso.md).
  const managers = authorization(deps).requirePermission("organization", anyRole("owner", "admin"));

  /** The caller, the organization and the adapter, behind `managers`. */
  async function caller(c: Context<{ Variables: SessionVariables }>) {
    const { adapter } = await auth.$context;
    return { session: sessionOf(c), organizationId: c.req.param("organizationId") ?? "", adapter };
  }

  async function rowOf(organizationId: string): Promise<SsoProviderRow | null> {
    const { adapter } = await auth.$context;
    return adapter.findOne<SsoProviderRow>({
      model: "ssoProvider",
      where: [{ field: "providerId", value: ssoProviderId(organizationId) }],
    });
  }

  /** Another organization has this domain verified. */
  async function verifiedElsewhere(organizationId: string, domain: string) {
    const { adapter } = await auth.$context;
    const owner = await verifiedOwnerOf(adapter, domain);
    return owner !== null && owner !== organizationId;
  }

  async function view(_c: Context, organizationId: string): Promise<SsoState> {
    const row = await rowOf(organizationId);
    const context = await auth.$context;
    const { adapter } = context;
    // Without a domain, what a claim would start from (a claim stores it; docs/sso.md "Who joins").
    const policy = await policyOf(adapter, organizationId, row ? undefined : NEW_SETUP_AUTO_JOIN);
    if (!row) return { domains: [], domain: null, connection: null, redirectUrl: null, policy };
    const domains: SsoDomain[] = [];
    for (const d of await domainsOf(adapter, organizationId)) {
      // A pending domain's proof: the same token while it lives (7 days), then a new one.
      const record = d.verified
        ? null
        : txtRecord(organizationId, d.domain, await pendingToken(context.internalAdapter, organizationId, d.domain));
      domains.push({ name: d.domain, verified: !!d.verified, record });
    }
    const oidc = parseOidc(row.oidcConfig);
    return {
      domains,
      // The first of them (verified first): the answer of the single-domain API, kept for its callers.
      domain: domains[0] ?? null,
      // SAML (saml-config.ts) when the row holds a SAML connection.
      connection: row.samlConfig
        ? samlConnectionView(row, config.baseURL)
        : oidc
          ? {
              type: "oidc" as const,
              issuer: row.issuer,
              clientId: oidc.clientId,
              enabled: !!row.ssoEnabled,
              redirectUrl: `${config.baseURL}/api/auth/sso/callback/${row.providerId}`,
            }
          : null,
      redirectUrl: `${config.baseURL}/api/auth/sso/callback/${row.providerId}`,
      // What a SAML IdP is given (saml-config.ts), shown before a SAML connection is saved too.
      samlSp: spValues(config.baseURL, row.providerId),
      policy,
    };
  }

  /** The issuer's discovery document, read through the plugin (its SSRF rules: see docs/sso.md). */
  async function discover(issuer: string) {
    const context = await auth.$context;
    return discoverOIDCConfig({ issuer, isTrustedOrigin: (url: string) => context.isTrustedOrigin(url) });
  }

  async function audit(
    c: Context,
    session: ReturnType<typeof sessionOf>,
    action: AuditAction,
    organizationId: string,
    domain: string,
    extra: object = {},
  ) {
    await events.record({
      action,
      actorId: session.user.id,
      actorEmail: session.user.email,
      targetType: "sso_domain",
      targetId: domain,
      organizationId,
      ipAddress: deps.clientAddress(c),
      userAgent: c.req.header("user-agent")?.slice(0, 512) ?? null,
      detail: JSON.stringify({ domain, ...extra }),
    });
  }

  return { auth, baseURL: config.baseURL, managers, caller, rowOf, verifiedElsewhere, view, discover, audit };
}

export type SsoSettings = ReturnType<typeof ssoSettings>;
