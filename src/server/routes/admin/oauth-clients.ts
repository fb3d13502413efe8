import { isPublicRoutableHost } from "@better-auth/core/utils/host";
import { isAPIError } from "better-auth/api";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import {
  backchannelLogoutUriProblem,
  type CreatedOAuthClient,
  OAUTH_SCOPES,
  type OAuthClientAnswer,
  type OAuthClientDeleted,
  type OAuthClientList,
  type OAuthClientView,
  type OAuthScope,
  type RotatedOAuthClient,
  redirectUriProblem,
  SERVICE_SCOPE,
} from "../../../shared/oauth.js";
import type { Auth } from "../../auth/auth.js";
import { organizationOfClient, SITE_CLIENT_REFERENCE } from "../../auth/oauth-provider.js";
import type { SessionVariables } from "../../auth/session-fast-path.js";
import type { Config } from "../../config.js";
import { fail } from "../../errors.js";
import { trustedOrigin } from "../account/trusted-origin.js";
import { authorization, badRequest, SITE_ADMINISTRATION } from "../authorize.js";

const redirectUri = z
  .string()
  .max(2048)
  .superRefine((v, ctx) => {
    const problem = redirectUriProblem(v);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
const backchannelLogoutUri = z
  .string()
  .max(2048)
  .superRefine((v, ctx) => {
    const problem =
      backchannelLogoutUriProblem(v) ??
      (isPublicRoutableHost(new URL(v).hostname) ? null : "must not point to an internal or reserved address");
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .nullable();
const fields = {
  name: z.string().trim().min(1, "is required").max(100),
  redirectUris: z.array(redirectUri).min(1, "needs at least one redirect URI").max(20),
  scopes: z
    .array(z.enum(OAUTH_SCOPES))
    .min(1)
    .refine((s) => s.includes("openid"), "must include openid"),
  trusted: z.boolean(),
};
export const createSchema = z.strictObject({
  ...fields,
  type: z.enum(["public", "confidential"]),
  backchannelLogoutUri: backchannelLogoutUri.optional(),
});
export const updateSchema = z.strictObject({ ...fields, backchannelLogoutUri }).partial();

type Client = Record<string, any>;

/** The plugin wants "web" clients on https only; apps on this machine (http://localhost) register as "native". */
/**
 * Changes a client through the plugin's update call, for the site's console and an organization's
 * tab alike. The plugin's update cannot unset the back-channel URI, so `null` clears the column first,
 * on the client of `referenceId` only (the owner the caller was checked against).
 */
export async function updateClient(
  auth: Auth,
  headers: Headers,
  clientId: string,
  referenceId: string,
  change: z.infer<typeof updateSchema>,
): Promise<Client> {
  const { name, redirectUris, scopes, trusted, backchannelLogoutUri } = change;
  if (backchannelLogoutUri === null) {
    const { adapter } = await auth.$context;
    await adapter.update({
      model: "oauthClient",
      where: [
        { field: "clientId", value: clientId },
        { field: "referenceId", value: referenceId },
      ],
      update: { backchannelLogoutUri: null },
    });
  }
  return (await auth.api.adminUpdateOAuthClient({
    headers,
    body: {
      client_id: clientId,
      update: {
        ...(name === undefined ? {} : { client_name: name }),
        ...(redirectUris === undefined
          ? {}
          : { redirect_uris: redirectUris, application_type: applicationType(redirectUris) }),
        ...(scopes === undefined ? {} : { scope: scopes.join(" ") }),
        ...(trusted === undefined ? {} : { skip_consent: trusted }),
        ...(backchannelLogoutUri === undefined
          ? {}
          : { backchannel_logout_session_required: backchannelLogoutUri !== null }),
        ...(backchannelLogoutUri ? { backchannel_logout_uri: backchannelLogoutUri } : {}),
      },
    },
  })) as Client;
}

export function applicationType(redirectUris: string[]): "web" | "native" {
  return redirectUris.every(
    (u) => new URL(u).protocol === "https:" && !["localhost", "127.0.0.1", "[::1]"].includes(new URL(u).hostname),
  )
    ? "web"
    : "native";
}

/** The plugin's RFC 7591 shape as the admin console shows it. */
export function clientView(c: Client): OAuthClientView {
  return {
    clientId: c.client_id,
    name: c.client_name ?? c.client_id,
    redirectUris: c.redirect_uris ?? [],
    scopes: String(c.scope ?? "")
      .split(" ")
      .filter((s): s is OAuthScope => (OAUTH_SCOPES as readonly string[]).includes(s)),
    type: c.token_endpoint_auth_method === "none" ? "public" : "confidential",
    trusted: c.skip_consent === true,
    backchannelLogoutUri: c.backchannel_logout_uri ?? null,
    createdAt: typeof c.client_id_issued_at === "number" ? c.client_id_issued_at * 1000 : null,
  };
}

/** A stored client row (the adapter's shape) as the admin console shows it, with its organization. */
function rowView(row: Client, organizations: Map<string, string>): OAuthClientView {
  const organizationId = organizationOfClient(row);
  return {
    ...clientView({
      client_id: row.clientId,
      client_name: row.name,
      redirect_uris: row.redirectUris,
      scope: Array.isArray(row.scopes) ? row.scopes.join(" ") : row.scopes,
      token_endpoint_auth_method: row.tokenEndpointAuthMethod,
      skip_consent: row.skipConsent,
      backchannel_logout_uri: row.backchannelLogoutUri,
      client_id_issued_at: row.createdAt ? Math.floor(new Date(row.createdAt).getTime() / 1000) : undefined,
    }),
    organization: organizationId
      ? { id: organizationId, name: organizations.get(organizationId) ?? organizationId }
      : null,
  };
}

/** The engine's refusal as {code, message}: OAuth errors carry `error` and `error_description`. */
export function refusal(c: Context, error: unknown) {
  if (!isAPIError(error) || error.statusCode >= 500) throw error;
  const body = (error.body ?? {}) as Record<string, unknown>;
  const code = String(body.code ?? body.error ?? "BAD_REQUEST").toUpperCase();
  const message = String(body.error_description ?? body.message ?? error.message);
  return c.json({ code, message }, error.statusCode as ContentfulStatusCode);
}

/**
 * The admin console's OAuth clients (docs/integrate.md): site admins create, change, rotate the secret
 * of and delete them through the provider plugin's own calls, which record the audit events
 * (auth/oauth-events.ts) and check the caller again (clientPrivileges).
 */
export function oauthClientRoutes({
  auth,
  config,
  requireSession,
}: {
  auth: Auth;
  config: Pick<Config, "adminUserIds" | "trustedOrigins">;
  requireSession: MiddlewareHandler<{ Variables: SessionVariables }>;
}) {
  const { requirePermission } = authorization({ auth, requireSession });
  const app = new Hono<{ Variables: SessionVariables }>();

  // Changes ride on the session cookie: only from a trusted origin, like the engine's own calls. Site
  // admins only (SITE_ADMINISTRATION: the provider plugin's clientPrivileges lets the same users in).
  app.use(
    "*",
    trustedOrigin(config),
    requirePermission("site", SITE_ADMINISTRATION, { refuse: (c) => fail(c, "FORBIDDEN", "oauthClients") }),
  );

  // The site's clients and every organization's (shown with the owning organization, managed by its
  // owners and admins); the plugin lists one owner's only, so the rows are read here.
  app.get("/", async (c) => {
    const { adapter } = await auth.$context;
    const rows = (await adapter.findMany<Client>({ model: "oauthClient" })).filter(
      (row) => row.referenceId === SITE_CLIENT_REFERENCE || organizationOfClient(row),
    );
    const ids = [...new Set(rows.map(organizationOfClient).filter((id): id is string => Boolean(id)))];
    const organizations = ids.length
      ? await adapter.findMany<{ id: string; name: string }>({
          model: "organization",
          where: [{ field: "id", operator: "in", value: ids }],
        })
      : [];
    const names = new Map(organizations.map((o) => [o.id, o.name]));
    const clients = rows.map((row) => rowView(row, names));
    return c.json({
      clients: clients.sort((a, b) => (b.createdAt ?? 0) - (a.createdAt ?? 0)),
    } satisfies OAuthClientList);
  });

  app.post("/", async (c) => {
    const parsed = createSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return badRequest(c, parsed.error.issues);
    const { name, redirectUris, scopes, trusted, type, backchannelLogoutUri } = parsed.data;
    try {
      const created = (await auth.api.adminCreateOAuthClient({
        headers: c.req.raw.headers,
        body: {
          client_name: name,
          redirect_uris: redirectUris,
          application_type: applicationType(redirectUris),
          scope: scopes.join(" "),
          skip_consent: trusted,
          require_pkce: true,
          // RP-initiated logout: the app may end the user's Tessera session with its ID token as hint.
          enable_end_session: true,
          // Back-channel logout: a signed logout token (with sid) when a session the app holds tokens of ends.
          ...(backchannelLogoutUri
            ? { backchannel_logout_uri: backchannelLogoutUri, backchannel_logout_session_required: true }
            : {}),
          token_endpoint_auth_method: type === "public" ? "none" : "client_secret_basic",
          grant_types:
            type === "public"
              ? ["authorization_code", "refresh_token"]
              : ["authorization_code", "refresh_token", "client_credentials"],
          response_types: ["code"],
          // A confidential client may also act as itself (client credentials), with the service scope only.
          ...(type === "public" ? {} : { client_credentials_scopes: [SERVICE_SCOPE] }),
        },
      })) as Client;
      // The secret is answered here once; only its hash is stored.
      return c.json(
        { client: clientView(created), clientSecret: created.client_secret ?? null } satisfies CreatedOAuthClient,
        201,
      );
    } catch (error) {
      return refusal(c, error);
    }
  });

  app.patch("/:clientId", async (c) => {
    const parsed = updateSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return badRequest(c, parsed.error.issues);
    try {
      // Any site admin manages the site's clients (the update makes the same ownership check).
      const updated = await updateClient(
        auth,
        c.req.raw.headers,
        c.req.param("clientId"),
        SITE_CLIENT_REFERENCE,
        parsed.data,
      );
      return c.json({ client: clientView(updated) } satisfies OAuthClientAnswer);
    } catch (error) {
      return refusal(c, error);
    }
  });

  app.post("/:clientId/rotate-secret", async (c) => {
    try {
      const rotated = (await auth.api.rotateClientSecret({
        headers: c.req.raw.headers,
        body: { client_id: c.req.param("clientId") },
      })) as Client;
      return c.json({ client: clientView(rotated), clientSecret: rotated.client_secret } satisfies RotatedOAuthClient);
    } catch (error) {
      return refusal(c, error);
    }
  });

  app.delete("/:clientId", async (c) => {
    try {
      await auth.api.deleteOAuthClient({ headers: c.req.raw.headers, body: { client_id: c.req.param("clientId") } });
      return c.json({ deleted: true } satisfies OAuthClientDeleted);
    } catch (error) {
      return refusal(c, error);
    }
  });

  return app;
}
