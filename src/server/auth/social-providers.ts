import { type GenericOAuthConfig, genericOAuth } from "better-auth/plugins/generic-oauth";
import type { SocialProviders } from "better-auth/social-providers";
import { SOCIAL_PROVIDER_IDS, SOCIAL_PROVIDERS } from "../../shared/providers.js";
import type { PublicProvider } from "../../shared/public-config.js";
import type { Config } from "../config.js";

// Social and OpenID sign-in providers (docs/behaviour.md "Social providers"), from the configuration. See also:
// the rules of the sign-in itself (resources/session.ts: sign-in/social, callback/:id); the providers' list
// (src/shared/providers.ts).

/** What an OpenID provider is asked for when OIDC_PROVIDERS gives no scopes ("openid" is always added). */
const DEFAULT_OIDC_SCOPES = ["openid", "email", "profile"];

/** Drops unset settings, so the engine's own defaults apply to them. */
function defined<T extends object>(settings: T | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(settings ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** The engine's socialProviders option from the configured credentials and provider settings. */
export function engineSocialProviders(config: Config): SocialProviders {
  const settings: Partial<Record<string, object>> = config.socialProviderSettings;
  const out: Record<string, unknown> = {};
  for (const id of SOCIAL_PROVIDER_IDS) {
    const creds = config.socialProviders[id];
    if (!creds) continue;
    out[id] = {
      // TikTok calls its client id a "client key".
      ...(id === "tiktok" ? { clientKey: creds.clientId } : { clientId: creds.clientId }),
      clientSecret: creds.clientSecret,
      ...defined(settings[id]),
      // REQUIRE_EMAIL_VERIFICATION covers every way in: an address the provider has not
      // verified gets the verification mail instead of a session.
      requireEmailVerification: config.requireEmailVerification,
    };
  }
  return out as SocialProviders;
}

/** OIDC_PROVIDERS as the generic OAuth plugin's provider list. */
function oidcProviderConfigs(config: Config): GenericOAuthConfig[] {
  return config.oidcProviders.map((p) => ({
    providerId: p.id,
    name: p.name,
    discoveryUrl: p.discoveryUrl,
    clientId: p.clientId,
    clientSecret: p.clientSecret,
    scopes: p.scopes ?? DEFAULT_OIDC_SCOPES,
    // These are OpenID providers: identity comes from an ID token checked against the discovered keys.
    requireIdTokenVerification: true,
    requireEmailVerification: config.requireEmailVerification,
  }));
}

/** The engine plugin that serves OIDC_PROVIDERS through the shared /sign-in/social and /callback/:id routes. */
export function oidcProvidersPlugin(config: Config) {
  return genericOAuth({ config: oidcProviderConfigs(config) });
}

/** The sign-in buttons the web app shows: configured built-ins in the order of docs/behaviour.md#social-providers, then OIDC_PROVIDERS in theirs. */
export function publicProviders(config: Config): PublicProvider[] {
  return [
    ...SOCIAL_PROVIDER_IDS.filter((id) => config.socialProviders[id]).map((id) => ({ id, name: SOCIAL_PROVIDERS[id] })),
    ...config.oidcProviders.map((p) => ({ id: p.id, name: p.name })),
  ];
}
