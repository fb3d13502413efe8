import { oauthProvider } from "@better-auth/oauth-provider";
import type { BetterAuthPlugin } from "better-auth";
import { jwt } from "better-auth/plugins";
import { localeOf } from "../../shared/languages.js";
import { OAUTH_SCOPES, SERVICE_SCOPE } from "../../shared/oauth.js";
import type { Config } from "../config.js";

/** Where the authorization flow's screens live in the web app (src/web/features/oauth). */
export const OAUTH_LOGIN_PAGE = "/oauth/sign-in";
export const OAUTH_CONSENT_PAGE = "/oauth/consent";

/** The owner of every client the admin console manages: any site admin may manage any of them. */
export const SITE_CLIENT_REFERENCE = "site";

/** ID and access tokens of the provider (seconds); a rotated key stays in the JWKS longer than these. */
export const OAUTH_TOKEN_LIFETIME = 3600;
const CODE_LIFETIME = 60;
/** RS256: the one algorithm every OpenID Connect relying party must accept. */
export const JWT_KEY_ALGORITHM = "RS256";

type Lookup = {
  findSession(sessionId: string): Promise<{ activeOrganizationId?: string | null } | null>;
  membership(organizationId: string, userId: string): Promise<{ role: string; teamIds: string[] } | null>;
};

/**
 * The claims of the `organizations` scope: the session's active organization, the user's role(s)
 * in it and their team ids. Empty when the session has no active organization or the user left it.
 */
export async function organizationClaims(lookup: Lookup, userId: string, sessionId: string | undefined) {
  if (!sessionId) return {};
  const session = await lookup.findSession(sessionId);
  const organizationId = session?.activeOrganizationId;
  if (!organizationId) return {};
  const member = await lookup.membership(organizationId, userId);
  if (!member) return {};
  return {
    organization_id: organizationId,
    organization_roles: member.role
      .split(",")
      .map((r) => r.trim())
      .filter(Boolean),
    team_ids: member.teamIds,
  };
}

function lookupOf(adapter: any): Lookup {
  return {
    async findSession(sessionId) {
      return adapter.findOne({ model: "session", where: [{ field: "id", value: sessionId }] });
    },
    async membership(organizationId, userId) {
      const member = await adapter.findOne({
        model: "member",
        where: [
          { field: "organizationId", value: organizationId },
          { field: "userId", value: userId },
        ],
      });
      if (!member) return null;
      const teams = (await adapter.findMany({ model: "teamMember", where: [{ field: "userId", value: userId }] })) as {
        teamId: string;
      }[];
      const orgTeams = teams.length
        ? ((await adapter.findMany({
            model: "team",
            where: [
              { field: "id", operator: "in", value: teams.map((t) => t.teamId) },
              { field: "organizationId", value: organizationId },
            ],
          })) as { id: string }[])
        : [];
      return { role: String(member.role), teamIds: orgTeams.map((t) => t.id).sort() };
    },
  };
}

/** `locale` from the user's `language` field (SPEC §3 enumeration), as a BCP 47 tag. */
const profileClaims = (user: Record<string, unknown>, scopes: readonly string[]) =>
  scopes.includes("profile") ? { locale: localeOf(user.language as number | undefined) } : {};

/** The ID token carries the profile and e-mail claims too, so an app needs no userinfo call to sign a user in. */
const idTokenClaims = (user: Record<string, unknown>, scopes: readonly string[]) => ({
  ...(scopes.includes("profile")
    ? { name: user.name, ...(user.image ? { picture: user.image } : {}), ...profileClaims(user, scopes) }
    : {}),
  ...(scopes.includes("email") ? { email: user.email, email_verified: Boolean(user.emailVerified) } : {}),
});

/**
 * The engine's JWT plugin (signed session JWTs at /token, keys in the `jwks` table, JWKS at /jwks)
 * and its OAuth 2.1 / OpenID Connect provider (docs/integrate.md).
 */
export function oauthProviderPlugins(
  config: Config,
  isSiteAdmin: (user: { id: string; role?: string | null }) => boolean,
) {
  const jwtPlugin = jwt({
    jwks: {
      keyPairConfig: { alg: JWT_KEY_ALGORITHM, modulusLength: 2048 },
      // A rotated key (npm run cli -- rotate-jwks) is still published until every token it signed expired.
      gracePeriod: Math.max(OAUTH_TOKEN_LIFETIME, config.oauth.jwtExpiresIn) + 300,
    },
    jwt: { issuer: config.baseURL, audience: config.baseURL, expirationTime: `${config.oauth.jwtExpiresIn}s` },
    // The session check must not sign a JWT (and read the key table) on every call: the fast path
    // stays on and get-session stays as cheap as before (docs/decisions/006-session-fast-path.md).
    disableSettingJwtHeader: true,
  });
  // Its only hook is that get-session header, switched off above; without it the fast path's
  // eligibility check (fast-path/eligibility.ts) sees no plugin touching get-session.
  const sessionJwt = { ...jwtPlugin, hooks: { after: [] } } satisfies BetterAuthPlugin;

  const { onRequest: _metadataAtIssuer, ...provider } = oauthProvider({
    loginPage: OAUTH_LOGIN_PAGE,
    consentPage: OAUTH_CONSENT_PAGE,
    scopes: [...OAUTH_SCOPES, SERVICE_SCOPE],
    codeExpiresIn: CODE_LIFETIME,
    accessTokenExpiresIn: OAUTH_TOKEN_LIFETIME,
    m2mAccessTokenExpiresIn: OAUTH_TOKEN_LIFETIME,
    idTokenExpiresIn: OAUTH_TOKEN_LIFETIME,
    // Any reuse of a rotated refresh token revokes the whole family (the plugin's default, made explicit).
    refreshTokenReuseInterval: 0,
    allowDynamicClientRegistration: config.oauth.dynamicClientRegistration,
    clientRegistrationRequirePKCE: true,
    clientRegistrationDefaultScopes: ["openid", "profile", "email"],
    advertisedMetadata: {
      claims_supported: [
        "sub",
        "iss",
        "aud",
        "exp",
        "iat",
        "sid",
        "auth_time",
        "nonce",
        "name",
        "picture",
        "given_name",
        "family_name",
        "email",
        "email_verified",
        "locale",
        "organization_id",
        "organization_roles",
        "team_ids",
      ],
    },
    // Only site admins register and manage clients; all of them share the site's clients.
    clientPrivileges: ({ user }) => Boolean(user && isSiteAdmin(user as { id: string; role?: string | null })),
    clientReference: ({ user }) =>
      user && isSiteAdmin(user as { id: string; role?: string | null }) ? SITE_CLIENT_REFERENCE : undefined,
    customIdTokenClaims: ({ user, scopes }) => idTokenClaims(user, scopes),
    customUserInfoClaims: ({ user, scopes }) => profileClaims(user, scopes),
    extensions: [
      {
        claims: {
          async idToken({ ctx, user, scopes, sessionId }) {
            if (!user || !scopes.includes("organizations")) return {};
            return organizationClaims(lookupOf(ctx.context.adapter), user.id, sessionId);
          },
          async userInfo({ ctx, user, scopes, jwt: payload }) {
            if (!scopes.includes("organizations")) return {};
            const sid = typeof payload.sid === "string" ? payload.sid : undefined;
            return organizationClaims(lookupOf(ctx.context.adapter), user.id, sid);
          },
        },
      },
    ],
  });
  // Its onRequest answers the metadata paths under the issuer; the issuer is the origin root, outside
  // /api/auth, so app.ts serves them and the hook would only put every session check off the fast path.
  // Its init adds the session-delete hooks of back-channel logout: ending a session (sign-out, revoke,
  // admin revoke, ban) revokes the session's tokens and posts a signed logout token to every client with
  // a back-channel logout URI that holds tokens of that session (docs/integrate.md).
  return [sessionJwt, provider satisfies BetterAuthPlugin] as const;
}
