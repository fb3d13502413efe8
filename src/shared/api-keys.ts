/**
 * API keys (docs/integrate.md "API keys"): shared by the server (what a key may do) and the web app
 * (the scopes it offers and names). A key is `tsk_` (owned by a user) or `tso_` (owned by an
 * organization) followed by 64 random letters.
 */
export const USER_KEY_PREFIX = "tsk_";
export const ORGANIZATION_KEY_PREFIX = "tso_";
/** Random letters after the prefix (the plugin's default length). */
export const API_KEY_RANDOM_LENGTH = 64;

/**
 * The fixed list of scopes a key may be given (docs/integrate.md "Scopes"). A key without a scope
 * still says who it belongs to (GET /api/auth/get-session, GET /api/api-keys/self).
 */
export const API_KEY_SCOPES = ["organizations:read", "organizations:write", "audit:read", "webhooks:read"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export function isApiKeyScope(value: unknown): value is ApiKeyScope {
  return typeof value === "string" && (API_KEY_SCOPES as readonly string[]).includes(value);
}

/** Lifetimes offered when a key is created, in days; null: never expires. */
export const API_KEY_EXPIRY_DAYS = [7, 30, 90, 365, null] as const;
export const API_KEY_NAME_MAX_LENGTH = 64;

/** Scopes as the engine's plugin stores them: `{ organizations: ["read"] }`. */
export function permissionsOf(scopes: readonly ApiKeyScope[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const scope of scopes) {
    const [resource, action] = scope.split(":") as [string, string];
    out[resource] = [...(out[resource] ?? []), action];
  }
  return out;
}

/** The scopes a stored permission object grants (unknown ones are dropped). */
export function scopesOf(permissions: unknown): ApiKeyScope[] {
  if (!permissions || typeof permissions !== "object") return [];
  const scopes: ApiKeyScope[] = [];
  for (const [resource, actions] of Object.entries(permissions as Record<string, unknown>)) {
    if (!Array.isArray(actions)) continue;
    for (const action of actions) {
      const scope = `${resource}:${String(action)}`;
      if (isApiKeyScope(scope)) scopes.push(scope);
    }
  }
  return API_KEY_SCOPES.filter((s) => scopes.includes(s));
}

/** A key as the settings screens list it (GET /api/api-keys); the secret itself is never listed. */
export interface ApiKeyView {
  id: string;
  name: string | null;
  /** The first characters of the key (its prefix and two more), to recognise it by. */
  start: string | null;
  scopes: ApiKeyScope[];
  organizationId: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
}

/** GET /api/api-keys: the caller's keys, or one organization's, newest first. */
export interface ApiKeyList {
  apiKeys: ApiKeyView[];
}

/** POST /api/api-keys answers the key once, with its view. */
export interface CreatedApiKey {
  key: string;
  apiKey: ApiKeyView;
}

/** DELETE /api/api-keys/:id. */
export interface ApiKeyRevoked {
  success: true;
}

/**
 * The codes API-key answers carry (docs/behaviour.md "Error codes"): Tessera's own and the ones of the
 * engine's api-key plugin that reach a client. Each has a translation in every language.
 */
export const API_KEY_ERROR_CODES = {
  /** The key is unknown, revoked, malformed or its owner is gone (401). */
  INVALID_API_KEY: "Invalid API key.",
  /** The plugin: the key's expiry has passed (401). */
  KEY_EXPIRED: "API Key has expired",
  /** The plugin: the key's own request limit for its window is used up (429). */
  RATE_LIMITED: "Rate limit exceeded.",
  /** A key never reaches this call: managing keys, password, e-mail, account deletion, … (403). */
  API_KEY_NOT_ALLOWED: "An API key cannot be used for this request",
  /** The key lacks the scope this call needs (403). */
  API_KEY_SCOPE_MISSING: "This API key does not have the scope this request needs",
  /** An organization's key is for services to verify; it acts for no user (403). */
  ORGANIZATION_API_KEY_NOT_ALLOWED: "An organization's API key cannot act for a user",
  /** Not a scope of the fixed list (400). */
  API_KEY_SCOPE_UNKNOWN: "Unknown API key scope",
  /** Not one of the offered lifetimes (400). */
  API_KEY_EXPIRY_INVALID: "Choose one of the offered lifetimes",
  /** Empty or longer than API_KEY_NAME_MAX_LENGTH (400). */
  API_KEY_NAME_INVALID: "Enter a name of at most 64 characters",
  /** The plugin: no such key for this owner (404). */
  KEY_NOT_FOUND: "API Key not found",
  /** The plugin: only an organization's owners and admins manage its keys (403). */
  INSUFFICIENT_API_KEY_PERMISSIONS: "You do not have permission to perform this action on organization API keys.",
  /** The plugin: the caller is not a member of that organization (403). */
  USER_NOT_MEMBER_OF_ORGANIZATION: "You are not a member of the organization that owns this API key.",
} as const;
export type ApiKeyErrorCode = keyof typeof API_KEY_ERROR_CODES;
