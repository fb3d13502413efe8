import { getCurrentAdapter } from "@better-auth/core/context";
import type { AuthContext, BetterAuthPlugin, DBAdapter } from "better-auth";
import { createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import type { Kysely } from "kysely";
import { apiError } from "../errors.js";
import { mfaStatusOf } from "./mfa-status.js";

/**
 * An organization may require two-step verification of its members (`requireMfa`, docs/mfa.md
 * "Organization policy"). A member who does not meet it is refused every call about that
 * organization with one code, so the web app can lead them to set it up; leaving it, listing one's
 * organizations and one's invitations still work. Their two-step status is read from the database
 * on every call, never from a cached session, so turning it off cuts access at once.
 */

/** The organization field the policy is stored in (organization plugin `schema.organization.additionalFields`). */
export const organizationMfaField = {
  requireMfa: { type: "boolean", required: false, defaultValue: false, input: true },
} as const;

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
type Adapter = Pick<DBAdapter<any>, "findOne" | "findMany">;
type Json = Record<string, unknown>;

// Calls that concern no one organization, or that must stay open to a member who is refused:
// leaving, listing their organizations (the web app finds the organization there) and their own
// invitations (accepting one is checked in beforeAcceptInvitation, once the engine knows it is theirs).
const OPEN = new Set([
  "/organization/create",
  "/organization/check-slug",
  "/organization/list",
  "/organization/leave",
  "/organization/list-user-invitations",
  "/organization/get-invitation",
  "/organization/accept-invitation",
  "/organization/reject-invitation",
]);

const strings = (...values: unknown[]): string[] =>
  values.flat().filter((v): v is string => typeof v === "string" && v.length > 0);

async function idsOf(adapter: Adapter, model: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await adapter.findMany<{ organizationId: string }>({
    model,
    where: [{ field: "id", operator: "in", value: ids }],
  });
  return rows.map((r) => r.organizationId);
}

/**
 * The organizations a call names, as the engine's endpoints find theirs: organizationId or
 * organizationSlug (body, query, update-team's data), the organization of a named invitation, team
 * or member, and the session's active organization when no organization is named.
 */
async function organizationsOf(ctx: HookContext, activeOrganizationId: string | null | undefined): Promise<string[]> {
  const body = (ctx.body && typeof ctx.body === "object" ? ctx.body : {}) as Json;
  const query = (ctx.query ?? {}) as Json;
  const data = (body.data && typeof body.data === "object" ? body.data : {}) as Json;
  const { adapter } = ctx.context;
  const ids = strings(body.organizationId, query.organizationId, data.organizationId);
  const slugs = strings(body.organizationSlug, query.organizationSlug);
  const named = ids.length > 0 || slugs.length > 0;
  if (slugs.length) {
    const rows = await adapter.findMany<{ id: string }>({
      model: "organization",
      where: [{ field: "slug", operator: "in", value: slugs }],
    });
    ids.push(...rows.map((r) => r.id));
  }
  ids.push(...(await idsOf(adapter, "invitation", strings(body.invitationId))));
  ids.push(...(await idsOf(adapter, "team", strings(body.teamId, query.teamId))));
  const memberIds = strings(body.memberId, body.memberIdOrEmail).filter((v) => !v.includes("@"));
  ids.push(...(await idsOf(adapter, "member", memberIds)));
  // set-active with organizationId null lets go of the active organization: always allowed.
  const unsetting = ctx.path === "/organization/set-active" && body.organizationId === null;
  if (!named && !unsetting && activeOrganizationId) ids.push(activeOrganizationId);
  return [...new Set(ids)];
}

/** Whether any of these organizations requires two-step verification. */
async function anyRequires(adapter: Adapter, organizationIds: string[]): Promise<boolean> {
  if (organizationIds.length === 0) return false;
  const rows = await adapter.findMany<{ requireMfa?: boolean | null }>({
    model: "organization",
    where: [{ field: "id", operator: "in", value: organizationIds }],
  });
  return rows.some((r) => r.requireMfa === true);
}

/**
 * Whether the user meets the policy (meetsMfaPolicy: two-step verification on), read from the user
 * row now, through the given adapter (inside the engine's transaction, its own: on SQLite another
 * connection would wait for that transaction to end).
 */
async function meetsPolicy(adapter: Adapter, userId: string): Promise<boolean> {
  const user = await adapter.findOne<{ twoFactorEnabled?: boolean | null }>({
    model: "user",
    where: [{ field: "id", value: userId }],
  });
  return user?.twoFactorEnabled === true;
}

/**
 * For Tessera's own routes about one organization (team rosters, the audit log): whether this
 * member must be refused with MFA_REQUIRED.
 */
export async function refusedByMfaPolicy(adapter: Adapter, userId: string, organizationId: string): Promise<boolean> {
  return (await anyRequires(adapter, [organizationId])) && !(await meetsPolicy(adapter, userId));
}

/** The engine's plugin and organization hooks that enforce the policy. */
export function organizationMfaPolicy(db: Kysely<any>) {
  const refuse = () => {
    throw apiError("MFA_REQUIRED");
  };
  let context: AuthContext | undefined;
  // The organization hooks run inside the engine's transaction (atomic create and accept).
  const currentAdapter = () => {
    if (!context) throw new Error("organization MFA policy used before the engine started");
    return getCurrentAdapter(context.adapter);
  };

  const plugin = {
    id: "tessera-organization-mfa-policy",
    init(ctx) {
      context = ctx;
    },
    hooks: {
      before: [
        {
          matcher: (ctx) => (ctx.path ?? "").startsWith("/organization/") && !OPEN.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx).catch(() => null);
            if (!session) return; // the engine answers
            const named = await organizationsOf(ctx, session.session.activeOrganizationId as string | null);
            if (named.length === 0) return;
            // Only the organizations the user belongs to: anyone else gets the engine's own refusal,
            // which says nothing about the organization's policy.
            const memberships = await ctx.context.adapter.findMany<{ organizationId: string }>({
              model: "member",
              where: [
                { field: "userId", value: session.user.id },
                { field: "organizationId", operator: "in", value: named },
              ],
            });
            const own = memberships.map((m) => m.organizationId);
            if (
              (await anyRequires(ctx.context.adapter, own)) &&
              !(await meetsPolicy(ctx.context.adapter, session.user.id))
            )
              refuse();
          }),
        },
      ],
      after: [
        {
          // The invitation page says up front that accepting needs two-step verification.
          matcher: (ctx) => ctx.path === "/organization/get-invitation",
          handler: createAuthMiddleware(async (ctx) => {
            const value = ctx.context.returned;
            if (!value || isAPIError(value) || value instanceof Response || typeof value !== "object") return;
            const organizationId = (value as { organizationId?: unknown }).organizationId;
            if (typeof organizationId !== "string") return;
            const requires = await anyRequires(ctx.context.adapter, [organizationId]);
            return ctx.json({ ...(value as Json), organizationRequiresMfa: requires });
          }),
        },
        {
          // The member list shows each member's second factors (the web app's member table).
          matcher: (ctx) =>
            ctx.path === "/organization/list-members" || ctx.path === "/organization/get-full-organization",
          handler: createAuthMiddleware(async (ctx) => {
            const value = ctx.context.returned;
            if (!value || isAPIError(value) || value instanceof Response || typeof value !== "object") return;
            const members = (value as { members?: { userId: string }[] }).members;
            if (!Array.isArray(members) || members.length === 0) return;
            const status = await mfaStatusOf(
              db,
              members.map((m) => m.userId),
            );
            const withMfa = members.map((m) => ({
              ...m,
              mfa: status.get(m.userId) ?? { twoFactor: null, passkeys: 0 },
            }));
            return ctx.json({ ...(value as Json), members: withMfa });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;

  return {
    plugin,
    /** organizationHooks.beforeCreateOrganization: requiring MFA from the start needs it oneself. */
    async beforeCreateOrganization(data: { organization: Record<string, unknown>; user: { id: string } }) {
      if (data.organization.requireMfa === true && !(await meetsPolicy(await currentAdapter(), data.user.id))) {
        throw apiError("MFA_POLICY_NEEDS_OWN_MFA");
      }
    },
    /** organizationHooks.beforeUpdateOrganization: after the engine's permission check (organization:update). */
    async beforeUpdateOrganization(data: { organization: Record<string, unknown>; user: { id: string } }) {
      if (data.organization.requireMfa !== undefined && !(await meetsPolicy(await currentAdapter(), data.user.id))) {
        throw apiError("MFA_POLICY_NEEDS_OWN_MFA");
      }
    },
    /** organizationHooks.beforeAcceptInvitation: the engine checked it is the user's own pending invitation. */
    async beforeAcceptInvitation(data: { organization: Record<string, unknown>; user: { id: string } }) {
      if (data.organization.requireMfa === true && !(await meetsPolicy(await currentAdapter(), data.user.id))) refuse();
    },
  };
}
