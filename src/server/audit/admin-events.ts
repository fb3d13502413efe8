import { body, type Captures, type EventsOnSuccess, type Json, type OwnWrites, ok, returned } from "./call-context.js";
import { sessionBefore } from "./user-events.js";

/**
 * The audit events of the admin plugin's calls and Tessera's reset-user-mfa (docs/behaviour.md#audit-log),
 * wired per call by src/server/auth/resources/admin.ts.
 */
export const ADMIN_EVENTS: EventsOnSuccess = {
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

/** After stop-impersonating the impersonation session is gone; remember whose it was. */
export const ADMIN_CAPTURES: Captures = {
  "/admin/stop-impersonating": sessionBefore,
};

export const ADMIN_OWN_WRITES: OwnWrites = {
  // By the admin who impersonated, about the user they acted as.
  "/admin/stop-impersonating": async (ctx, write, before) => {
    if (!ok(ctx) || !before) return;
    const { session } = before as { session: { user: Json; session: Json } };
    const adminId = session.session.impersonatedBy as string | undefined;
    await write(ctx, {
      action: "admin.impersonation_stopped",
      actorId: adminId,
      targetType: "user",
      targetId: session.user.id,
    });
  },
};
