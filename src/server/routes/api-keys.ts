import { isAPIError } from "better-auth/api";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import {
  API_KEY_EXPIRY_DAYS,
  API_KEY_NAME_MAX_LENGTH,
  type ApiKeyList,
  type ApiKeyRevoked,
  type ApiKeyView,
  type CreatedApiKey,
  isApiKeyScope,
  ORGANIZATION_KEY_PREFIX,
  permissionsOf,
  scopesOf,
} from "../../shared/api-keys.js";
import { messageOf } from "../../shared/error-codes.js";
import type { AuditAction } from "../audit/actions.js";
import { apiKeyIn, ORGANIZATION_KEYS, USER_KEYS } from "../auth/api-keys.js";
import type { Auth } from "../auth/auth.js";
import { type SessionVariables, sessionOf } from "../auth/session-fast-path.js";
import type { Config } from "../config.js";
import { fail } from "../errors.js";
import type { EventRecorder } from "../webhooks/events.js";
import { trustedOrigin } from "./account/trusted-origin.js";

interface Deps {
  auth: Auth;
  config: Pick<Config, "trustedOrigins">;
  requireSession: MiddlewareHandler<{ Variables: SessionVariables }>;
  events: EventRecorder;
  /** The caller's address as the audit log records it. */
  clientAddress(c: Context): string | null;
}

type Row = {
  id: string;
  name?: string | null;
  start?: string | null;
  referenceId: string;
  configId?: string | null;
  permissions?: unknown;
  createdAt: Date | string;
  lastRequest?: Date | string | null;
  expiresAt?: Date | string | null;
};

const iso = (v: Date | string | null | undefined) => (v ? new Date(v).toISOString() : null);

function viewOf(row: Row): ApiKeyView {
  let permissions = row.permissions;
  if (typeof permissions === "string") {
    try {
      permissions = JSON.parse(permissions);
    } catch {
      permissions = null;
    }
  }
  return {
    id: row.id,
    name: row.name ?? null,
    start: row.start ?? null,
    scopes: scopesOf(permissions),
    organizationId: row.configId === ORGANIZATION_KEYS ? row.referenceId : null,
    createdAt: iso(row.createdAt) as string,
    lastUsedAt: iso(row.lastRequest),
    expiresAt: iso(row.expiresAt),
  };
}

/** The engine's refusal as our {code, message} answer (never a 500 for a refusal). */
function engineRefusal(c: Context, error: unknown) {
  if (!isAPIError(error)) throw error;
  const body = (error.body ?? {}) as { code?: string; message?: string };
  const status = (error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400) as 400;
  return c.json({ code: body.code ?? "BAD_REQUEST", message: body.message ?? messageOf("BAD_REQUEST") }, status);
}

/**
 * /api/api-keys (docs/integrate.md "API keys"): a signed-in user's own keys, or an organization's
 * (?organizationId=…, its owners and admins only: the engine's plugin checks the `apiKey` permission).
 * Created, listed and revoked here, on the engine's api-key plugin called from the server, so that the
 * scopes come from the fixed list and every creation and revocation is in the audit log. A key itself
 * can use none of these routes but GET /self.
 */
export function apiKeyRoutes({ auth, config, requireSession, events, clientAddress }: Deps) {
  const app = new Hono<{ Variables: SessionVariables }>();

  async function audit(c: Context, action: AuditAction, row: Row, detail: Record<string, unknown>) {
    const { user, session } = sessionOf(c as Context<{ Variables: SessionVariables }>);
    const organizationId = row.configId === ORGANIZATION_KEYS ? row.referenceId : null;
    const impersonatedBy = (session as { impersonatedBy?: string | null }).impersonatedBy;
    await events.record({
      action,
      actorId: user.id,
      actorEmail: user.email,
      targetType: "api_key",
      targetId: row.id,
      organizationId,
      ipAddress: clientAddress(c),
      userAgent: c.req.header("user-agent")?.slice(0, 512) ?? null,
      detail: JSON.stringify({ name: row.name ?? null, ...detail, ...(impersonatedBy ? { impersonatedBy } : {}) }),
    });
  }

  /** Who a key belongs to, its scopes and expiry: for a service that was handed a key, and for the key itself. */
  app.get("/self", async (c) => {
    const key = apiKeyIn(c.req.raw.headers);
    if (!key) return fail(c, "INVALID_API_KEY");
    const configId = key.startsWith(ORGANIZATION_KEY_PREFIX) ? ORGANIZATION_KEYS : USER_KEYS;
    const result = (await auth.api.verifyApiKey({ body: { key, configId } })) as {
      valid: boolean;
      error: { code?: string; message?: string; details?: { tryAgainIn?: number } } | null;
      key: Row | null;
    };
    if (!result.valid || !result.key) {
      const code = result.error?.code;
      if (code === "RATE_LIMITED") {
        const seconds = Math.max(1, Math.ceil((result.error?.details?.tryAgainIn ?? 1000) / 1000));
        c.header("Retry-After", String(seconds));
        return fail(c, "RATE_LIMITED");
      }
      return fail(c, code === "KEY_EXPIRED" ? "KEY_EXPIRED" : "INVALID_API_KEY");
    }
    const row = { ...result.key, configId: result.key.configId ?? configId };
    const { adapter } = await auth.$context;
    if (configId === ORGANIZATION_KEYS) {
      const organization = await adapter.findOne<{ id: string; name: string; slug: string }>({
        model: "organization",
        where: [{ field: "id", value: row.referenceId }],
      });
      if (!organization) return fail(c, "INVALID_API_KEY");
      return c.json({
        ...viewOf(row),
        owner: { type: "organization", id: organization.id, name: organization.name, slug: organization.slug },
      });
    }
    const user = await adapter.findOne<{ id: string; email: string; name: string; banned?: boolean | null }>({
      model: "user",
      where: [{ field: "id", value: row.referenceId }],
    });
    if (!user || user.banned) return fail(c, "INVALID_API_KEY");
    return c.json({ ...viewOf(row), owner: { type: "user", id: user.id, email: user.email, name: user.name } });
  });

  app.use("*", trustedOrigin(config), requireSession);

  app.get("/", async (c) => {
    const organizationId = c.req.query("organizationId") || undefined;
    try {
      const listed = (await auth.api.listApiKeys({
        headers: c.req.raw.headers,
        query: { configId: organizationId ? ORGANIZATION_KEYS : USER_KEYS, organizationId, sortBy: "createdAt" },
      })) as { apiKeys: Row[] };
      const keys = listed.apiKeys.map((k) =>
        viewOf({ ...k, configId: organizationId ? ORGANIZATION_KEYS : USER_KEYS }),
      );
      return c.json({ apiKeys: keys.reverse() } satisfies ApiKeyList);
    } catch (error) {
      return engineRefusal(c, error);
    }
  });

  app.post("/", async (c) => {
    const { user } = sessionOf(c);
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    if (!body || typeof body !== "object") return fail(c, "BAD_REQUEST", "jsonBody");
    const name = typeof body.name === "string" ? body.name.trim() : "";
    if (!name || name.length > API_KEY_NAME_MAX_LENGTH) return fail(c, "API_KEY_NAME_INVALID");
    const scopes = body.scopes ?? [];
    if (!Array.isArray(scopes) || !scopes.every(isApiKeyScope)) return fail(c, "API_KEY_SCOPE_UNKNOWN");
    const days = body.expiresInDays ?? null;
    if (!(API_KEY_EXPIRY_DAYS as readonly (number | null)[]).includes(days as number | null)) {
      return fail(c, "API_KEY_EXPIRY_INVALID");
    }
    const organizationId = body.organizationId;
    if (organizationId !== undefined && (typeof organizationId !== "string" || !organizationId)) {
      return fail(c, "BAD_REQUEST", "organizationId");
    }
    const unique = [...new Set(scopes)];
    try {
      // From the server (no headers): the plugin then takes the scopes; the owner is the caller, or for an
      // organization the plugin checks that the caller may create its keys (owners and admins).
      const created = (await auth.api.createApiKey({
        body: {
          name,
          expiresIn: typeof days === "number" ? days * 86400 : null,
          permissions: permissionsOf(unique),
          userId: user.id,
          ...(organizationId ? { configId: ORGANIZATION_KEYS, organizationId } : { configId: USER_KEYS }),
        },
      })) as Row & { key: string };
      const row = { ...created, configId: organizationId ? ORGANIZATION_KEYS : USER_KEYS };
      await audit(c, "api_key.created", row, { scopes: unique, expiresAt: iso(row.expiresAt) });
      return c.json({ key: created.key, apiKey: viewOf(row) } satisfies CreatedApiKey, 201);
    } catch (error) {
      return engineRefusal(c, error);
    }
  });

  app.delete("/:id", async (c) => {
    const id = c.req.param("id");
    const organizationId = c.req.query("organizationId") || undefined;
    const configId = organizationId ? ORGANIZATION_KEYS : USER_KEYS;
    const { adapter } = await auth.$context;
    const row = await adapter.findOne<Row>({ model: "apikey", where: [{ field: "id", value: id }] });
    if (!row) return fail(c, "KEY_NOT_FOUND");
    try {
      // The plugin checks the owner: the caller's own key, or an organization's key its owners and admins revoke.
      await auth.api.deleteApiKey({ headers: c.req.raw.headers, body: { keyId: id, configId } });
    } catch (error) {
      return engineRefusal(c, error);
    }
    await audit(c, "api_key.revoked", { ...row, configId: row.configId ?? configId }, {});
    return c.json({ success: true } satisfies ApiKeyRevoked);
  });

  return app;
}
