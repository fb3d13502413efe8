import type { MailMessage } from "./mailer.js";

const PRODUCT = "Tessera";

/** Escapes text for HTML; every value from users passes through here. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function hours(seconds: number): string {
  const h = Math.round(seconds / 3600);
  return h === 1 ? "1 hour" : `${h} hours`;
}

interface Layout {
  to: string;
  kind: string;
  subject: string;
  greeting: string;
  lines: string[];
  action: string;
  url: string;
  expiresIn?: number;
}

function render(l: Layout): MailMessage {
  const expiry = l.expiresIn ? `This link expires in ${hours(l.expiresIn)}.` : "";
  const text = [l.greeting, "", ...l.lines, "", `${l.action}: ${l.url}`, "", expiry, "", `— ${PRODUCT}`]
    .filter((s, i, a) => !(s === "" && a[i - 1] === ""))
    .join("\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>${escapeHtml(l.greeting)}</p>
${l.lines.map((s) => `<p>${escapeHtml(s)}</p>`).join("\n")}
<p><a href="${escapeHtml(l.url)}" style="display:inline-block;padding:10px 16px;background:#111;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(l.action)}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(l.url)}</p>
${expiry ? `<p style="font-size:13px;color:#555">${escapeHtml(expiry)}</p>` : ""}
<p>— ${PRODUCT}</p></body></html>`;
  return { to: l.to, kind: l.kind, subject: l.subject, text, html };
}

const hello = (name: string) => `Hello ${name},`;

export const templates = {
  verifyEmail: (p: { to: string; name: string; url: string; expiresIn: number }) =>
    render({
      ...p,
      kind: "verify-email",
      subject: `Verify your e-mail address for ${PRODUCT}`,
      greeting: hello(p.name),
      lines: [`Please confirm that ${p.to} is your e-mail address.`],
      action: "Verify e-mail address",
    }),
  changeEmailConfirmation: (p: { to: string; name: string; newEmail: string; url: string; expiresIn: number }) =>
    render({
      ...p,
      kind: "change-email-confirmation",
      subject: `Confirm your new e-mail address for ${PRODUCT}`,
      greeting: hello(p.name),
      lines: [
        `Someone asked to change the e-mail address of your account to ${p.newEmail}.`,
        "If this was not you, ignore this mail.",
      ],
      action: "Approve the change",
    }),
  resetPassword: (p: { to: string; name: string; url: string; expiresIn: number }) =>
    render({
      ...p,
      kind: "reset-password",
      subject: `Reset your ${PRODUCT} password`,
      greeting: hello(p.name),
      lines: ["We received a request to reset your password.", "If this was not you, ignore this mail."],
      action: "Choose a new password",
    }),
  deleteAccount: (p: { to: string; name: string; url: string; expiresIn: number }) =>
    render({
      ...p,
      kind: "delete-account",
      subject: `Confirm the deletion of your ${PRODUCT} account`,
      greeting: hello(p.name),
      lines: ["You asked to delete your account. This cannot be undone."],
      action: "Delete my account",
    }),
  invitation: (p: {
    to: string;
    inviter: string;
    organization: string;
    role: string;
    url: string;
    expiresIn: number;
  }) =>
    render({
      ...p,
      kind: "invitation",
      subject: `${p.inviter} invited you to ${p.organization} on ${PRODUCT}`,
      greeting: "Hello,",
      lines: [`${p.inviter} invited you to join ${p.organization} as ${p.role}.`],
      action: "View the invitation",
    }),
};
