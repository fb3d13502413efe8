/**
 * The scopes "Sign in with Tessera" offers (docs/integrate.md). Shared: the server's provider allows
 * them, the admin console offers them for a client and the consent screen names each one.
 */
export const OAUTH_SCOPES = ["openid", "profile", "email", "offline_access", "organizations"] as const;

/** The scope of a confidential client acting as itself (client credentials); never asked of a user. */
export const SERVICE_SCOPE = "service";

export type OAuthScope = (typeof OAUTH_SCOPES)[number];

/** True when `value` is one of the offered scopes. */
export function isOAuthScope(value: string): value is OAuthScope {
  return (OAUTH_SCOPES as readonly string[]).includes(value);
}

/** An OAuth client as the admin console shows it (GET/POST/PATCH /api/admin/oauth-clients). */
export interface OAuthClientView {
  clientId: string;
  name: string;
  redirectUris: string[];
  scopes: OAuthScope[];
  /** public: no secret, PKCE only (browser and mobile apps); confidential: a secret too. */
  type: "public" | "confidential";
  /** A first-party app: its users are not asked for consent. */
  trusted: boolean;
  /** Where Tessera posts a signed logout token when a session the app holds tokens of ends; null: none. */
  backchannelLogoutUri: string | null;
  createdAt: number | null;
  /** The organization that owns the client (its owners and admins manage it); null: the site's. */
  organization?: { id: string; name: string } | null;
}

/** GET /api/admin/oauth-clients and /api/organizations/:id/oauth-clients, newest first. */
export interface OAuthClientList {
  clients: OAuthClientView[];
}

/** PATCH …/oauth-clients/:id. */
export interface OAuthClientAnswer {
  client: OAuthClientView;
}

/** POST …/oauth-clients: the secret (confidential clients; null for public ones), in this answer only. */
export interface CreatedOAuthClient {
  client: OAuthClientView;
  clientSecret: string | null;
}

/** POST …/oauth-clients/:id/rotate-secret: the new secret, in this answer only. */
export interface RotatedOAuthClient {
  client: OAuthClientView;
  clientSecret: string;
}

/** DELETE …/oauth-clients/:id. */
export interface OAuthClientDeleted {
  deleted: true;
}

/** A redirect URI an admin may register: https, or http on this machine (development); no fragment. */
export function redirectUriProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "must be an absolute URL";
  }
  if (url.hash || value.includes("#")) return "must not contain a fragment (#)";
  if (url.username || url.password) return "must not contain a user name or password";
  const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && loopback) return null;
  return "must be https (http only for localhost)";
}

/**
 * A back-channel logout URI an admin may register (OpenID Connect Back-Channel Logout 1.0): the provider
 * plugin posts logout tokens only to https on a public name, never to a fragment or with credentials.
 * The server checks the host too (internal and reserved addresses are refused).
 */
export function backchannelLogoutUriProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "must be an absolute URL";
  }
  if (url.hash || value.includes("#")) return "must not contain a fragment (#)";
  if (url.username || url.password) return "must not contain a user name or password";
  if (url.protocol !== "https:") return "must be https";
  return null;
}
