import { createHmac } from "node:crypto";
import { getCurrentAdapter, queueAfterTransactionHook } from "@better-auth/core/context";
import { type SCIMOptions, scim } from "@better-auth/scim";
import type { AuthContext, BetterAuthPlugin, DBAdapter, DBTransactionAdapter } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import type { AuditAction } from "../audit/actions.js";
import { CLIENT_IP_HEADER } from "../auth/client-ip.js";
import type { Logger } from "../logger.js";
import { domainOfAddress, verifiedDomainsOf } from "../sso/domains.js";
import type { AuditRowInput, EventRecorder } from "../webhooks/events.js";

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
 */

const SCIM_ERROR_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:Error";

/** Where an IdP sends its SCIM requests, below the site's base URL. */
export const SCIM_BASE_PATH = "/api/auth/scim/v2";

/** A SCIM error body (RFC 7644 §3.12), thrown from Tessera's callbacks so the plugin passes it on as is. */
export function scimError(status: 400 | 403 | 404 | 409, detail: string, scimType?: string): APIError {
  const name = ({ 400: "BAD_REQUEST", 403: "FORBIDDEN", 404: "NOT_FOUND", 409: "CONFLICT" } as const)[status];
  const error = new APIError(name, {
    schemas: [SCIM_ERROR_SCHEMA],
    status: String(status),
    detail,
    ...(scimType ? { scimType } : {}),
  });
  error.message = detail;
  return error;
}

/** The HMAC key of SCIM tokens, derived from the server secret (never stored, never the secret itself). */
export function credentialHashSecret(secret: string): string {
  return createHmac("sha256", secret).update("tessera/scim/credential-digest").digest("hex");
}

type Row = { id: string } & Record<string, unknown>;
type Database = DBTransactionAdapter | DBAdapter;
const hasRole = (roles: unknown, role: string) =>
  typeof roles === "string" && roles.split(",").some((r) => r.trim() === role);

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

  /** Written after the SCIM transaction commits (as the audit log does elsewhere); never fails the request. */
  function audit(row: Omit<AuditRowInput, "ipAddress" | "userAgent"> & Partial<AuditRowInput>) {
    const full: AuditRowInput = { ipAddress: null, userAgent: null, ...row };
    const write = () => events.record(full);
    return queueAfterTransactionHook(write, {
      onError: (error) => logger.error({ err: error, action: row.action }, "audit event not written"),
    }).catch((error) => logger.error({ err: error, action: row.action }, "audit event not written"));
  }
  const scimAudit = (action: AuditAction, organizationId: string, fields: Partial<AuditRowInput>, detail: object) =>
    audit({
      action,
      actorId: null,
      actorEmail: null,
      targetType: null,
      targetId: null,
      organizationId,
      ...fields,
      detail: JSON.stringify({ via: "scim", ...detail }),
    });

  /** The team a SCIM Group stands for in its organization: linked, adopted by name, or created. */
  async function teamOfGroup(database: Database, organizationId: string, group: Row): Promise<string> {
    const link = await database.findOne<Row>({
      model: "scimTeamLink",
      where: [{ field: "scimGroupId", value: group.id }],
    });
    const name = String(group.displayName);
    const teams = await database.findMany<Row>({
      model: "team",
      where: [{ field: "organizationId", value: organizationId }],
    });
    const sameName = (t: Row) => String(t.name).trim().toLowerCase() === name.trim().toLowerCase();
    const linked = link ? teams.find((t) => t.id === link.teamId) : undefined;
    if (linked) {
      // A renamed Group renames its team, unless another team of the organization has that name.
      if (linked.name !== name && !teams.some((t) => t.id !== linked.id && sameName(t))) {
        await database.update({
          model: "team",
          where: [{ field: "id", value: linked.id }],
          update: { name, updatedAt: new Date() },
        });
        await scimAudit("team.updated", organizationId, { targetType: "team", targetId: linked.id }, { name });
      }
      return linked.id;
    }
    if (link) await database.delete({ model: "scimTeamLink", where: [{ field: "id", value: link.id }] });
    // A team of that name that no other Group stands for is adopted; otherwise a new one is made.
    const takenIds = new Set(
      (
        await database.findMany<Row>({
          model: "scimTeamLink",
          where: [{ field: "organizationId", value: organizationId }],
        })
      ).map((l) => l.teamId),
    );
    const adoptable = teams.find((t) => sameName(t) && !takenIds.has(t.id));
    let teamId: string;
    if (adoptable) {
      teamId = adoptable.id;
    } else {
      const now = new Date();
      const unique = teams.some(sameName) ? `${name} (SCIM)` : name;
      const team = await database.create<Record<string, unknown>, Row>({
        model: "team",
        data: { name: unique, organizationId, createdAt: now, updatedAt: now },
      });
      teamId = team.id;
      await scimAudit("team.created", organizationId, { targetType: "team", targetId: teamId }, { name: unique });
    }
    await database.create({
      model: "scimTeamLink",
      data: {
        organizationId,
        scimGroupId: group.id,
        teamId,
        adopted: Boolean(adoptable),
        createdAt: new Date(),
      },
    });
    return teamId;
  }

  /**
   * A new account, or a managed account's new address, only in one of the organization's verified
   * domains: an IdP speaks for the addresses its organization proved by DNS, never for anyone else's
   * (docs/scim.md "Which accounts"). Otherwise an organization could make, then later re-address and
   * take back, an account someone else's address owns.
   */
  async function mayClaim(database: Pick<Database, "findMany">, organizationId: string, email: string) {
    const domain = domainOfAddress(email);
    if (domain && (await verifiedDomainsOf(database, organizationId)).includes(domain)) return;
    throw scimError(
      403,
      "The e-mail address is not in a verified domain of this organization: verify the domain, or invite the person first",
    );
  }

  async function endSessionsIn(database: Database, organizationId: string, userId: string) {
    const sessions = await database.findMany<Row>({
      model: "session",
      where: [
        { field: "userId", value: userId },
        { field: "activeOrganizationId", value: organizationId },
      ],
    });
    const tokens = sessions.map((s) => String(s.token));
    // Through the engine, so Redis copies go too (sessions live there and in the database).
    if (tokens.length) await engine?.internalAdapter.deleteSessions(tokens);
    return tokens.length;
  }

  const options: SCIMOptions = {
    connections: [],
    managedConnections: { credentialHashSecret: credentialHashSecret(secret), maxActiveCredentials: 2 },
    compatibility: { microsoftEntra: { acceptLegacyGroupSchema: true } },
    identity: {
      async resolveUser({ provisioningDomainId, resource }, { database }) {
        const email = resource.primaryEmail.toLowerCase();
        const user = await database.findOne<Row>({ model: "user", where: [{ field: "email", value: email }] });
        if (!user) {
          await mayClaim(database, provisioningDomainId, email);
          return { action: "create" };
        }
        const member = await database.findOne<Row>({
          model: "member",
          where: [
            { field: "organizationId", value: provisioningDomainId },
            { field: "userId", value: user.id },
          ],
        });
        // An account is never claimed by an IdP it has not joined: it is invited first (docs/scim.md).
        if (!member) {
          throw scimError(
            409,
            "An account with this e-mail address exists and is not a member of this organization; invite it first",
            "uniqueness",
          );
        }
        if (hasRole(member.role, "owner")) {
          throw scimError(409, "An owner of the organization is not managed by SCIM", "uniqueness");
        }
        // A member's own profile stays theirs: SCIM manages the membership, not the account.
        return { action: "link", userId: user.id, profile: "preserve" };
      },
    },
    projection: {
      async reconcileUser({ provisioningDomainId: organizationId, userId, active, sources }, { database }) {
        const organization = await database.findOne<Row>({
          model: "organization",
          where: [{ field: "id", value: organizationId }],
        });
        if (!organization) return;
        const member = await database.findOne<Row>({
          model: "member",
          where: [
            { field: "organizationId", value: organizationId },
            { field: "userId", value: userId },
          ],
        });
        const linkedTeams = await database.findMany<Row>({
          model: "scimTeamLink",
          where: [{ field: "organizationId", value: organizationId }],
        });
        const linkedTeamIds = linkedTeams.map((l) => String(l.teamId));
        const seats = linkedTeamIds.length
          ? await database.findMany<Row>({
              model: "teamMember",
              where: [
                { field: "userId", value: userId },
                { field: "teamId", value: linkedTeamIds, operator: "in" },
              ],
            })
          : [];

        if (!active) {
          for (const seat of seats) {
            await database.delete({ model: "teamMember", where: [{ field: "id", value: seat.id }] });
            await scimAudit(
              "team.member_removed",
              organizationId,
              { targetType: "user", targetId: userId },
              { teamId: seat.teamId },
            );
          }
          if (member && !hasRole(member.role, "owner")) {
            await database.delete({ model: "member", where: [{ field: "id", value: member.id }] });
            const ended = await endSessionsIn(database, organizationId, userId);
            await scimAudit(
              "member.removed",
              organizationId,
              { targetType: "user", targetId: userId },
              { role: member.role, sessionsEnded: ended },
            );
          }
          return;
        }

        if (!member) {
          await database.create({
            model: "member",
            data: { organizationId, userId, role: "member", createdAt: new Date() },
          });
          await scimAudit("member.added", organizationId, { targetType: "user", targetId: userId }, { role: "member" });
        }

        // Teams: one per SCIM Group this user is in (through an active source of this organization).
        const activeSourceIds = sources.filter((s) => s.active && s.provisioningDomainId === organizationId);
        const groupIds = activeSourceIds.length
          ? (
              await database.findMany<Row>({
                model: "scimGroupMember",
                where: [{ field: "scimUserId", value: activeSourceIds.map((s) => s.id), operator: "in" }],
              })
            ).map((m) => String(m.groupId))
          : [];
        const groups = groupIds.length
          ? await database.findMany<Row>({
              model: "scimGroup",
              where: [
                { field: "id", value: [...new Set(groupIds)], operator: "in" },
                { field: "provisioningDomainId", value: organizationId },
              ],
            })
          : [];
        const wanted = new Set<string>();
        for (const group of groups) wanted.add(await teamOfGroup(database, organizationId, group));
        const refreshedLinks = await database.findMany<Row>({
          model: "scimTeamLink",
          where: [{ field: "organizationId", value: organizationId }],
        });
        const scimTeamIds = new Set(refreshedLinks.map((l) => String(l.teamId)));
        const currentSeats = scimTeamIds.size
          ? await database.findMany<Row>({
              model: "teamMember",
              where: [
                { field: "userId", value: userId },
                { field: "teamId", value: [...scimTeamIds], operator: "in" },
              ],
            })
          : [];
        const seated = new Set(currentSeats.map((s) => String(s.teamId)));
        for (const seat of currentSeats) {
          if (wanted.has(String(seat.teamId))) continue;
          await database.delete({ model: "teamMember", where: [{ field: "id", value: seat.id }] });
          await scimAudit(
            "team.member_removed",
            organizationId,
            { targetType: "user", targetId: userId },
            { teamId: seat.teamId },
          );
        }
        for (const teamId of wanted) {
          if (seated.has(teamId)) continue;
          if (teamMemberLimit !== undefined) {
            const count = await database.count({ model: "teamMember", where: [{ field: "teamId", value: teamId }] });
            if (count >= teamMemberLimit) throw scimError(409, "The team of this Group is full");
          }
          await database.create({ model: "teamMember", data: { teamId, userId, createdAt: new Date() } });
          await scimAudit("team.member_added", organizationId, { targetType: "user", targetId: userId }, { teamId });
        }
      },
    },
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
