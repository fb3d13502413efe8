import { createHmac } from "node:crypto";
import { getCurrentAdapter } from "@better-auth/core/context";
import { type SCIMOptions, scim } from "@better-auth/scim";
import type { AuthContext, BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { CLIENT_IP_HEADER } from "../auth/client-ip.js";
import type { Logger } from "../logger.js";
import type { EventRecorder } from "../webhooks/events.js";
import { scimAuditor } from "./audit.js";
import { mayClaim, resolveUser } from "./identity.js";
import { scimProjection } from "./projection.js";
import type { Row } from "./rows.js";

/**
 * SCIM 2.0 provisioning per organization (docs/scim.md), on the engine's `@better-auth/scim` plugin.
 *
 * The plugin owns the SCIM protocol, its resources (`scimUser`, `scimGroup`, …), bearer tokens (its
 * "managed connections", one per organization, whose provisioning domain is the organization id) and
 * the users it creates. Tessera adds what the plugin leaves to the application:
 * - who an incoming User is (`identity.resolveUser`): a new account, or an existing member of the
 *   organization (never an owner, never someone who is not a member yet);
 * - what a User means in the organization (`projection.reconcileUser`): an active User is a member,
 *   an inactive or deleted one is not (its sessions in the organization end); its Groups are teams;
 * - the audit log of all of it.
 * Identity is identity.ts, the projection projection.ts; this file configures the plugin and its companion.
 * See also: an organization's SCIM token, for its owners and admins (routes.ts).
 */

/** Where an IdP sends its SCIM requests, below the site's base URL. */
export const SCIM_BASE_PATH = "/api/auth/scim/v2";

/** The HMAC key of SCIM tokens, derived from the server secret (never stored, never the secret itself). */
function credentialHashSecret(secret: string): string {
  return createHmac("sha256", secret).update("tessera/scim/credential-digest").digest("hex");
}

interface ScimDeps {
  secret: string;
  logger: Logger;
  events: EventRecorder;
  /** Most members of one team (the organization plugin's own limit, which direct writes skip). */
  teamMemberLimit?: number;
}

/** The engine's SCIM plugin, configured for organizations, and Tessera's companion (audit, teams). */
export function scimPlugins({ secret, logger, events, teamMemberLimit }: ScimDeps): BetterAuthPlugin[] {
  let engine: AuthContext | undefined;
  const { scimAudit } = scimAuditor(logger, events);
  const { teamOfGroup, reconcileUser } = scimProjection({ scimAudit, engine: () => engine, teamMemberLimit });

  const options: SCIMOptions = {
    connections: [],
    managedConnections: { credentialHashSecret: credentialHashSecret(secret), maxActiveCredentials: 2 },
    compatibility: { microsoftEntra: { acceptLegacyGroupSchema: true } },
    identity: { resolveUser },
    projection: { reconcileUser },
  };

  const engineScim = scim(options);

  /** The scimUser or scimGroup row a SCIM request is about, as it was before the call (by request). */
  const pending = new WeakMap<object, { scimUser?: Row; scimGroup?: Row }>();
  const isUserPath = (path: string | undefined) => path?.startsWith("/scim/v2/Users") === true;
  const isGroupPath = (path: string | undefined) => path?.startsWith("/scim/v2/Groups") === true;

  const companion = {
    id: "tessera-scim",
    init(ctx) {
      engine = ctx;
      return {
        options: {
          databaseHooks: {
            user: {
              update: {
                // A managed profile's new address (PUT or PATCH of a User), under the rule of mayClaim.
                async before(data, hookContext) {
                  const c = hookContext as { path?: string; request?: Request } | null | undefined;
                  const email = (data as { email?: unknown }).email;
                  if (!isUserPath(c?.path) || typeof email !== "string" || !engine) return;
                  const scimUser = c?.request ? pending.get(c.request)?.scimUser : undefined;
                  if (!scimUser) return;
                  const database = await getCurrentAdapter(engine.adapter);
                  const user = await database.findOne<Row>({
                    model: "user",
                    where: [{ field: "id", value: String(scimUser.userId) }],
                  });
                  if (user && String(user.email).toLowerCase() === email.toLowerCase()) return;
                  await mayClaim(database, String(scimUser.provisioningDomainId), email.toLowerCase());
                },
              },
            },
          },
        },
      };
    },
    schema: {
      // Which team a SCIM Group stands for (docs/scim.md "Groups are teams").
      scimTeamLink: {
        fields: {
          organizationId: { type: "string", required: true, index: true },
          scimGroupId: { type: "string", required: true, unique: true },
          teamId: { type: "string", required: true, index: true },
          adopted: { type: "boolean", required: true, defaultValue: false },
          createdAt: { type: "date", required: true },
        },
      },
    },
    hooks: {
      before: [
        {
          matcher: (ctx) => (isUserPath(ctx.path) || isGroupPath(ctx.path)) && ctx.method !== "GET",
          handler: createAuthMiddleware(async (ctx) => {
            const id = (ctx.params as Record<string, string> | undefined)?.userId;
            const groupId = (ctx.params as Record<string, string> | undefined)?.groupId;
            const adapter = ctx.context.adapter;
            const state: { scimUser?: Row; scimGroup?: Row } = {};
            if (id) {
              state.scimUser =
                (await adapter.findOne<Row>({ model: "scimUser", where: [{ field: "id", value: id }] })) ?? undefined;
            }
            if (groupId) {
              state.scimGroup =
                (await adapter.findOne<Row>({ model: "scimGroup", where: [{ field: "id", value: groupId }] })) ??
                undefined;
            }
            if (ctx.request) pending.set(ctx.request, state);
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => (isUserPath(ctx.path) || isGroupPath(ctx.path)) && ctx.method !== "GET",
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            if (returned instanceof Error || (returned instanceof Response && returned.status >= 400)) return;
            const before = (ctx.request && pending.get(ctx.request)) || {};
            const headers = ctx.request?.headers ?? ctx.headers;
            const who = {
              ipAddress: headers?.get(CLIENT_IP_HEADER) ?? null,
              userAgent: headers?.get("user-agent")?.slice(0, 512) ?? null,
            };
            const adapter = ctx.context.adapter;
            const body = (returned instanceof Response ? undefined : returned) as Row | undefined;
            if (isUserPath(ctx.path)) {
              const resourceId = body?.id ?? before.scimUser?.id;
              const row =
                (resourceId
                  ? await adapter.findOne<Row>({ model: "scimUser", where: [{ field: "id", value: resourceId }] })
                  : null) ?? before.scimUser;
              if (!row) return;
              const organizationId = String(row.provisioningDomainId);
              const target = { targetType: "user" as const, targetId: String(row.userId), ...who };
              const detail = { scimUserId: row.id, userName: row.userName, externalId: row.externalId ?? null };
              if (ctx.method === "POST") {
                await scimAudit("scim.user_created", organizationId, target, { ...detail, active: row.active });
              } else if (ctx.method === "DELETE") {
                await scimAudit("scim.user_deleted", organizationId, target, detail);
              } else if (before.scimUser?.active === true && row.active === false) {
                await scimAudit("scim.user_deactivated", organizationId, target, detail);
              } else if (before.scimUser?.active === false && row.active === true) {
                await scimAudit("scim.user_reactivated", organizationId, target, detail);
              } else {
                await scimAudit("scim.user_updated", organizationId, target, detail);
              }
              return;
            }
            // Groups: a created or renamed Group has its team at once; a deleted one takes its own team along.
            const groupId = body?.id ?? before.scimGroup?.id;
            if (ctx.method === "DELETE") {
              const group = before.scimGroup;
              if (!group) return;
              const link = await adapter.findOne<Row>({
                model: "scimTeamLink",
                where: [{ field: "scimGroupId", value: group.id }],
              });
              if (!link) return;
              await adapter.delete({ model: "scimTeamLink", where: [{ field: "id", value: link.id }] });
              if (!link.adopted) {
                await adapter.deleteMany({
                  model: "teamMember",
                  where: [{ field: "teamId", value: String(link.teamId) }],
                });
                await adapter.delete({ model: "team", where: [{ field: "id", value: String(link.teamId) }] });
                await scimAudit(
                  "team.deleted",
                  String(group.provisioningDomainId),
                  { targetType: "team", targetId: String(link.teamId), ...who },
                  { name: group.displayName },
                );
              }
              return;
            }
            if (!groupId) return;
            const group = await adapter.findOne<Row>({ model: "scimGroup", where: [{ field: "id", value: groupId }] });
            if (group) await teamOfGroup(adapter, String(group.provisioningDomainId), group);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;

  return [engineScim as unknown as BetterAuthPlugin, companion];
}
