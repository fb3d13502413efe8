import type { Locale } from "../../shared/languages.js";
import { SOCIAL_PROVIDERS } from "../../shared/providers.js";
import { fill, formatDuration, formatTime, type MailKind } from "./i18n.js";
import { layout } from "./layout.js";
import { mailLocales } from "./mail-locales.js";
import type { MailMessage } from "./message.js";

export { escapeHtml } from "./html.js";

/** Who a mail goes to and in which language. */
export interface Recipient {
  to: string;
  locale: Locale;
  /** Display name for the greeting; an invitee has none. */
  name?: string | null;
}

interface Compose {
  /** Where the button leads; a mail with a `code` has no button. */
  url?: string;
  code?: string;
  vars?: Record<string, string>;
  /** Seconds the link stays valid; stated in the mail. */
  expiresIn?: number;
  /** When a security event happened; stated in the mail. */
  at?: Date;
}

function compose(kind: MailKind, r: Recipient, c: Compose): MailMessage {
  const strings = mailLocales[r.locale];
  const message = strings.messages[kind];
  const vars = { email: r.to, ...c.vars };
  const subject = fill(message.subject, vars);
  const notes: string[] = [];
  if (c.expiresIn !== undefined) {
    const duration = formatDuration(c.expiresIn, r.locale, strings.units);
    notes.push(fill(message.expires ?? strings.expires, { duration }));
  }
  if (c.at) notes.push(fill(strings.time, { time: formatTime(c.at, r.locale) }));
  const name = r.name?.trim();
  const { html, text } = layout({
    locale: r.locale,
    strings,
    subject,
    greeting: name ? fill(strings.greeting, { name }) : strings.greetingNoName,
    lines: message.lines.map((line) => fill(line, vars)),
    action: message.action && c.url ? { label: message.action, url: c.url } : undefined,
    code: c.code,
    notes,
    after: message.after,
  });
  return { to: r.to, kind, subject, text, html };
}

/** Organization roles in the recipient's words; several roles are comma-separated (docs/behaviour.md#data). */
function roleNames(role: string, locale: Locale): string {
  const names: Record<string, string> = mailLocales[locale].roles;
  return role
    .split(",")
    .map((r) => r.trim())
    .filter(Boolean)
    .map((r) => names[r] ?? r)
    .join(", ");
}

/** A provider's display name: the docs/behaviour.md#social-providers ids by their names, anything else as configured. */
function providerName(providerId: string, names: Record<string, string> = {}): string {
  return names[providerId] ?? (SOCIAL_PROVIDERS as Record<string, string>)[providerId] ?? providerId;
}

interface Link {
  url: string;
  expiresIn: number;
}

/** Every mail the product sends, each in the recipient's language. */
export const templates = {
  verifyEmail: (r: Recipient, p: Link) => compose("verify-email", r, p),
  /** To the new address, after the old one approved the change. */
  changeEmailVerification: (r: Recipient, p: Link) => compose("change-email-verification", r, p),
  /** To the current address, asking it to approve the move to `newEmail`. */
  changeEmailConfirmation: (r: Recipient, p: Link & { newEmail: string }) =>
    compose("change-email-confirmation", r, { ...p, vars: { newEmail: p.newEmail } }),
  resetPassword: (r: Recipient, p: Link) => compose("reset-password", r, p),
  deleteAccount: (r: Recipient, p: Link) => compose("delete-account", r, p),
  invitation: (r: Recipient, p: Link & { inviter: string; organization: string; role: string }) =>
    compose(
      "invitation",
      { ...r, name: null },
      {
        ...p,
        vars: { inviter: p.inviter, organization: p.organization, role: roleNames(p.role, r.locale) },
      },
    ),
  passwordChanged: (r: Recipient, p: { url: string; at: Date }) => compose("password-changed", r, p),
  passwordReset: (r: Recipient, p: { url: string; at: Date }) => compose("password-reset", r, p),
  accountLinked: (
    r: Recipient,
    p: { url: string; at: Date; providerId: string; providerNames?: Record<string, string> },
  ) => compose("account-linked", r, { ...p, vars: { provider: providerName(p.providerId, p.providerNames) } }),
  /** To the owner of an address someone tried to sign up with; the answer to the sign-up does not say it is taken. */
  signUpAttempt: (r: Recipient, p: { url: string; at: Date }) => compose("sign-up-attempt", r, p),
  /** Two-step verification turned on; `method` is what sign-in now asks for. */
  twoFactorEnabled: (r: Recipient, p: { url: string; at: Date; method: "totp" | "otp" }) =>
    compose("two-factor-enabled", r, { ...p, vars: { method: mailLocales[r.locale].twoFactorMethods[p.method] } }),
  twoFactorDisabled: (r: Recipient, p: { url: string; at: Date }) => compose("two-factor-disabled", r, p),
  backupCodesRegenerated: (r: Recipient, p: { url: string; at: Date }) => compose("backup-codes-regenerated", r, p),
  passkeyAdded: (r: Recipient, p: { url: string; at: Date }) => compose("passkey-added", r, p),
  /** A one-time code for the second step of signing in (two-factor by e-mail). */
  twoFactorCode: (r: Recipient, p: { code: string; expiresIn: number }) =>
    compose("two-factor-code", r, { code: p.code, expiresIn: p.expiresIn, vars: { code: p.code } }),
  /** A site admin removed the user's two-step verification and passkeys; the button opens Settings → Security. */
  mfaReset: (r: Recipient, p: { url: string; at: Date }) => compose("mfa-reset", r, p),
};
