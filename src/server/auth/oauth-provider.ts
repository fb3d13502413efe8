import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import { oauthProvider } from "@better-auth/oauth-provider";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { jwt } from "better-auth/plugins";
import { localeOf } from "../../shared/languages.js";
import { OAUTH_SCOPES, SERVICE_SCOPE } from "../../shared/oauth.js";
import type { Config } from "../config.js";

// The OpenID provider and JWT (docs/integrate.md). See also: the site's clients (routes/admin/oauth-clients.ts),
// an organization's (routes/organization-oauth-clients.ts); the discovery documents (src/server/app.ts).
/** Where the authorization flow's screens live in the web app (src/web/features/oauth). */
const OAUTH_LOGIN_PAGE = "/oauth/sign-in";
const OAUTH_CONSENT_PAGE = "/oauth/consent";

/** The owner of every client the admin console manages: any site admin may manage any of them. */
export const SITE_CLIENT_REFERENCE = "site";

/**
 * The organization whose clients a call of the organization's "Apps (OAuth)" routes manages
 * (routes/organization-oauth-clients.ts sets it once requirePermission allowed the caller): the
 * provider's clientReference then names that organization, so the plugin's own ownership checks keep
 * each organization to its clients. Outside such a call it is undefined.
 */
const actingOrganization = new AsyncLocalStorage<string>();

/** Runs `run` as a manager of `organizationId`'s clients (the caller's permission already checked). */
export function asOrganizationClientManager<T>(organizationId: string, run: () => Promise<T>): Promise<T> {
  return actingOrganization.run(organizationId, run);
}

/** The organization a client call acts for, if any (audit events carry it). */
export function clientManagerOrganization(): string | undefined {
  return actingOrganization.getStore();
}

/** The owning organization of a client, or null for the site's (and users' own) clients. */
export function organizationOfClient(client: { referenceId?: unknown } | null | undefined): string | null {
  const reference = client?.referenceId;
  return typeof reference === "string" && reference && reference !== SITE_CLIENT_REFERENCE ? reference : null;
}

const ORGANIZATION_CLIENT_REFUSAL = "The user is not a member of the organization that owns this application";

/**
 * A client owned by an organization gives tokens only to that organization's members: every way into
 * the authorization endpoint (the request itself, the return after sign-in, consent, continue) passes
 * this before-hook, which sends a signed-in non-member back to the client with access_denied; and a
 * refresh token of someone no longer a member is refused with invalid_grant.
 */
export function organizationClientGate(issuer: string) {
  return {
    id: "tessera-organization-client-gate",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === "/oauth2/authorize",
          handler: createAuthMiddleware(async (ctx) => {
            const query = (ctx.query ?? {}) as Record<string, unknown>;
            const clientId = query.client_id;
            const redirectUri = query.redirect_uri;
            if (typeof clientId !== "string" || typeof redirectUri !== "string") return;
            const { adapter } = ctx.context;
            const client = await adapter.findOne<{ referenceId?: string | null; redirectUris?: string[] | null }>({
              model: "oauthClient",
              where: [{ field: "clientId", value: clientId }],
            });
            const organizationId = organizationOfClient(client);
            // Redirect URIs matched exactly; anything else the plugin refuses itself, without redirecting.
            if (!organizationId || !client?.redirectUris?.includes(redirectUri)) return;
            const session = ctx.context.session ?? (await getSessionFromCtx(ctx).catch(() => null));
            if (!session) return;
            const member = await adapter.findOne({
              model: "member",
              where: [
                { field: "organizationId", value: organizationId },
                { field: "userId", value: session.user.id },
              ],
            });
            if (member) return;
            const url = new URL(redirectUri);
            url.searchParams.set("error", "access_denied");
            url.searchParams.set("error_description", ORGANIZATION_CLIENT_REFUSAL);
            if (typeof query.state === "string") url.searchParams.set("state", query.state);
            url.searchParams.set("iss", issuer);
            // As the plugin answers: a JSON {redirect, url} to the web app's fetch calls, a 302 to a browser.
            const fromFetch = ctx.request?.headers.get("sec-fetch-mode") === "cors";
            if (fromFetch || ctx.headers?.get("accept")?.includes("application/json")) {
              return { redirect: true, url: url.toString() };
            }
            throw ctx.redirect(url.toString());
          }),
        },
        {
          // A refresh token outlives the membership it was given for: someone who left (or was removed,
          // or deprovisioned by SCIM) gets no new tokens from it.
          matcher: (ctx) => ctx.path === "/oauth2/token",
          handler: createAuthMiddleware(async (ctx) => {
            const body = (ctx.body ?? {}) as Record<string, unknown>;
            if (body.grant_type !== "refresh_token" || typeof body.refresh_token !== "string") return;
            const { adapter } = ctx.context;
            // Stored as the plugin stores it (storeTokens "hashed": SHA-256, base64url without padding).
            const stored = createHash("sha256").update(body.refresh_token).digest("base64url");
            const token = await adapter.findOne<{ clientId: string; userId?: string | null }>({
              model: "oauthRefreshToken",
              where: [{ field: "token", value: stored }],
            });
            if (!token?.userId) return;
            const client = await adapter.findOne<{ referenceId?: string | null }>({
              model: "oauthClient",
              where: [{ field: "clientId", value: token.clientId }],
            });
            const organizationId = organizationOfClient(client);
            if (!organizationId) return;
            const member = await adapter.findOne({
              model: "member",
              where: [
                { field: "organizationId", value: organizationId },
                { field: "userId", value: token.userId },
              ],
            });
            if (member) return;
            throw new APIError("BAD_REQUEST", {
              error: "invalid_grant",
              error_description: ORGANIZATION_CLIENT_REFUSAL,
            });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

/** ID and access tokens of the provider (seconds); a rotated key stays in the JWKS longer than these. */
const OAUTH_TOKEN_LIFETIME = 3600;
const CODE_LIFETIME = 60;
/** RS256: the one algorithm every OpenID Connect relying party must accept. */
const JWT_KEY_ALGORITHM = "RS256";

type Lookup = {
  findSession(sessionId: string): Promise<{ activeOrganizationId?: string | null } | null>;
  membership(organizationId: string, userId: string): Promise<{ role: string; teamIds: string[] } | null>;
};

/**
 * The claims of the `organizations` scope: the session's active organization, the user's role(s)
 * in it and their team ids. Empty when the session has no active organization or the user left it.
 */
async function organizationClaims(lookup: Lookup, userId: string, sessionId: string | undefined) {
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
    // A session check must not sign a JWT (and read the key table) on every call: the session fast path
    // stays on and get-session stays as cheap as before (docs/decisions/006-session-fast-path.md).
    disableSettingJwtHeader: true,
  });
  // Its only hook is that get-session header, switched off above; without it the session fast path's
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
    // Site admins register and manage the site's clients (all of them share those); an organization's
    // owners and admins its own, through Tessera's organization routes only (asOrganizationClientManager).
    clientPrivileges: ({ user }) =>
      actingOrganization.getStore() !== undefined ||
      Boolean(user && isSiteAdmin(user as { id: string; role?: string | null })),
    clientReference: ({ user }) =>
      actingOrganization.getStore() ??
      (user && isSiteAdmin(user as { id: string; role?: string | null }) ? SITE_CLIENT_REFERENCE : undefined),
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
  // /api/auth, so app.ts serves them and the hook would only put every session check off the session fast path.
  // Its init adds the session-delete hooks of back-channel logout: ending a session (sign-out, revoke,
  // admin revoke, ban) revokes the session's tokens and posts a signed logout token to every client with
  // a back-channel logout URI that holds tokens of that session (docs/integrate.md).
  return [sessionJwt, provider satisfies BetterAuthPlugin] as const;
}
