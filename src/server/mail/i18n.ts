import type { Locale } from "../../shared/languages.js";

/** Every message the product mails; also the `kind` logged and stored in the outbox. */
const MAIL_KINDS = [
  "verify-email",
  "change-email-confirmation",
  "change-email-verification",
  "reset-password",
  "delete-account",
  "invitation",
  "password-changed",
  "password-reset",
  "account-linked",
  "sign-up-attempt",
  "two-factor-code",
  "mfa-reset",
  "two-factor-enabled",
  "two-factor-disabled",
  "backup-codes-regenerated",
  "passkey-added",
] as const;

export type MailKind = (typeof MAIL_KINDS)[number];

/** Word forms by CLDR plural category; `other` is the fallback every language has. */
type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** One message: `{placeholders}` are filled with plain values, escaped later by the layout. */
interface MessageStrings {
  subject: string;
  /** Paragraphs before the button. */
  lines: string[];
  /** The button's label; a mail that carries a code has no button. */
  action?: string;
  /** The closing note: what to do if this was not you. */
  after: string;
  /** Overrides the common "this link expires in {duration}" sentence. */
  expires?: string;
}

/** Everything one language needs; the locales/*.ts files each export one. */
export interface MailLocale {
  /** `{name}`: the recipient's display name. */
  greeting: string;
  /** When the recipient has no name (e.g. an invitee). */
  greetingNoName: string;
  signature: string;
  /** Above the link written out as text, for mail clients that hide buttons. */
  linkFallback: string;
  /** `{duration}`: e.g. "1 hour". */
  expires: string;
  /** `{time}`: when a security event happened. */
  time: string;
  footer: string;
  units: { minute: PluralForms; hour: PluralForms; day: PluralForms };
  /** Organization roles as the recipient reads them; unknown custom roles are shown as written. */
  roles: Record<"owner" | "admin" | "member", string>;
  /** A second step's method as the object of "signing in asks for …" (the two-factor-enabled notice). */
  twoFactorMethods: Record<"totp" | "otp", string>;
  messages: Record<MailKind, MessageStrings>;
}

/** Replaces `{key}` with `vars[key]` in one pass, so a value containing braces is never expanded. */
export function fill(template: string, vars: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => vars[key] ?? match);
}

/** A duration in the recipient's words: minutes under an hour, hours up to two days, then days. */
export function formatDuration(seconds: number, locale: Locale, units: MailLocale["units"]): string {
  const [n, forms] =
    seconds < 3600
      ? [Math.max(1, Math.round(seconds / 60)), units.minute]
      : seconds <= 48 * 3600
        ? [Math.round(seconds / 3600), units.hour]
        : [Math.round(seconds / 86400), units.day];
  const category = new Intl.PluralRules(locale).select(n);
  // Below 1000 every mail language writes an integer as its plain digits (tests/web/plurals.test.ts), and
  // Intl.NumberFormat's first use maps about 5 MB of ICU's locale data into the process for good.
  const number = n < 1000 ? String(n) : new Intl.NumberFormat(locale).format(n);
  return `${number} ${forms[category] ?? forms.other}`;
}

/** A moment in the recipient's language, in UTC (the server does not know the recipient's zone). */
export function formatTime(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(date);
}
