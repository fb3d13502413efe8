/**
 * API keys (docs/integrate.md "API keys"): shared by the server (what a key may do) and the web app
 * (the scopes it offers and names). A key is `tsk_` (owned by a user) or `tso_` (owned by an
 * organization) followed by 64 random letters.
 */

import { messagesOf } from "./error-codes.js";
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
 * The codes API-key answers carry (docs/behaviour.md "Error codes"), with their messages
 * (src/shared/error-codes.ts): Tessera's own and the ones of the engine's api-key plugin that reach a client.
 */
export const API_KEY_ERROR_CODES = messagesOf([
  "INVALID_API_KEY", // unknown, revoked, malformed, or its owner is gone
  "KEY_EXPIRED", // the plugin: the key's expiry has passed
  "RATE_LIMITED", // the plugin: the key's own request limit for its window is used up
  "API_KEY_NOT_ALLOWED", // a key never reaches this call: managing keys, password, e-mail, account deletion, …
  "API_KEY_SCOPE_MISSING",
  "ORGANIZATION_API_KEY_NOT_ALLOWED", // an organization's key is for services to verify; it acts for no user
  "API_KEY_SCOPE_UNKNOWN", // not a scope of the fixed list
  "API_KEY_EXPIRY_INVALID", // not one of the offered lifetimes
  "API_KEY_NAME_INVALID", // empty or longer than API_KEY_NAME_MAX_LENGTH
  "KEY_NOT_FOUND", // the plugin: no such key for this owner
  "INSUFFICIENT_API_KEY_PERMISSIONS", // the plugin: only an organization's owners and admins manage its keys
  "USER_NOT_MEMBER_OF_ORGANIZATION", // the plugin: the caller is not a member of that organization
]);
export type ApiKeyErrorCode = keyof typeof API_KEY_ERROR_CODES;
