import { localeOf } from "../../shared/languages.js";
import type { Database } from "../db/database.js";
import type { Logger } from "../logger.js";
import type { Mailer } from "./mailer.js";
import { type Recipient, templates } from "./templates.js";

export interface AuthMailDeps {
  mailer: Mailer;
  database: Database;
  logger: Logger;
  baseURL: string;
  /** Engine link → the web app's page for it (docs/behaviour.md#pages-and-links). */
  appLink: (url: string) => string;
  /** Seconds each kind of link stays valid, as configured on the engine. */
  expiresIn: { verification: number; resetPassword: number; deleteAccount: number; twoFactorCode: number };
  /** Display names of configured OpenID providers, by id. */
  providerNames?: Record<string, string>;
}

/** The engine's user as its callbacks pass it; `language` is our additional field (docs/behaviour.md#data). */
export interface MailUser {
  id: string;
  email: string;
  name?: string | null;
  language?: unknown;
}

/**
 * The engine's mail callbacks: each finds the recipient's language, fills the template and
 * queues the message. Security notices never fail the request they follow; link mails do,
 * because without the mail the person cannot go on.
 */
/** One sign-up-attempt notice per address within this time. */
const SIGN_UP_ATTEMPT_NOTICE_INTERVAL_MS = 3_600_000;

export function createAuthMail(deps: AuthMailDeps) {
  const { mailer, database, logger, appLink, expiresIn } = deps;
  const home = `${deps.baseURL}/`;

  async function languageOf(user: { id: string; language?: unknown }): Promise<number | undefined> {
    if (typeof user.language === "number") return user.language;
    const row = await database.db.selectFrom("user").select("language").where("id", "=", user.id).executeTakeFirst();
    return row?.language === undefined || row.language === null ? undefined : Number(row.language);
  }

  async function recipient(user: MailUser, to = user.email): Promise<Recipient> {
    return { to, name: user.name, locale: localeOf(await languageOf(user)) };
  }

  async function notice(kind: string, user: MailUser, make: (r: Recipient) => Parameters<Mailer["send"]>[0]) {
    try {
      await mailer.send(make(await recipient(user)));
    } catch (error) {
      logger.error({ err: error, kind, userId: user.id }, "security notice not queued");
    }
  }

  return {
    /** Sign-up verification, or — when the token says so — the new address of an e-mail change. */
    async verification({ user, url, token }: { user: MailUser; url: string; token: string }) {
      const toNewAddress = requestTypeOf(token) === "change-email-verification";
      const make = toNewAddress ? templates.changeEmailVerification : templates.verifyEmail;
      await mailer.send(make(await recipient(user), { url: appLink(url), expiresIn: expiresIn.verification }));
    },
    async changeEmailConfirmation({ user, newEmail, url }: { user: MailUser; newEmail: string; url: string }) {
      await mailer.send(
        templates.changeEmailConfirmation(await recipient(user), {
          newEmail,
          url: appLink(url),
          expiresIn: expiresIn.verification,
        }),
      );
    },
    async resetPassword({ user, url }: { user: MailUser; url: string }) {
      await mailer.send(
        templates.resetPassword(await recipient(user), { url: appLink(url), expiresIn: expiresIn.resetPassword }),
      );
    },
    async deleteAccount({ user, url }: { user: MailUser; url: string }) {
      await mailer.send(
        templates.deleteAccount(await recipient(user), { url: appLink(url), expiresIn: expiresIn.deleteAccount }),
      );
    },
    /** Written in the inviter's language: the invitee may have no account, so no language of their own. */
    async invitation(p: {
      id: string;
      email: string;
      role: string;
      organization: { name: string };
      inviter: { user: MailUser };
      invitation: { expiresAt: Date | string | number };
    }) {
      const inviter = p.inviter.user;
      const { locale } = await recipient(inviter);
      await mailer.send(
        templates.invitation(
          { to: p.email, locale },
          {
            inviter: inviter.name || inviter.email,
            organization: p.organization.name,
            role: p.role,
            url: `${deps.baseURL}/invitations/${encodeURIComponent(p.id)}`,
            expiresIn: Math.max(0, (new Date(p.invitation.expiresAt).getTime() - Date.now()) / 1000),
          },
        ),
      );
    },
    /** The code of a sign-in's second step (twoFactor otpOptions.sendOTP); the sign-in waits for it, so it fails loudly. */
    async twoFactorCode(user: MailUser, code: string) {
      await mailer.send(templates.twoFactorCode(await recipient(user), { code, expiresIn: expiresIn.twoFactorCode }));
    },
    /** After POST /change-password succeeded. */
    passwordChanged: (user: MailUser) =>
      notice("password-changed", user, (r) => templates.passwordChanged(r, { url: home, at: new Date() })),
    /** After a reset link was used (emailAndPassword.onPasswordReset). */
    passwordReset: (user: MailUser) =>
      notice("password-reset", user, (r) => templates.passwordReset(r, { url: home, at: new Date() })),
    /** After a social account was linked to a user who already existed. */
    accountLinked: (user: MailUser, providerId: string) =>
      notice("account-linked", user, (r) =>
        templates.accountLinked(r, { url: home, at: new Date(), providerId, providerNames: deps.providerNames }),
      ),
    /** After a site admin reset the user's two-step verification and passkeys (auth/admin-mfa-reset.ts). */
    mfaReset: (user: MailUser) =>
      notice("mfa-reset", user, (r) =>
        templates.mfaReset(r, { url: `${deps.baseURL}/settings/security`, at: new Date() }),
      ),
    /** Someone tried to sign up with an address that has an account (emailAndPassword.onExistingUserSignUp). */
    /** Two-step verification turned on by the user (POST /two-factor/verify-totp confirming setup, /two-factor/enable with otp). */
    twoFactorEnabled: (user: MailUser, method: "totp" | "otp") =>
      notice("two-factor-enabled", user, (r) => templates.twoFactorEnabled(r, { url: home, at: new Date(), method })),
    /** After POST /two-factor/disable. */
    twoFactorDisabled: (user: MailUser) =>
      notice("two-factor-disabled", user, (r) => templates.twoFactorDisabled(r, { url: home, at: new Date() })),
    /** After POST /two-factor/generate-backup-codes. */
    backupCodesRegenerated: (user: MailUser) =>
      notice("backup-codes-regenerated", user, (r) =>
        templates.backupCodesRegenerated(r, { url: home, at: new Date() }),
      ),
    /** After POST /passkey/verify-registration. */
    passkeyAdded: (user: MailUser) =>
      notice("passkey-added", user, (r) => templates.passkeyAdded(r, { url: home, at: new Date() })),
    /**
     * Someone tried to sign up with the user's address. At most one such notice an hour per address:
     * sign-up cannot be refused for a taken address without telling it apart, so this is what keeps
     * repeated attempts from filling the owner's inbox.
     */
    async signUpAttempt(user: MailUser) {
      const recent = await database.db
        .selectFrom("outbox")
        .select("id")
        .where("kind", "=", "sign-up-attempt")
        .where("recipient", "=", user.email)
        .where("createdAt", ">", Date.now() - SIGN_UP_ATTEMPT_NOTICE_INTERVAL_MS)
        .limit(1)
        .executeTakeFirst();
      if (recent) return;
      await notice("sign-up-attempt", user, (r) =>
        templates.signUpAttempt(r, { url: `${deps.baseURL}/sign-in`, at: new Date() }),
      );
    },
  };
}

export type AuthMail = ReturnType<typeof createAuthMail>;

/** The engine's verification tokens are JWTs; their payload says which step of an e-mail change they are. */
function requestTypeOf(token: string): string | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
    return typeof payload?.requestType === "string" ? payload.requestType : undefined;
  } catch {
    return undefined;
  }
}
