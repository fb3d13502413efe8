import { type Context, Hono, type MiddlewareHandler } from "hono";
import type {
  CreatedOAuthClient,
  OAuthClientAnswer,
  OAuthClientDeleted,
  OAuthClientList,
  OAuthClientView,
  RotatedOAuthClient,
} from "../../shared/oauth.js";
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
import { authorization, validated } from "./authorize.js";

/** An organization's clients are never first-party: only site admins mark a client trusted (consent always shown). */
export const createSchema = siteCreateSchema.omit({ trusted: true });
export const updateSchema = siteUpdateSchema.omit({ trusted: true });

type Client = Record<string, any>;
type Ctx = Context<{ Variables: SessionVariables }>;
type Action = "create" | "read" | "update" | "delete";

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

  // A bad body is 400 to anyone signed in (`validated` comes first), then the `oauthClient` permission.
  const { requirePermission } = authorization({ auth, requireSession });
  const may = (action: Action) => requirePermission("organization", { oauthClient: [action] });

  /** Runs `run` as the organization's client manager: only in a handler behind `may`. */
  async function asManager(c: Ctx, run: () => Promise<Response>) {
    try {
      return await asOrganizationClientManager(c.req.param("organizationId") ?? "", run);
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

  app.get("/", may("read"), (c) =>
    asManager(c, async () => {
      const clients = ((await auth.api.getOAuthClients({ headers: c.req.raw.headers })) ?? []) as Client[];
      return c.json({
        clients: clients.map(view).sort((a, b) => (b.createdAt ?? 0) - (a.createdAt ?? 0)),
      } satisfies OAuthClientList);
    }),
  );

  app.post("/", validated("json", createSchema), may("create"), (c) => {
    const { name, redirectUris, scopes, type, backchannelLogoutUri } = c.req.valid("json");
    return asManager(c, async () => {
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

  app.patch("/:clientId", validated("json", updateSchema), may("update"), (c) => {
    const input = c.req.valid("json");
    const clientId = c.req.param("clientId");
    const organizationId = c.req.param("organizationId") ?? "";
    return asManager(c, () =>
      owned(c, async () => {
        const updated = await updateClient(auth, c.req.raw.headers, clientId, organizationId, input);
        return c.json({ client: view(updated) } satisfies OAuthClientAnswer);
      }),
    );
  });

  app.post("/:clientId/rotate-secret", may("update"), (c) =>
    asManager(c, () =>
      owned(c, async () => {
        const rotated = (await auth.api.rotateClientSecret({
          headers: c.req.raw.headers,
          body: { client_id: c.req.param("clientId") },
        })) as Client;
        return c.json({ client: view(rotated), clientSecret: rotated.client_secret } satisfies RotatedOAuthClient);
      }),
    ),
  );

  app.delete("/:clientId", may("delete"), (c) =>
    asManager(c, () =>
      owned(c, async () => {
        await auth.api.deleteOAuthClient({ headers: c.req.raw.headers, body: { client_id: c.req.param("clientId") } });
        return c.json({ deleted: true } satisfies OAuthClientDeleted);
      }),
    ),
  );

  return app;
}
