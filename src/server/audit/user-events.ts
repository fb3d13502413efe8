import { tryGetCurrentAuthEndpointContext } from "@better-auth/core/context";
import type { BetterAuthOptions } from "better-auth";
import { getSessionFromCtx, isAPIError } from "better-auth/api";
import { takenAddressOwner } from "../auth/taken-address-sign-up.js";
import type { AuditAction } from "./actions.js";
import { body, type Captures, type EventsOnSuccess, type Json, type OwnWrites, ok, returned } from "./call-context.js";
import type { AuditWrite } from "./writer.js";

/**
 * The audit events of the user's and the session's calls (docs/behaviour.md#audit-log), wired per call by
 * src/server/auth/resources/user.ts and session.ts: sign-up, sign-in, sign-out, password changed and reset,
 * sessions revoked, e-mail changed or verified, accounts linked or unlinked, the account deleted.
 */
export const USER_EVENTS: EventsOnSuccess = {
  "/sign-up/email": async (ctx) => {
    // A taken address got the answer of a new one (taken-address-sign-up.ts): no account was made.
    const owner = await takenAddressOwner();
    if (owner) return { action: "user.sign_up_attempted", targetType: "user", targetId: owner };
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
};

/** After sign-out the session is gone; remember who it was. */
export const USER_CAPTURES: Captures = {
  "/sign-out": sessionBefore,
};

/** A session's user and session, read before the engine ends it (sign-out, stop-impersonating). */
export async function sessionBefore(ctx: Parameters<Captures[string]>[0]): Promise<Json | undefined> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (session) return { session };
}

const signIn: OwnWrites[string] = async (ctx, write) => {
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
};

/** Calls that write their own events: a sign-in that failed too, a sign-out as the session it ended. */
export const USER_OWN_WRITES: OwnWrites = {
  "/sign-in/email": signIn,
  "/sign-in/social": signIn,
  // OIDC_PROVIDERS (generic OAuth) return through /callback/:id too in 1.7 (no /oauth2/callback/:providerId).
  "/callback/:id": signIn,
  "/sign-out": async (ctx, write, before) => {
    if (!ok(ctx) || !before) return;
    const { session } = before as { session: { user: Json; session: Json } };
    await write(
      ctx,
      { action: "sign_out", targetType: "user", targetId: session.user.id },
      { id: session.user.id, email: session.user.email, impersonatedBy: session.session.impersonatedBy },
    );
  },
};

/**
 * Changes the engine makes on several paths, recorded where the row changes (database hooks): an address
 * changed or verified, a social account linked or unlinked.
 */
export function userDatabaseHooks(write: AuditWrite): NonNullable<BetterAuthOptions["databaseHooks"]> {
  const pendingUserUpdates = new WeakMap<object, Json>();
  return {
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
          // Only unlinking: a deleted or removed user's accounts go too. (The engine has no unlink callback.)
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
  };
}

/**
 * Audit events the engine reports through typed callbacks, not hooks (wired by src/server/auth/resources/user.ts):
 * a password reset (emailAndPassword.onPasswordReset) and the deletion of one's own account
 * (user.deleteUser.afterDelete; an admin's removal is admin.user_removed). Both run inside the engine's call.
 */
export function auditCallbacks(write: AuditWrite) {
  return {
    async passwordReset(user: { id: string }) {
      await write(tryGetCurrentAuthEndpointContext(), {
        action: "password.reset",
        actorId: user.id,
        targetType: "user",
        targetId: user.id,
      });
    },
    async userDeleted(user: { id: string; email: string }) {
      await write(tryGetCurrentAuthEndpointContext(), {
        action: "user.deleted",
        actorId: user.id,
        actorEmail: user.email,
        targetType: "user",
        targetId: user.id,
      });
    },
  };
}
