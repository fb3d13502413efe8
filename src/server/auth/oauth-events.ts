import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import type { AuditEventInput } from "../audit/actions.js";
import type { auditWriter } from "../audit/writer.js";
import { clientManagerOrganization } from "./oauth-provider.js";

type Write = ReturnType<typeof auditWriter>;
type HookCtx = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
type Json = Record<string, any>;
type Consent = { id: string; clientId: string; userId: string; scopes?: unknown };

const CLIENT_ACTIONS: Record<string, AuditEventInput["action"]> = {
  "/admin/oauth2/create-client": "oauth_client.created",
  "/oauth2/create-client": "oauth_client.created",
  "/oauth2/register": "oauth_client.created",
  "/admin/oauth2/update-client": "oauth_client.updated",
  "/oauth2/update-client": "oauth_client.updated",
  "/oauth2/delete-client": "oauth_client.deleted",
  "/oauth2/client/rotate-secret": "oauth_client.secret_rotated",
};

// Deleting answers nothing: success is "not a refusal".
const ok = (ctx: HookCtx) => !isAPIError(ctx.context.returned);

/** Ends every refresh and access token one user holds for one client (a revoked consent). */
async function revokeClientTokens(adapter: HookCtx["context"]["adapter"], clientId: string, userId: string) {
  const where = [
    { field: "clientId", value: clientId },
    { field: "userId", value: userId },
  ];
  await adapter.deleteMany({ model: "oauthAccessToken", where });
  await adapter.deleteMany({ model: "oauthRefreshToken", where });
}

/**
 * Audit events of OAuth clients (created, changed, secret replaced, deleted) and of consents (granted,
 * revoked), from the engine's own endpoints so the admin console, the API and dynamic registration
 * are all recorded. Revoking a consent also ends the tokens the app holds for that user: the plugin
 * only deletes the consent row.
 */
export function oauthEvents(write: Write) {
  const revoking = new WeakMap<object, Consent>();

  async function actor(ctx: HookCtx) {
    const session = ctx.context.session ?? (await getSessionFromCtx(ctx).catch(() => null));
    return session
      ? {
          id: session.user.id,
          email: session.user.email,
          impersonatedBy: session.session.impersonatedBy as string | null | undefined,
        }
      : null;
  }

  return {
    id: "tessera-oauth-events",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === "/oauth2/delete-consent",
          handler: createAuthMiddleware(async (ctx) => {
            const id = (ctx.body as Json | undefined)?.id;
            if (typeof id !== "string" || !ctx.request) return;
            const consent = await ctx.context.adapter.findOne<Consent>({
              model: "oauthConsent",
              where: [{ field: "id", value: id }],
            });
            if (consent) revoking.set(ctx.request, consent);
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => Boolean(ctx.path && CLIENT_ACTIONS[ctx.path]),
          handler: createAuthMiddleware(async (ctx) => {
            if (!ok(ctx)) return;
            const action = CLIENT_ACTIONS[ctx.path] as AuditEventInput["action"];
            const returned = (ctx.context.returned ?? {}) as Json;
            const body = (ctx.body ?? {}) as Json;
            const clientId = (returned.client_id as string | undefined) ?? (body.client_id as string | undefined);
            const update = (body.update ?? body) as Json;
            const detail: Json = {};
            if (action === "oauth_client.created") detail.name = returned.client_name;
            if (action === "oauth_client.updated") detail.fields = Object.keys(update).filter((k) => k !== "client_id");
            // An organization's owners and admins manage its clients: the event is the organization's too.
            const organizationId = clientManagerOrganization() ?? null;
            await write(
              ctx,
              { action, targetType: "oauth_client", targetId: clientId, organizationId, detail },
              await actor(ctx),
            );
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/oauth2/consent",
          handler: createAuthMiddleware(async (ctx) => {
            const body = (ctx.body ?? {}) as Json;
            if (!ok(ctx) || body.accept !== true) return;
            const query = new URLSearchParams(typeof body.oauth_query === "string" ? body.oauth_query : "");
            const who = await actor(ctx);
            await write(
              ctx,
              {
                action: "oauth_consent.granted",
                targetType: "oauth_client",
                targetId: query.get("client_id"),
                detail: { scopes: body.scope ?? query.get("scope") ?? undefined },
              },
              who,
            );
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/oauth2/delete-consent",
          handler: createAuthMiddleware(async (ctx) => {
            const consent = ctx.request ? revoking.get(ctx.request) : undefined;
            if (!consent || !ok(ctx)) return;
            await revokeClientTokens(ctx.context.adapter, consent.clientId, consent.userId);
            await write(
              ctx,
              { action: "oauth_consent.revoked", targetType: "oauth_client", targetId: consent.clientId },
              await actor(ctx),
            );
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
