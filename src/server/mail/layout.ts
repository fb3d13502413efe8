import type { Locale } from "../../shared/languages.js";
import { html, httpUrl } from "./html.js";
import type { MailLocale } from "./i18n.js";

const PRODUCT = "Tessera";

/** What every mail is made of; all values are plain text. */
export interface LayoutContent {
  locale: Locale;
  strings: MailLocale;
  subject: string;
  greeting: string;
  lines: string[];
  /** The button; a mail that carries a code (`code`) has none. */
  action?: { label: string; url: string };
  /** A one-time code, shown large where the button would be. */
  code?: string;
  /** Small print under the link: expiry, time of a security event. */
  notes: string[];
  after: string;
}

const muted = "margin:0 0 12px;font-size:14px;color:#52525b;";

/** The one layout of every mail: HTML (escaped by construction) and the same words as plain text. */
export function layout(c: LayoutContent): { html: string; text: string } {
  const url = c.action ? httpUrl(c.action.url) : undefined;
  const body = html`<!doctype html>
<html lang="${c.locale}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${c.subject}</title>
</head>
<body style="margin:0;padding:0;background:#f4f4f5;">
<div style="display:none;max-height:0;overflow:hidden;">${c.lines[0] ?? ""}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;color:#18181b;">
<tr><td style="padding:24px 32px 0;font-size:20px;font-weight:600;">${PRODUCT}</td></tr>
<tr><td style="padding:16px 32px 8px;">
<p style="margin:0 0 16px;">${c.greeting}</p>
${c.lines.map((line) => html`<p style="margin:0 0 16px;">${line}</p>\n`)}${
  c.code
    ? html`<p style="margin:24px 0;font-size:32px;font-weight:700;letter-spacing:6px;font-family:ui-monospace,Menlo,Consolas,monospace;">${c.code}</p>\n`
    : ""
}${
  c.action && url
    ? html`<p style="margin:24px 0;"><a href="${url}" style="display:inline-block;padding:12px 20px;background:#18181b;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:600;">${c.action.label}</a></p>
<p style="${muted}">${c.strings.linkFallback}<br><a href="${url}" style="color:#1d4ed8;word-break:break-all;">${url}</a></p>\n`
    : ""
}${c.notes.map((note) => html`<p style="${muted}">${note}</p>\n`)}<p style="${muted}">${c.after}</p>
<p style="margin:16px 0 0;">${c.strings.signature}</p>
</td></tr>
<tr><td style="padding:16px 32px 24px;font-size:12px;color:#71717a;">${c.strings.footer}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  const text = [
    c.greeting,
    ...c.lines,
    ...(c.code ? [c.code] : []),
    ...(c.action ? [`${c.action.label}:\n${url}`] : []),
    ...c.notes,
    c.after,
    c.strings.signature,
    `-- \n${c.strings.footer}`,
  ].join("\n\n");
  return { html: body.value, text: `${text}\n` };
}
