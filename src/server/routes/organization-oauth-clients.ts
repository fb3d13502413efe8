import { type Context, Hono, type MiddlewareHandler } from "hono";
import type {
  CreatedOAuthClient,
  OAuthClientAnswer,
  OAuthClientDeleted,
  OAuthClientList,
  OAuthClientView,
  RotatedOAuthClient,
} from "../../shared/oauth.js";
import type { Permissions } from "../../shared/permissions.js";
import type { Auth } from "../auth/auth.js";
import { asOrganizationClientManager } from "../auth/oauth-provider.js";
import type { SessionVariables } from "../auth/session-fast-path.js";
import type { Config } from "../config.js";
import { fail } from "../errors.js";
import { trustedOrigin } from "./account/trusted-origin.js";
import {
  applicationType,
  clientView,
  refusal,
  createSchema as siteCreateSchema,
  updateSchema as siteUpdateSchema,
  updateClient,
} from "./admin/oauth-clients.js";
import { badRequest, organizationRefusal } from "./authorize.js";

/** An organization's clients are never first-party: only site admins mark a client trusted (consent always shown). */
export const createSchema = siteCreateSchema.omit({ trusted: true });
export const updateSchema = siteUpdateSchema.omit({ trusted: true });

type Client = Record<string, any>;
type Ctx = Context<{ Variables: SessionVariables }>;

const ID = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * An organization's OAuth / OpenID Connect clients, under /api/organizations/:organizationId/oauth-clients
 * (docs/integrate.md "Apps of an organization"): owners and admins (the `oauthClient` permission,
 * docs/roles.md) create, list, change, rotate the secret of and delete them through the provider
 * plugin's own calls, with the organization as the clients' reference id (asOrganizationClientManager),
 * so the plugin's ownership checks keep every organization to its own clients. Such a client gives
 * tokens only to the organization's members (organizationClientGate).
 */
export function organizationOAuthClientRoutes({
  auth,
  config,
  requireSession,
}: {
  auth: Auth;
  config: Pick<Config, "trustedOrigins">;
  requireSession: MiddlewareHandler<{ Variables: SessionVariables }>;
}) {
  const app = new Hono<{ Variables: SessionVariables }>();
  app.use("*", trustedOrigin(config), requireSession);
  // Answers carry a secret once: never stored by a cache.
  app.use("*", async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  });

  /** Runs `run` for the organization when the caller holds `action` on its clients; else the refusal. */
  async function as(c: Ctx, action: "create" | "read" | "update" | "delete", run: () => Promise<Response>) {
    const organizationId = c.req.param("organizationId") ?? "";
    if (!ID.test(organizationId)) return fail(c, "FORBIDDEN");
    const permissions: Permissions = { oauthClient: [action] };
    const refused = await organizationRefusal(auth, c, organizationId, permissions);
    if (refused) return fail(c, refused);
    try {
      return await asOrganizationClientManager(organizationId, run);
    } catch (error) {
      return refusal(c, error);
    }
  }

  /** Another owner's client, or none: 404 either way (the plugin would answer 401 or 404). */
  async function owned(c: Ctx, run: () => Promise<Response>) {
    const { adapter } = await auth.$context;
    const client = await adapter.findOne<{ referenceId?: string | null }>({
      model: "oauthClient",
      where: [{ field: "clientId", value: c.req.param("clientId") ?? "" }],
    });
    if (!client || client.referenceId !== c.req.param("organizationId")) return fail(c, "OAUTH_CLIENT_NOT_FOUND");
    try {
      return await run();
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 401 || status === 404) return fail(c, "OAUTH_CLIENT_NOT_FOUND");
      throw error;
    }
  }

  const view = (client: Client): OAuthClientView => ({ ...clientView(client), trusted: false });

  app.get("/", (c) =>
    as(c, "read", async () => {
      const clients = ((await auth.api.getOAuthClients({ headers: c.req.raw.headers })) ?? []) as Client[];
      return c.json({
        clients: clients.map(view).sort((a, b) => (b.createdAt ?? 0) - (a.createdAt ?? 0)),
      } satisfies OAuthClientList);
    }),
  );

  app.post("/", async (c) => {
    const parsed = createSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return badRequest(c, parsed.error.issues);
    const { name, redirectUris, scopes, type, backchannelLogoutUri } = parsed.data;
    return as(c, "create", async () => {
      const created = (await auth.api.adminCreateOAuthClient({
        headers: c.req.raw.headers,
        body: {
          client_name: name,
          redirect_uris: redirectUris,
          application_type: applicationType(redirectUris),
          scope: scopes.join(" "),
          // Never first-party: every user is asked for consent.
          skip_consent: false,
          require_pkce: true,
          enable_end_session: true,
          ...(backchannelLogoutUri
            ? { backchannel_logout_uri: backchannelLogoutUri, backchannel_logout_session_required: true }
            : {}),
          token_endpoint_auth_method: type === "public" ? "none" : "client_secret_basic",
          // No client credentials: every token of an organization's client is a member's.
          grant_types: ["authorization_code", "refresh_token"],
          response_types: ["code"],
        },
      })) as Client;
      return c.json(
        { client: view(created), clientSecret: created.client_secret ?? null } satisfies CreatedOAuthClient,
        201,
      );
    });
  });

  app.patch("/:clientId", async (c) => {
    const parsed = updateSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return badRequest(c, parsed.error.issues);
    const clientId = c.req.param("clientId");
    const organizationId = c.req.param("organizationId") ?? "";
    return as(c, "update", () =>
      owned(c, async () => {
        const updated = await updateClient(auth, c.req.raw.headers, clientId, organizationId, parsed.data);
        return c.json({ client: view(updated) } satisfies OAuthClientAnswer);
      }),
    );
  });

  app.post("/:clientId/rotate-secret", (c) =>
    as(c, "update", () =>
      owned(c, async () => {
        const rotated = (await auth.api.rotateClientSecret({
          headers: c.req.raw.headers,
          body: { client_id: c.req.param("clientId") },
        })) as Client;
        return c.json({ client: view(rotated), clientSecret: rotated.client_secret } satisfies RotatedOAuthClient);
      }),
    ),
  );

  app.delete("/:clientId", (c) =>
    as(c, "delete", () =>
      owned(c, async () => {
        await auth.api.deleteOAuthClient({ headers: c.req.raw.headers, body: { client_id: c.req.param("clientId") } });
        return c.json({ deleted: true } satisfies OAuthClientDeleted);
      }),
    ),
  );

  return app;
}
