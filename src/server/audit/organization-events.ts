import { getSessionFromCtx } from "better-auth/api";
import type { AuditEventInput } from "./actions.js";
import { body, type Captures, type EventsOnSuccess, type Json, orgOf, parsed, returned } from "./call-context.js";

/**
 * The audit events of the organization plugin's calls (docs/behaviour.md#audit-log): organizations, invitations,
 * members, custom roles, teams. Table-driven across the resources of src/server/auth/resources/; written by
 * the audit plugin (plugin.ts) after each call that succeeded.
 */
export const ORGANIZATION_EVENTS: EventsOnSuccess = {
  "/organization/create": (ctx) => ({
    action: "organization.created",
    targetType: "organization",
    targetId: returned(ctx).id,
    organizationId: returned(ctx).id,
    detail: { slug: returned(ctx).slug },
  }),
  "/organization/update": (ctx, _actor, before) => {
    const updated: AuditEventInput = {
      action: "organization.updated",
      targetType: "organization",
      targetId: returned(ctx).id,
      organizationId: returned(ctx).id,
      detail: { fields: Object.keys((body(ctx).data as Json) ?? {}) },
    };
    // The two-step policy (docs/mfa.md "Organization policy"): its own event, old and new value.
    const to = returned(ctx).requireMfa === true;
    if (!before || !("requireMfa" in before) || before.requireMfa === to) return updated;
    return [
      updated,
      {
        action: "organization.mfa_policy_changed",
        targetType: "organization",
        targetId: returned(ctx).id,
        organizationId: returned(ctx).id,
        detail: { from: before.requireMfa, to },
      },
    ];
  },
  "/organization/delete": (ctx) => ({
    action: "organization.deleted",
    targetType: "organization",
    targetId: body(ctx).organizationId,
    organizationId: body(ctx).organizationId,
  }),
  "/organization/accept-invitation": (ctx) => {
    const { invitation, member } = returned(ctx) as { invitation: Json; member: Json };
    return [
      {
        action: "invitation.accepted",
        targetType: "invitation",
        targetId: invitation.id,
        organizationId: invitation.organizationId,
      },
      {
        action: "member.added",
        targetType: "user",
        targetId: member.userId,
        organizationId: member.organizationId,
        detail: { role: member.role, via: "invitation" },
      },
    ];
  },
  "/organization/reject-invitation": (ctx) => {
    const invitation = (returned(ctx).invitation ?? {}) as Json;
    return {
      action: "invitation.rejected",
      targetType: "invitation",
      targetId: invitation.id ?? body(ctx).invitationId,
      organizationId: invitation.organizationId,
    };
  },
  "/organization/cancel-invitation": (ctx) => ({
    action: "invitation.canceled",
    targetType: "invitation",
    targetId: returned(ctx).id ?? body(ctx).invitationId,
    organizationId: returned(ctx).organizationId,
  }),
  "/organization/invite-member": (ctx) => ({
    action: "invitation.created",
    targetType: "invitation",
    targetId: returned(ctx).id,
    organizationId: returned(ctx).organizationId,
    detail: { email: returned(ctx).email, role: returned(ctx).role, teamId: returned(ctx).teamId ?? undefined },
  }),
  "/organization/remove-member": (ctx) => {
    const member = (returned(ctx).member ?? {}) as Json;
    return {
      action: "member.removed",
      targetType: "user",
      targetId: member.userId,
      organizationId: member.organizationId,
    };
  },
  "/organization/leave": (ctx, actor) => ({
    action: "member.removed",
    targetType: "user",
    targetId: actor?.id,
    organizationId: body(ctx).organizationId,
    detail: { left: true },
  }),
  "/organization/update-member-role": (ctx) => ({
    action: "member.role_changed",
    targetType: "user",
    targetId: returned(ctx).userId,
    organizationId: returned(ctx).organizationId,
    detail: { role: returned(ctx).role },
  }),
  // Custom roles (docs/roles.md): the name and the permissions the role holds afterwards.
  "/organization/create-role": (ctx) => {
    const role = (returned(ctx).roleData ?? {}) as Json;
    return {
      action: "role.created",
      targetType: "role",
      targetId: role.id,
      organizationId: role.organizationId ?? orgOf(ctx),
      detail: { role: role.role, permissions: role.permission },
    };
  },
  "/organization/update-role": (ctx, _actor, before) => {
    const role = (returned(ctx).roleData ?? {}) as Json;
    const was = before?.role as Json | undefined;
    const renamed = was && was.role !== role.role;
    return {
      action: "role.updated",
      targetType: "role",
      targetId: role.id,
      organizationId: role.organizationId ?? orgOf(ctx),
      detail: {
        role: role.role,
        ...(renamed ? { from: was.role } : {}),
        fields: Object.keys((body(ctx).data as Json) ?? {}),
        permissions: parsed(role.permission),
      },
    };
  },
  "/organization/delete-role": (ctx, _actor, before) => {
    const role = (before?.role ?? {}) as Json;
    return {
      action: "role.deleted",
      targetType: "role",
      targetId: role.id ?? body(ctx).roleId,
      organizationId: role.organizationId ?? orgOf(ctx),
      detail: { role: role.role ?? body(ctx).roleName, permissions: parsed(role.permission) },
    };
  },
  "/organization/create-team": (ctx) => ({
    action: "team.created",
    targetType: "team",
    targetId: returned(ctx).id,
    organizationId: returned(ctx).organizationId,
    detail: { name: returned(ctx).name },
  }),
  "/organization/update-team": (ctx) => ({
    action: "team.updated",
    targetType: "team",
    targetId: returned(ctx).id ?? body(ctx).teamId,
    organizationId: returned(ctx).organizationId,
    detail: { fields: Object.keys((body(ctx).data as Json) ?? {}) },
  }),
  "/organization/remove-team": (ctx) => ({
    action: "team.deleted",
    targetType: "team",
    targetId: body(ctx).teamId,
    organizationId: orgOf(ctx),
  }),
  "/organization/add-team-member": (ctx) => ({
    action: "team.member_added",
    targetType: "user",
    targetId: returned(ctx).userId,
    detail: { teamId: returned(ctx).teamId },
  }),
  "/organization/remove-team-member": (ctx) => ({
    action: "team.member_removed",
    targetType: "user",
    targetId: body(ctx).userId,
    detail: { teamId: body(ctx).teamId },
  }),
};

/** What a change replaced, read before the engine makes it. */
export const ORGANIZATION_CAPTURES: Captures = {
  // A change of the two-step policy is recorded with the value it had.
  "/organization/update": async (ctx) => {
    const data = body(ctx).data as Json | undefined;
    if (!ctx.request || !data || typeof data !== "object" || !("requireMfa" in data)) return;
    const session = await getSessionFromCtx(ctx).catch(() => null);
    const id = body(ctx).organizationId ?? session?.session.activeOrganizationId;
    if (typeof id !== "string") return;
    const organization = await ctx.context.adapter
      .findOne<{ requireMfa?: boolean | null }>({ model: "organization", where: [{ field: "id", value: id }] })
      .catch(() => null);
    if (organization) return { requireMfa: organization.requireMfa === true };
  },
  // A role's name and permissions before it is changed or deleted.
  "/organization/update-role": roleBefore,
  "/organization/delete-role": roleBefore,
};

async function roleBefore(ctx: Parameters<Captures[string]>[0]): Promise<Json | undefined> {
  if (!ctx.request) return;
  const b = body(ctx);
  const session = await getSessionFromCtx(ctx).catch(() => null);
  const organizationId = b.organizationId ?? session?.session.activeOrganizationId;
  const selector =
    typeof b.roleName === "string" && b.roleName
      ? { field: "role", value: b.roleName as string }
      : typeof b.roleId === "string" && b.roleId
        ? { field: "id", value: b.roleId as string }
        : null;
  if (typeof organizationId !== "string" || !selector) return;
  const role = await ctx.context.adapter
    .findOne<Json>({
      model: "organizationRole",
      where: [{ field: "organizationId", value: organizationId }, selector],
    })
    .catch(() => null);
  if (role) return { role };
}
