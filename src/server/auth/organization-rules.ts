import { getCurrentAuthEndpointContext } from "@better-auth/core/context";
import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware, isAPIError } from "better-auth/api";
import { apiError } from "../errors.js";

/**
 * docs/behaviour.md#organizations-1 organization rules better-auth 1.7 leaves out; each rule names what it serves.
 * The typed ones are the organization plugin's organizationHooks; the rest match paths where the engine has
 * no typed hook. src/server/auth/resources/ wires each to its resource.
 */

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
type HookEntry = NonNullable<NonNullable<BetterAuthPlugin["hooks"]>["after"]>[number];

// Endpoints that answer with organization rows straight from the table, metadata still JSON text.
const ORGANIZATION_READS = new Set([
  "/organization/list",
  "/organization/get-full-organization",
  "/organization/get-organization",
  "/organization/set-active",
  "/organization/delete",
]);

/** docs/behaviour.md#data: organization metadata is a record (stored as JSON text, answered as an object). */
function withMetadataRecord<T>(organization: T): T {
  if (!organization || typeof organization !== "object") return organization;
  const metadata = (organization as { metadata?: unknown }).metadata;
  if (typeof metadata !== "string") return organization;
  try {
    return { ...organization, metadata: JSON.parse(metadata) };
  } catch {
    return organization;
  }
}

/**
 * docs/behaviour.md#organizations-1: clears the active organization (and its team) on every session of these users
 * that had it active; the engine clears only the caller's own session.
 */
async function clearActiveOrganization(
  ctx: { context: HookContext["context"] },
  userIds: string[],
  organizationId: string,
) {
  const { internalAdapter } = ctx.context;
  for (const userId of new Set(userIds)) {
    const sessions = await internalAdapter.listSessions(userId);
    for (const s of sessions as { token: string; activeOrganizationId?: string | null }[]) {
      if (s.activeOrganizationId === organizationId) {
        await internalAdapter.updateSession(s.token, { activeOrganizationId: null, activeTeamId: null });
      }
    }
  }
}

/**
 * The organization plugin's beforeDeleteOrganization hook: runs after the engine's checks,
 * while the members still exist, so their sessions can let go of the organization.
 */
export async function beforeDeleteOrganization(
  data: { organization: { id: string } },
  ctx?: { context: HookContext["context"] },
) {
  if (!ctx) return;
  const members = await ctx.context.adapter.findMany<{ userId: string }>({
    model: "member",
    where: [{ field: "organizationId", value: data.organization.id }],
  });
  await clearActiveOrganization(
    ctx,
    members.map((m) => m.userId),
    data.organization.id,
  );
  // Its verified domain goes with it (docs/sso.md), so the domain is free for another organization.
  await ctx.context.adapter.deleteMany({
    model: "ssoProvider",
    where: [{ field: "organizationId", value: data.organization.id }],
  });
}

function returnedValue(ctx: HookContext): unknown {
  const returned = ctx.context.returned;
  return !returned || isAPIError(returned) || returned instanceof Response ? undefined : returned;
}

/**
 * organizationHooks.beforeDeleteTeam, docs/behaviour.md#teams: a member cannot delete a team they belong to (the
 * engine only protects the active team). Runs after the engine's permission and last-team checks.
 */
export async function refuseOwnTeam({ team, user }: { team: { id: string }; user?: { id: string } }) {
  if (!user) return; // a server call without a session
  const { adapter } = getCurrentAuthEndpointContext().context;
  const own = await adapter.findOne({
    model: "teamMember",
    where: [
      { field: "teamId", value: team.id },
      { field: "userId", value: user.id },
    ],
  });
  if (own) throw apiError("YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM");
}

/**
 * organizationHooks.beforeCancelInvitation, docs/behaviour.md#invitations: only a pending invitation can be canceled
 * (the engine cancels any); an expired one still can, it only tidies the list. Runs after the engine's permission check.
 */
export async function refuseSettledCancel({ invitation }: { invitation: { status: string } }) {
  if (invitation.status !== "pending") throw apiError("INVITATION_NOT_FOUND");
}

/**
 * docs/behaviour.md#invitations: only a pending, unexpired invitation can be rejected (the engine skips the expiry
 * check). A path matcher, not beforeRejectInvitation: the engine's own pending check runs before that hook and
 * answers "Invitation not found!", not the behaviour's message.
 */
export const refuseSettledReject: HookEntry = {
  matcher: (ctx) => ctx.path === "/organization/reject-invitation",
  handler: createAuthMiddleware(async (ctx) => {
    const id = (ctx.body as { invitationId?: unknown } | undefined)?.invitationId;
    if (typeof id !== "string") return; // the engine's body validation answers
    const invitation = await ctx.context.adapter.findOne<{ status: string; expiresAt: Date | string }>({
      model: "invitation",
      where: [{ field: "id", value: id }],
    });
    if (invitation?.status !== "pending" || new Date(invitation.expiresAt).getTime() < Date.now()) {
      throw apiError("INVITATION_NOT_FOUND");
    }
  }),
};

/** organizationHooks.afterRemoveMember, docs/behaviour.md#organizations-1: a removed member's sessions let go of the organization. */
export async function clearRemovedMember({ member }: { member: { userId: string; organizationId: string } }) {
  await clearActiveOrganization(getCurrentAuthEndpointContext(), [member.userId], member.organizationId);
}

/** After /organization/leave (which calls no typed hook in 1.7): leaving clears the organization on all of that user's sessions. */
export const clearOnLeave: HookEntry = {
  matcher: (ctx) => ctx.path === "/organization/leave",
  handler: createAuthMiddleware(async (ctx) => {
    const member = returnedValue(ctx) as { userId?: string; organizationId?: string } | undefined;
    if (typeof member?.userId !== "string" || typeof member.organizationId !== "string") return;
    await clearActiveOrganization(ctx, [member.userId], member.organizationId);
  }),
};

/** The invitee sees who invited them by name, not only by address (issue 22 item 12); no typed hook answers reads. */
export const inviterNames: HookEntry = {
  matcher: (ctx) => ctx.path === "/organization/get-invitation" || ctx.path === "/organization/list-user-invitations",
  handler: createAuthMiddleware(async (ctx) => {
    const value = ctx.context.returned;
    if (!value || isAPIError(value) || value instanceof Response || typeof value !== "object") return;
    const invitations = (Array.isArray(value) ? value : [value]) as { inviterId?: unknown }[];
    const ids = [...new Set(invitations.map((i) => i.inviterId).filter((id) => typeof id === "string"))];
    if (ids.length === 0) return;
    const inviters = await ctx.context.adapter.findMany<{ id: string; name: string }>({
      model: "user",
      where: [{ field: "id", operator: "in", value: ids as string[] }],
    });
    const names = new Map(inviters.map((u) => [u.id, u.name]));
    const named = invitations.map((i) => ({ ...i, inviterName: names.get(i.inviterId as string) ?? null }));
    return ctx.json((Array.isArray(value) ? named : named[0]) as Record<string, any>);
  }),
};

/** Organization rows answered by these reads carry metadata as a record (no typed hook answers reads). */
export const metadataRecords: HookEntry = {
  matcher: (ctx) => ORGANIZATION_READS.has(ctx.path ?? ""),
  handler: createAuthMiddleware(async (ctx) => {
    const value = returnedValue(ctx);
    if (!value || typeof value !== "object") return;
    return ctx.json(Array.isArray(value) ? value.map(withMetadataRecord) : withMetadataRecord(value));
  }),
};

// The engine answers an unknown role with "ROLE_NOT_FOUND: boss"; say it in words (a refusal: no typed hook sees it).
const roleNotFoundHandler = createAuthMiddleware(async (ctx) => {
  const returned = ctx.context.returned;
  if (!isAPIError(returned)) return;
  const match = /^ROLE_NOT_FOUND: (.*)$/.exec(returned.body?.message ?? "");
  if (match) throw apiError("ROLE_NOT_FOUND", "named", match[1] as string);
});

/** invite-member's unknown role, in words. */
export const inviteRoleNotFound: HookEntry = {
  matcher: (ctx) => ctx.path === "/organization/invite-member",
  handler: roleNotFoundHandler,
};

/** update-member-role's unknown role, in words. */
export const memberRoleNotFound: HookEntry = {
  matcher: (ctx) => ctx.path === "/organization/update-member-role",
  handler: roleNotFoundHandler,
};
