import { queueAfterTransactionHook } from "@better-auth/core/context";
import type { BetterAuthPlugin, GenericEndpointContext } from "better-auth";
import { createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { CLIENT_IP_HEADER } from "../auth/client-ip.js";
import { takenAddressOwner } from "../auth/taken-address-sign-up.js";
import type { Logger } from "../logger.js";
import type { AuditRowInput, EventRecorder } from "../webhooks/events.js";
import type { AuditAction, AuditEventInput } from "./actions.js";
import { auditSchema } from "./schema.js";

type HookCtx = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
type AnyCtx = HookCtx | GenericEndpointContext;
export type Actor = { id: string; email: string; impersonatedBy?: string | null };
type Json = Record<string, any>;

/**
 * Writes one audit event for a request (actor optional), together with the webhook deliveries it
 * causes, in one transaction (webhooks/events.ts); a failed write is logged, never thrown. Inside one
 * of the engine's transactions it waits for the commit: on SQLite that transaction holds the one
 * connection, and an event of work that is rolled back never happened.
 */
export function auditWriter(logger: Logger, events: EventRecorder) {
  return async function write(ctx: AnyCtx | null, event: AuditEventInput, actor?: Actor | null) {
    if (!ctx) return;
    const headers = ctx.request?.headers ?? ctx.headers;
    const detail = { ...event.detail, ...(actor?.impersonatedBy ? { impersonatedBy: actor.impersonatedBy } : {}) };
    const row: AuditRowInput = {
      action: event.action,
      actorId: event.actorId ?? actor?.id ?? null,
      actorEmail: event.actorEmail ?? actor?.email ?? null,
      targetType: event.targetType ?? null,
      targetId: event.targetId ?? null,
      organizationId: event.organizationId ?? null,
      ipAddress: headers?.get(CLIENT_IP_HEADER) ?? null,
      userAgent: headers?.get("user-agent")?.slice(0, 512) ?? null,
      detail: Object.keys(detail).length ? JSON.stringify(detail) : null,
    };
    await queueAfterTransactionHook(() => events.record(row), {
      onError: (error) => logger.error({ err: error, action: event.action }, "audit event not written"),
    }).catch((error) => logger.error({ err: error, action: event.action }, "audit event not written"));
  };
}

/**
 * Records security-relevant events into `audit_event` through the engine's own hooks,
 * never from the UI. A failed write is logged and never fails the action it records.
 */
export function auditLog(logger: Logger, events: EventRecorder) {
  // Facts a before-hook learns that the after-hook needs (the session before sign-out, say).
  const captured = new WeakMap<object, Json>();
  const pendingUserUpdates = new WeakMap<object, Json>();

  const write = auditWriter(logger, events);

  async function actorOf(ctx: HookCtx): Promise<Actor | null> {
    const session = ctx.context.session ?? (await getSessionFromCtx(ctx).catch(() => null));
    if (!session) return null;
    return {
      id: session.user.id,
      email: session.user.email,
      impersonatedBy: session.session.impersonatedBy as string | null,
    };
  }

  const ok = (ctx: HookCtx) => ctx.context.returned !== undefined && !isAPIError(ctx.context.returned);
  const returned = (ctx: HookCtx) => (ctx.context.returned ?? {}) as Json;
  const body = (ctx: HookCtx) => (ctx.body ?? {}) as Json;
  const parsed = (value: unknown) => {
    if (typeof value !== "string") return value ?? null;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  };
  const orgOf = (ctx: HookCtx): string | null =>
    (body(ctx).organizationId as string | undefined) ??
    ((ctx.context.session?.session as Json | undefined)?.activeOrganizationId as string | undefined) ??
    null;

  /** After-hooks for calls whose success alone says what happened. */
  const onSuccess: Record<string, (ctx: HookCtx, actor: Actor | null) => AuditEventInput | AuditEventInput[] | null> = {
    "/sign-up/email": (ctx) => {
      const user = returned(ctx).user as Json | undefined;
      return user
        ? { action: "user.signed_up", actorId: user.id, actorEmail: user.email, targetType: "user", targetId: user.id }
        : null;
    },
    "/change-password": (_ctx, actor) => ({ action: "password.changed", targetType: "user", targetId: actor?.id }),
    "/revoke-session": (_ctx, actor) => ({
      action: "session.revoked",
      targetType: "user",
      targetId: actor?.id,
      detail: { scope: "one" },
    }),
    "/revoke-sessions": (_ctx, actor) => ({
      action: "session.revoked",
      targetType: "user",
      targetId: actor?.id,
      detail: { scope: "all" },
    }),
    "/revoke-other-sessions": (_ctx, actor) => ({
      action: "session.revoked",
      targetType: "user",
      targetId: actor?.id,
      detail: { scope: "others" },
    }),
    "/organization/create": (ctx) => ({
      action: "organization.created",
      targetType: "organization",
      targetId: returned(ctx).id,
      organizationId: returned(ctx).id,
      detail: { slug: returned(ctx).slug },
    }),
    "/organization/update": (ctx) => {
      const updated: AuditEventInput = {
        action: "organization.updated",
        targetType: "organization",
        targetId: returned(ctx).id,
        organizationId: returned(ctx).id,
        detail: { fields: Object.keys((body(ctx).data as Json) ?? {}) },
      };
      // The two-step policy (docs/mfa.md "Organization policy"): its own event, old and new value.
      const before = ctx.request && captured.get(ctx.request);
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
    "/organization/update-role": (ctx) => {
      const role = (returned(ctx).roleData ?? {}) as Json;
      const before = (ctx.request && captured.get(ctx.request)?.role) as Json | undefined;
      const renamed = before && before.role !== role.role;
      return {
        action: "role.updated",
        targetType: "role",
        targetId: role.id,
        organizationId: role.organizationId ?? orgOf(ctx),
        detail: {
          role: role.role,
          ...(renamed ? { from: before.role } : {}),
          fields: Object.keys((body(ctx).data as Json) ?? {}),
          permissions: parsed(role.permission),
        },
      };
    },
    "/organization/delete-role": (ctx) => {
      const role = ((ctx.request && captured.get(ctx.request)?.role) ?? {}) as Json;
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
    "/admin/set-role": (ctx) => ({
      action: "admin.role_set",
      targetType: "user",
      targetId: body(ctx).userId,
      detail: { role: body(ctx).role },
    }),
    "/admin/ban-user": (ctx) => ({
      action: "admin.user_banned",
      targetType: "user",
      targetId: body(ctx).userId,
      detail: { reason: body(ctx).banReason, expiresIn: body(ctx).banExpiresIn },
    }),
    "/admin/unban-user": (ctx) => ({ action: "admin.user_unbanned", targetType: "user", targetId: body(ctx).userId }),
    "/admin/impersonate-user": (ctx) => ({
      action: "admin.impersonation_started",
      targetType: "user",
      targetId: body(ctx).userId,
    }),
    "/admin/set-user-password": (ctx) => ({
      action: "admin.password_set",
      targetType: "user",
      targetId: body(ctx).userId,
    }),
    "/admin/create-user": (ctx) => ({
      action: "admin.user_created",
      targetType: "user",
      targetId: (returned(ctx).user as Json | undefined)?.id,
      detail: { role: body(ctx).role },
    }),
    "/admin/remove-user": (ctx) => ({ action: "admin.user_removed", targetType: "user", targetId: body(ctx).userId }),
    // What was removed (auth/admin-mfa-reset.ts): the two-step method and how many passkeys.
    "/admin/reset-user-mfa": (ctx) => ({
      action: "admin.mfa_reset",
      targetType: "user",
      targetId: body(ctx).userId,
      detail: returned(ctx).removed as Json | undefined,
    }),
    "/admin/revoke-user-session": () => ({
      action: "session.revoked",
      targetType: "session",
      detail: { scope: "one", by: "admin" },
    }),
    "/admin/revoke-user-sessions": (ctx) => ({
      action: "session.revoked",
      targetType: "user",
      targetId: body(ctx).userId,
      detail: { scope: "all", by: "admin" },
    }),
  };

  async function teamOrganization(ctx: HookCtx, teamId: string): Promise<string | null> {
    const team = await ctx.context.adapter
      .findOne<{ organizationId: string }>({ model: "team", where: [{ field: "id", value: teamId }] })
      .catch(() => null);
    return team?.organizationId ?? null;
  }

  // OIDC_PROVIDERS (generic OAuth) return through /callback/:id too in 1.7 (no /oauth2/callback/:providerId).
  const SIGN_IN_CALLBACKS = new Set(["/callback/:id"]);

  return {
    id: "tessera-audit",
    schema: auditSchema,
    init() {
      return {
        options: {
          databaseHooks: {
            user: {
              update: {
                async before(data, ctx) {
                  if (ctx && ("email" in data || data.emailVerified === true)) pendingUserUpdates.set(ctx, { ...data });
                },
                async after(user, ctx) {
                  const pending = ctx && pendingUserUpdates.get(ctx);
                  if (!ctx || !pending) return;
                  pendingUserUpdates.delete(ctx);
                  const action: AuditAction = pending.email !== undefined ? "email.changed" : "email.verified";
                  await write(ctx, {
                    action,
                    actorId: user.id,
                    actorEmail: user.email,
                    targetType: "user",
                    targetId: user.id,
                  });
                },
              },
              delete: {
                async after(user, ctx) {
                  if (ctx?.path === "/admin/remove-user") return; // recorded as admin.user_removed
                  await write(ctx, {
                    action: "user.deleted",
                    actorId: user.id,
                    actorEmail: user.email,
                    targetType: "user",
                    targetId: user.id,
                  });
                },
              },
            },
            account: {
              create: {
                async after(account, ctx) {
                  if (account.providerId === "credential") return;
                  await write(ctx, {
                    action: "account.linked",
                    actorId: account.userId,
                    targetType: "account",
                    targetId: account.id,
                    detail: { providerId: account.providerId },
                  });
                },
              },
              delete: {
                async after(account, ctx) {
                  if (ctx?.path !== "/unlink-account") return;
                  await write(ctx, {
                    action: "account.unlinked",
                    actorId: account.userId,
                    targetType: "account",
                    targetId: account.id,
                    detail: { providerId: account.providerId },
                  });
                },
              },
            },
          },
        },
      };
    },
    hooks: {
      before: [
        {
          // After these the session is gone; remember who it was.
          matcher: (ctx) => ctx.path === "/sign-out" || ctx.path === "/admin/stop-impersonating",
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx).catch(() => null);
            if (session && ctx.request) captured.set(ctx.request, { session });
          }),
        },
        {
          // A change of the two-step policy is recorded with the value it had.
          matcher: (ctx) => ctx.path === "/organization/update",
          handler: createAuthMiddleware(async (ctx) => {
            const data = body(ctx).data as Json | undefined;
            if (!ctx.request || !data || typeof data !== "object" || !("requireMfa" in data)) return;
            const session = await getSessionFromCtx(ctx).catch(() => null);
            const id = body(ctx).organizationId ?? session?.session.activeOrganizationId;
            if (typeof id !== "string") return;
            const organization = await ctx.context.adapter
              .findOne<{ requireMfa?: boolean | null }>({ model: "organization", where: [{ field: "id", value: id }] })
              .catch(() => null);
            if (organization) captured.set(ctx.request, { requireMfa: organization.requireMfa === true });
          }),
        },
        {
          // A role's name and permissions before it is changed or deleted.
          matcher: (ctx) => ctx.path === "/organization/update-role" || ctx.path === "/organization/delete-role",
          handler: createAuthMiddleware(async (ctx) => {
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
            if (role) captured.set(ctx.request, { role });
          }),
        },
        {
          // The reset token is deleted by the reset; learn whose it is first.
          matcher: (ctx) => ctx.path === "/reset-password",
          handler: createAuthMiddleware(async (ctx) => {
            const token = body(ctx).token ?? (ctx.query as Json | undefined)?.token;
            if (typeof token !== "string" || !ctx.request) return;
            const row = await ctx.context.internalAdapter
              .findVerificationValue(`reset-password:${token}`)
              .catch(() => null);
            if (row) captured.set(ctx.request, { userId: row.value });
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) =>
            ctx.path === "/sign-in/email" || ctx.path === "/sign-in/social" || SIGN_IN_CALLBACKS.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const session = ctx.context.newSession;
            const method =
              ctx.path === "/sign-in/email"
                ? "email"
                : ((ctx.params as Json)?.id ?? (ctx.params as Json)?.providerId ?? body(ctx).provider);
            if (session) {
              await write(ctx, {
                action: "sign_in.succeeded",
                actorId: session.user.id,
                actorEmail: session.user.email,
                targetType: "user",
                targetId: session.user.id,
                detail: { method },
              });
              return;
            }
            const failure = ctx.context.returned;
            if (!isAPIError(failure)) return;
            // A redirect is the start of a social sign-in, not a failure, unless it carries an error.
            const location = new Headers(failure.headers).get("location");
            const redirectError = location ? new URL(location, ctx.context.baseURL).searchParams.get("error") : null;
            if (failure.statusCode < 400 && !redirectError) return;
            const email = typeof body(ctx).email === "string" ? (body(ctx).email as string).toLowerCase() : undefined;
            const known = email ? await ctx.context.internalAdapter.findUserByEmail(email).catch(() => null) : null;
            await write(ctx, {
              action: "sign_in.failed",
              actorEmail: email,
              targetType: known ? "user" : null,
              targetId: known?.user.id,
              detail: { method, code: redirectError ?? (failure.body as Json | undefined)?.code ?? failure.status },
            });
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/reset-password",
          handler: createAuthMiddleware(async (ctx) => {
            const userId = ctx.request && (captured.get(ctx.request)?.userId as string | undefined);
            if (!ok(ctx) || !userId) return;
            await write(ctx, { action: "password.reset", actorId: userId, targetType: "user", targetId: userId });
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/sign-out" || ctx.path === "/admin/stop-impersonating",
          handler: createAuthMiddleware(async (ctx) => {
            const before = ctx.request && captured.get(ctx.request);
            if (!ok(ctx) || !before) return;
            const { session } = before as { session: { user: Json; session: Json } };
            if (ctx.path === "/sign-out") {
              await write(
                ctx,
                { action: "sign_out", targetType: "user", targetId: session.user.id },
                { id: session.user.id, email: session.user.email, impersonatedBy: session.session.impersonatedBy },
              );
              return;
            }
            const adminId = session.session.impersonatedBy as string | undefined;
            await write(ctx, {
              action: "admin.impersonation_stopped",
              actorId: adminId,
              targetType: "user",
              targetId: session.user.id,
            });
          }),
        },
        {
          matcher: (ctx) => Object.hasOwn(onSuccess, ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            if (!ok(ctx)) return;
            const actor = await actorOf(ctx);
            // A taken address got the answer of a new one (taken-address-sign-up.ts): no account was made.
            const owner = ctx.path === "/sign-up/email" ? await takenAddressOwner() : null;
            const events: AuditEventInput[] = owner
              ? [{ action: "user.sign_up_attempted", targetType: "user", targetId: owner }]
              : [onSuccess[ctx.path]?.(ctx, actor) ?? []].flat();
            for (const event of events) {
              const teamId = event.detail?.teamId;
              if (!event.organizationId && typeof teamId === "string")
                event.organizationId = await teamOrganization(ctx, teamId);
              await write(ctx, event, actor);
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
