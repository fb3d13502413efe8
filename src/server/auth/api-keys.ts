import { apiKey } from "@better-auth/api-key";
import type { BetterAuthPlugin, DBAdapter } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import {
  API_KEY_RANDOM_LENGTH,
  type ApiKeyErrorCode,
  type ApiKeyScope,
  ORGANIZATION_KEY_PREFIX,
  scopesOf,
  USER_KEY_PREFIX,
} from "../../shared/api-keys.js";
import { messageOf } from "../../shared/error-codes.js";
import { apiError, statusOf } from "../errors.js";

// API keys of users and organizations (docs/integrate.md "API keys") on the engine's api-key plugin. See also:
// Tessera's routes that create, list and revoke them (src/server/routes/api-keys.ts); the scopes
// (src/shared/api-keys.ts).

/** The plugin's configurations: keys of users (the default) and keys of organizations. */
export const USER_KEYS = "default";
export const ORGANIZATION_KEYS = "organization";

/**
 * Requests one key may make in one window (the plugin's per-key limit, counted in the database so
 * every instance shares it). Every engine call a request makes with the key counts. docs/integrate.md.
 */
const API_KEY_RATE_LIMIT = { max: 600, windowSeconds: 60 } as const;

/** The engine's /api-key/* routes: Tessera's own /api/api-keys routes call them from the server only. */
export const API_KEY_ENGINE_PATHS = [
  "/api-key/create",
  "/api-key/get",
  "/api-key/update",
  "/api-key/delete",
  "/api-key/list",
] as const;

/**
 * The engine's calls a user's key may make and the scope each needs (null: any valid key). Everything
 * else is refused before the key is even checked: managing keys, password, e-mail, account deletion,
 * sessions, second factors, linking, admin calls (a key never leads to an account takeover).
 */
const ENGINE_SCOPES: Readonly<Record<string, ApiKeyScope | null>> = {
  "/get-session": null,
  // What the caller may do in an organization: Tessera's own routes ask it on the key's behalf.
  "/organization/has-permission": null,
  "/organization/list": "organizations:read",
  "/organization/get-full-organization": "organizations:read",
  "/organization/list-members": "organizations:read",
  "/organization/list-teams": "organizations:read",
  "/organization/list-invitations": "organizations:read",
  "/organization/invite-member": "organizations:write",
  "/organization/cancel-invitation": "organizations:write",
  "/organization/remove-member": "organizations:write",
  "/organization/update-member-role": "organizations:write",
  "/organization/create-team": "organizations:write",
  "/organization/update-team": "organizations:write",
  "/organization/remove-team": "organizations:write",
  "/organization/add-team-member": "organizations:write",
  "/organization/remove-team-member": "organizations:write",
};

/** Tessera's own /api/* routes a user's key may call (method, path pattern, scope); any other answers 403. */
const ROUTE_SCOPES: readonly [string, RegExp, ApiKeyScope | null][] = [
  ["GET", /^\/api\/audit\/?$/, "audit:read"],
  ["GET", /^\/api\/organizations\/?$/, "organizations:read"],
  ["GET", /^\/api\/organizations\/[^/]+\/permissions\/?$/, "organizations:read"],
  ["GET", /^\/api\/organizations\/[^/]+\/team-members\/?$/, "organizations:read"],
  ["GET", /^\/api\/organizations\/[^/]+\/webhooks(\/[^/]+(\/deliveries)?)?\/?$/, "webhooks:read"],
];

/** The scope a Tessera route needs from a key (null: none), or undefined when no key may call it. */
export function routeScope(method: string, path: string): ApiKeyScope | null | undefined {
  for (const [m, pattern, scope] of ROUTE_SCOPES) if (m === method && pattern.test(path)) return scope;
  return undefined;
}

type HeaderSource = { get(name: string): string | null } | undefined | null;

/**
 * The API key a request carries: `x-api-key: <key>`, or `Authorization: Bearer <key>` when the token
 * has a Tessera key prefix (other bearer tokens, e.g. the OAuth provider's, are not keys).
 */
export function apiKeyIn(headers: HeaderSource): string | null {
  if (!headers) return null;
  const header = headers.get("x-api-key");
  if (header) return header.trim();
  const authorization = headers.get("authorization");
  if (!authorization || authorization.length < 8 || authorization.slice(0, 7).toLowerCase() !== "bearer ") return null;
  const token = authorization.slice(7).trim();
  return token.startsWith(USER_KEY_PREFIX) || token.startsWith(ORGANIZATION_KEY_PREFIX) ? token : null;
}

/**
 * True when a request may carry a key: only these header names are looked at, so a request with
 * neither costs one or two header reads (the session fast path asks this only when it found no cookie).
 */
export function mayCarryApiKey(headers: { [name: string]: unknown }): boolean {
  return headers["x-api-key"] !== undefined || headers.authorization !== undefined;
}

const WELL_FORMED = new RegExp(`^(${USER_KEY_PREFIX}|${ORGANIZATION_KEY_PREFIX})[A-Za-z]{${API_KEY_RANDOM_LENGTH}}$`);

/** An error answer of a key: status and {code, message}. */
export interface KeyRefusal {
  status: 400 | 401 | 403 | 404 | 429;
  code: ApiKeyErrorCode;
  message: string;
}

/** The table's status and message for `code` (src/shared/error-codes.ts). */
export const refusal = (code: ApiKeyErrorCode): KeyRefusal => ({
  status: statusOf(code) as KeyRefusal["status"],
  code,
  message: messageOf(code),
});

const thrown = (r: KeyRefusal) => apiError(r.code);

/** What a key may not do before it is even looked up: malformed, an organization's key, or a call no key makes. */
export function refusedBeforeLookup(key: string, allowed: boolean): KeyRefusal | null {
  if (!WELL_FORMED.test(key)) return refusal("INVALID_API_KEY");
  if (key.startsWith(ORGANIZATION_KEY_PREFIX)) return refusal("ORGANIZATION_API_KEY_NOT_ALLOWED");
  if (!allowed) return refusal("API_KEY_NOT_ALLOWED");
  return null;
}

type KeySession = { session: { id: string; token?: string }; user: { id: string; banned?: boolean | null } };

/**
 * After the plugin found the key and made its owner's session: the owner is not banned and the key
 * holds `scope`. The scopes are read from the key's row (the plugin's session carries only its id).
 */
export async function refusedAfterLookup(
  adapter: DBAdapter<any>,
  data: KeySession,
  scope: ApiKeyScope | null,
): Promise<KeyRefusal | null> {
  if (data.user.banned) return refusal("INVALID_API_KEY");
  if (!scope) return null;
  const row = await adapter.findOne<{ permissions?: string | null }>({
    model: "apikey",
    where: [{ field: "id", value: data.session.id }],
  });
  if (!row) return refusal("INVALID_API_KEY");
  let permissions: unknown = null;
  try {
    permissions = row.permissions ? JSON.parse(row.permissions) : null;
  } catch {
    permissions = null;
  }
  return scopesOf(permissions).includes(scope) ? null : refusal("API_KEY_SCOPE_MISSING");
}

type HookCtx = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * The engine's api-key plugin (keys stored hashed in `apikey`, per-key rate limit, expiry, a session
 * for the key's owner) between Tessera's two gates: the first refuses any call a key may not make
 * before the plugin looks the key up; the second checks the owner and the scope once the plugin has
 * made the owner's session. Their order in the engine's plugin list is this array's.
 */
export function apiKeyPlugins() {
  const shared = {
    defaultKeyLength: API_KEY_RANDOM_LENGTH,
    requireName: true,
    maximumNameLength: 64,
    startingCharactersConfig: { shouldStore: true, charactersLength: 8 },
    keyExpiration: { defaultExpiresIn: null, minExpiresIn: 1, maxExpiresIn: 365 },
    rateLimit: {
      enabled: true,
      maxRequests: API_KEY_RATE_LIMIT.max,
      timeWindow: API_KEY_RATE_LIMIT.windowSeconds * 1000,
    },
    customAPIKeyGetter: (ctx: { headers?: Headers }) => apiKeyIn(ctx.headers),
  };
  const plugin = apiKey([
    {
      ...shared,
      configId: USER_KEYS,
      references: "user",
      defaultPrefix: USER_KEY_PREFIX,
      enableSessionForAPIKeys: true,
    },
    { ...shared, configId: ORGANIZATION_KEYS, references: "organization", defaultPrefix: ORGANIZATION_KEY_PREFIX },
  ]);

  const carriesKey = (ctx: { headers?: Headers }) => apiKeyIn(ctx.headers) !== null;

  const before = {
    id: "tessera-api-key-gate",
    hooks: {
      before: [
        {
          matcher: carriesKey,
          handler: createAuthMiddleware(async (ctx) => {
            const key = apiKeyIn(ctx.headers) as string;
            const refused = refusedBeforeLookup(key, Object.hasOwn(ENGINE_SCOPES, ctx.path));
            if (refused) throw thrown(refused);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;

  const after = {
    id: "tessera-api-key-scopes",
    hooks: {
      before: [
        {
          matcher: carriesKey,
          handler: createAuthMiddleware(async (ctx: HookCtx) => {
            const data = ctx.context.session as KeySession | null;
            if (!data) throw thrown(refusal("INVALID_API_KEY"));
            const refused = await refusedAfterLookup(ctx.context.adapter, data, ENGINE_SCOPES[ctx.path] ?? null);
            if (refused) throw thrown(refused);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;

  return [before, plugin, after] as const;
}
