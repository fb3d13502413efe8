import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import type { AuditEventInput } from "../../audit/actions.js";
import type { Actor, auditWriter } from "../../audit/writer.js";
import type { AuthMail, MailUser } from "../../mail/auth-mail.js";
import { type HookContext, TWO_FACTOR_COOKIE } from "./challenge.js";

type Write = ReturnType<typeof auditWriter>;
type User = MailUser & { email: string };
type Json = Record<string, any>;

const VERIFY_METHODS: Record<string, string> = {
  "/two-factor/verify-totp": "totp",
  "/two-factor/verify-otp": "otp",
  "/two-factor/verify-backup-code": "backup_code",
};

/** What a before-hook learned about a request, for its after-hook. */
interface Seen {
  /** The caller's session user (setting up, changing, removing). */
  user?: User;
  impersonatedBy?: string | null;
  /** The user of a sign-in waiting for its second factor (two_factor cookie, no session). */
  pendingUserId?: string;
  /** verify-totp is confirming a new authenticator (the twoFactor row is not verified yet). */
  confirmingTotp?: boolean;
  /** The account was locked before this attempt. */
  wasLocked?: boolean;
}

const ok = (ctx: HookContext) => ctx.context.returned !== undefined && !isAPIError(ctx.context.returned);
const body = (ctx: HookContext) => (ctx.body ?? {}) as Json;

/**
 * Mail and audit events of two-step verification and passkeys (docs/mfa.md "Server rules"), from
 * the HTTP endpoints a user calls, never from database hooks: an admin's reset sends its own mail.
 * Sign-ins finished by a second factor or a passkey are recorded like other sign-ins.
 */
export function mfaEvents(mail: AuthMail, write: Write) {
  const seen = new WeakMap<object, Seen>();

  async function twoFactorRow(ctx: HookContext, userId: string) {
    return ctx.context.adapter.findOne<{ verified?: boolean | null; lockedUntil?: Date | string | null }>({
      model: "twoFactor",
      where: [{ field: "userId", value: userId }],
    });
  }
  const locked = (row: { lockedUntil?: Date | string | null } | null) =>
    Boolean(row?.lockedUntil && new Date(row.lockedUntil).getTime() > Date.now());
  const actorOf = (s: Seen): Actor | null =>
    s.user ? { id: s.user.id, email: s.user.email, impersonatedBy: s.impersonatedBy } : null;
  const onUser = (s: Seen, event: Omit<AuditEventInput, "targetType" | "targetId">): AuditEventInput => ({
    ...event,
    targetType: "user",
    targetId: s.user?.id,
  });

  return {
    id: "tessera-mfa-events",
    hooks: {
      before: [
        {
          matcher: (ctx) => (ctx.path ?? "").startsWith("/two-factor/") || (ctx.path ?? "").startsWith("/passkey/"),
          handler: createAuthMiddleware(async (ctx) => {
            if (!ctx.request) return;
            const s: Seen = {};
            const session = await getSessionFromCtx(ctx).catch(() => null);
            if (session) {
              s.user = session.user as User;
              s.impersonatedBy = (session.session as { impersonatedBy?: string | null }).impersonatedBy;
            } else if (VERIFY_METHODS[ctx.path]) {
              const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
              const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
              const pending =
                typeof identifier === "string" && identifier
                  ? await ctx.context.internalAdapter.findVerificationValue(identifier)
                  : null;
              if (pending) s.pendingUserId = pending.value;
            }
            if (ctx.path === "/two-factor/verify-totp" && s.user) {
              const row = await twoFactorRow(ctx, s.user.id);
              s.confirmingTotp = Boolean(row && row.verified !== true);
            }
            if (s.pendingUserId) s.wasLocked = locked(await twoFactorRow(ctx, s.pendingUserId));
            seen.set(ctx.request, s);
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => Boolean(VERIFY_METHODS[ctx.path ?? ""]),
          handler: createAuthMiddleware(async (ctx) => {
            const s = ctx.request && seen.get(ctx.request);
            if (!s) return;
            const method = VERIFY_METHODS[ctx.path] as string;
            if (s.confirmingTotp && ok(ctx) && s.user) {
              await write(ctx, onUser(s, { action: "two_factor.enabled", detail: { method: "totp" } }), actorOf(s));
              await mail.twoFactorEnabled(s.user, "totp");
              return;
            }
            if (!s.pendingUserId) return;
            const user = await ctx.context.internalAdapter.findUserById(s.pendingUserId).catch(() => null);
            const who = { actorId: s.pendingUserId, actorEmail: user?.email, targetType: "user" as const };
            if (ok(ctx)) {
              const event = { ...who, action: "sign_in.succeeded" as const, targetId: s.pendingUserId };
              await write(ctx, { ...event, detail: { method: "email", secondFactor: method } });
              return;
            }
            const failure = ctx.context.returned;
            if (!isAPIError(failure)) return;
            const code = (failure.body as Json | undefined)?.code ?? failure.status;
            await write(ctx, {
              ...who,
              action: "two_factor.failed",
              targetId: s.pendingUserId,
              detail: { method, code },
            });
            if (!s.wasLocked && locked(await twoFactorRow(ctx, s.pendingUserId))) {
              await write(ctx, { ...who, action: "two_factor.locked", targetId: s.pendingUserId });
            }
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/two-factor/enable",
          handler: createAuthMiddleware(async (ctx) => {
            const s = ctx.request && seen.get(ctx.request);
            if (!s?.user || !ok(ctx) || (ctx.context.returned as Json).method !== "otp") return;
            await write(ctx, onUser(s, { action: "two_factor.enabled", detail: { method: "otp" } }), actorOf(s));
            await mail.twoFactorEnabled(s.user, "otp");
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/two-factor/disable",
          handler: createAuthMiddleware(async (ctx) => {
            const s = ctx.request && seen.get(ctx.request);
            if (!s?.user || !ok(ctx)) return;
            await write(ctx, onUser(s, { action: "two_factor.disabled" }), actorOf(s));
            await mail.twoFactorDisabled(s.user);
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/two-factor/generate-backup-codes",
          handler: createAuthMiddleware(async (ctx) => {
            const s = ctx.request && seen.get(ctx.request);
            if (!s?.user || !ok(ctx)) return;
            await write(ctx, onUser(s, { action: "two_factor.backup_codes_regenerated" }), actorOf(s));
            await mail.backupCodesRegenerated(s.user);
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/passkey/verify-registration",
          handler: createAuthMiddleware(async (ctx) => {
            const s = ctx.request && seen.get(ctx.request);
            if (!s?.user || !ok(ctx)) return;
            const passkey = ctx.context.returned as Json;
            const detail = { passkeyId: passkey.id, name: passkey.name ?? null };
            await write(ctx, onUser(s, { action: "passkey.added", detail }), actorOf(s));
            await mail.passkeyAdded(s.user);
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/passkey/delete-passkey",
          handler: createAuthMiddleware(async (ctx) => {
            const s = ctx.request && seen.get(ctx.request);
            if (!s?.user || !ok(ctx)) return;
            await write(ctx, onUser(s, { action: "passkey.removed", detail: { passkeyId: body(ctx).id } }), actorOf(s));
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/passkey/verify-authentication",
          handler: createAuthMiddleware(async (ctx) => {
            const session = ctx.context.newSession;
            if (session && ok(ctx)) {
              await write(ctx, {
                action: "sign_in.succeeded",
                actorId: session.user.id,
                actorEmail: session.user.email,
                targetType: "user",
                targetId: session.user.id,
                detail: { method: "passkey" },
              });
              return;
            }
            const failure = ctx.context.returned;
            if (!isAPIError(failure)) return;
            const code = (failure.body as Json | undefined)?.code ?? failure.status;
            await write(ctx, { action: "sign_in.failed", detail: { method: "passkey", code } });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
