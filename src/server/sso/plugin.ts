import { getCurrentAdapter } from "@better-auth/core/context";
import { sso } from "@better-auth/sso";
import type { AuthContext, BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import type { ErrorCode } from "../../shared/error-codes.js";
import { apiError } from "../errors.js";
import { isUsable, SSO_TOKEN_PREFIX, type SsoProviderRow } from "./connection.js";
import { routedDomains, ssoDomainSchema } from "./domains.js";

/**
 * Single sign-on per organization (docs/sso.md), on the engine's `@better-auth/sso` plugin.
 *
 * The plugin owns the connection rows (`ssoProvider`: one per organization here, its `providerId` is
 * `ssoProviderId(organizationId)`, its `domain` the organization's verified domains: ./domains.ts, which also
 * proves each domain by its TXT record `_tessera-<providerId>.<domain>`), the OpenID Connect flow
 * (`/sso/callback/:providerId`: state, PKCE, ID token checks) and joining the organization. Tessera manages
 * the rows through its own routes (src/server/sso/routes.ts: permissions, one organization per domain,
 * "on" or "off", audit), so the plugin's management and sign-in calls are not reachable over HTTP
 * (SSO_ENGINE_PATHS_FROM_SERVER); its companion below refuses a sign-in through a connection that is off,
 * and an address outside the organization's verified domain.
 *
 * See also: the settings routes (routes.ts: settings.ts shared, domain-routes.ts, oidc-routes.ts,
 * saml-routes.ts); "Continue with SSO" (sign-in-routes.ts); who joins and "SSO required" (policy.ts); the
 * plugin's SAML endpoints (saml.ts) and a stored SAML connection (saml-config.ts).
 */

/** The plugin's calls Tessera's routes make from the server (/api/organizations/:id/sso, /api/sso). */
export const SSO_ENGINE_PATHS_FROM_SERVER = [
  "/sso/register",
  "/sso/providers",
  "/sso/get-provider",
  "/sso/update-provider",
  "/sso/delete-provider",
  "/sso/request-domain-verification",
  "/sso/verify-domain",
  "/sign-in/sso",
] as const;

/** Where a sign-in comes back from the organization's IdP: OpenID Connect callback, SAML assertion consumer. */
const isSsoReturn = (path: string | undefined) =>
  !!path && (path.startsWith("/sso/callback") || path.startsWith("/sso/saml2/sp/acs/"));

const emailDomain = (email: unknown) =>
  typeof email === "string" ? (email.trim().toLowerCase().split("@")[1] ?? null) : null;

/** The engine's plugin, configured, and Tessera's companion. */
export function ssoPlugins(): BetterAuthPlugin[] {
  let engine: AuthContext | undefined;

  // Inside the sign-in's transaction when there is one (SQLite has a single writer: another connection waits).
  async function rowOf(providerId: unknown): Promise<SsoProviderRow | null> {
    if (!engine || typeof providerId !== "string") return null;
    const adapter = await getCurrentAdapter(engine.adapter);
    return adapter.findOne<SsoProviderRow>({
      model: "ssoProvider",
      where: [{ field: "providerId", value: providerId }],
    });
  }

  /** In an SSO callback, the connection it is for (null elsewhere). */
  async function callbackRow(ctx: unknown): Promise<SsoProviderRow | null | undefined> {
    const c = ctx as { path?: string; params?: { providerId?: string } } | null | undefined;
    if (!isSsoReturn(c?.path)) return undefined;
    return rowOf(c?.params?.providerId);
  }

  /** An address outside the connection's verified domain never becomes or signs into an account. */
  async function sameDomain(email: unknown, ctx: unknown): Promise<SsoProviderRow | undefined> {
    const row = await callbackRow(ctx);
    if (row === undefined) return undefined;
    // One of the organization's verified domains (the row carries them, comma separated: ./domains.ts).
    const domain = emailDomain(email);
    if (!row || !domain || !routedDomains(row).includes(domain)) {
      throw apiError("SSO_EMAIL_DOMAIN_MISMATCH");
    }
    return row;
  }

  const companion: BetterAuthPlugin = {
    id: "tessera-sso",
    init(ctx) {
      engine = ctx;
      return {
        options: {
          databaseHooks: {
            user: {
              create: {
                async before(user, ctx) {
                  const row = await sameDomain((user as { email?: string }).email, ctx);
                  // The organization proved the domain by DNS and its identity provider vouches for the
                  // address: verified (as the plugin trusts such a provider for linking). No mail is sent.
                  if (row) return { data: { ...user, emailVerified: true } };
                },
              },
            },
            account: {
              create: {
                async before(account, ctx) {
                  const c = ctx as { path?: string } | null;
                  if (!isSsoReturn(c?.path)) return;
                  if (!engine) return;
                  const adapter = await getCurrentAdapter(engine.adapter);
                  const user = await adapter.findOne<{ email: string }>({
                    model: "user",
                    where: [{ field: "id", value: (account as { userId: string }).userId }],
                  });
                  await sameDomain(user?.email, ctx);
                },
              },
            },
          },
        },
      };
    },
    hooks: {
      before: [
        {
          // A connection that is off (or whose domain is no longer verified) signs nobody in, even with a
          // flow started while it was on.
          matcher: (ctx) => isSsoReturn(ctx.path),
          handler: createAuthMiddleware(async (ctx) => {
            const row = await rowOf(ctx.params?.providerId);
            if (isUsable(row)) return;
            const target = new URL(`${ctx.context.baseURL}/error`);
            target.searchParams.set("error", "SSO_NOT_AVAILABLE" satisfies ErrorCode);
            throw ctx.redirect(target.toString());
          }),
        },
      ],
    },
    schema: {
      ssoProvider: {
        fields: {
          // "On" in the settings screen: sign-ins go through the connection.
          ssoEnabled: { type: "boolean", required: false, defaultValue: false, input: false },
        },
      },
      // An organization's domains, each claimed and verified on its own (./domains.ts).
      ...ssoDomainSchema,
    },
  };

  return [
    sso({
      // Only a domain proven by DNS routes a sign-in and lets its users in (docs/sso.md).
      domainVerification: { enabled: true, tokenPrefix: SSO_TOKEN_PREFIX },
      // Joining (through an organization's connection, or by verified domain as its owner chose) is
      // Tessera's: ssoPolicyPlugin in ./policy.ts.
      organizationProvisioning: { disabled: true },
      // SAML (src/server/sso/saml.ts): each response answers a request this server sent (no IdP-initiated
      // sign-in), within 5 minutes of its NotBefore/NotOnOrAfter, which it must carry.
      saml: {
        enableInResponseToValidation: true,
        allowIdpInitiated: false,
        clockSkew: 5 * 60 * 1000,
        requireTimestamps: true,
      },
    }) as unknown as BetterAuthPlugin,
    companion,
  ];
}
