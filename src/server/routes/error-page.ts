import { readFileSync } from "node:fs";
import { LANGUAGES, type Locale } from "../../shared/languages.js";
import de from "../../web/locales/de.js";
import en from "../../web/locales/en.js";
import errorsDe from "../../web/locales/errors/de.js";
import errorsEn from "../../web/locales/errors/en.js";
import errorsEs from "../../web/locales/errors/es.js";
import errorsFr from "../../web/locales/errors/fr.js";
import errorsPl from "../../web/locales/errors/pl.js";
import errorsRu from "../../web/locales/errors/ru.js";
import errorsTr from "../../web/locales/errors/tr.js";
import errorsUk from "../../web/locales/errors/uk.js";
import es from "../../web/locales/es.js";
import fr from "../../web/locales/fr.js";
import pl from "../../web/locales/pl.js";
import ru from "../../web/locales/ru.js";
import tr from "../../web/locales/tr.js";
import uk from "../../web/locales/uk.js";
import { html, SafeHtml } from "../mail/html.js";
import { ROOT_URL } from "../root.js";

// The web app's own words (its app and error namespaces), so this page says what the app's /error says.
// Imported one by one, not found by folder: the server also runs from source under tsx, which has no
// import.meta.glob. Both records are typed by Locale, so a language added to LANGUAGES without its files
// fails `npm run typecheck` here (docs/i18n.md "Adding a language").
const UI = { de, en, es, fr, pl, ru, tr, uk } satisfies Record<Locale, unknown>;
const ERRORS = {
  de: errorsDe,
  en: errorsEn,
  es: errorsEs,
  fr: errorsFr,
  pl: errorsPl,
  ru: errorsRu,
  tr: errorsTr,
  uk: errorsUk,
} satisfies Record<Locale, Record<string, string>>;
const LOCALES = LANGUAGES.map((l) => l.locale) as readonly string[];
const isLocale = (v: unknown): v is Locale => typeof v === "string" && LOCALES.includes(v);

/**
 * The language of the page: the app's language cookie, else the best of Accept-Language (by q, matched on
 * the primary subtag), else English.
 */
export function errorPageLocale(cookie: string | undefined, acceptLanguage: string | undefined): Locale {
  if (isLocale(cookie)) return cookie;
  const ranked = (acceptLanguage ?? "")
    .split(",")
    .map((part, i) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/i.exec(p)?.[1]).find(Boolean);
      return { primary: tag.trim().toLowerCase().split(/[-_]/)[0], q: q === undefined ? 1 : Number(q), i };
    })
    .filter((l) => l.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return ranked.map((l) => l.primary).find(isLocale) ?? "en";
}

/** The app's colour tokens (src/web/index.css): light in :root, dark in .dark, here by the system's scheme. */
function appColours(): SafeHtml {
  const css = readFileSync(new URL("src/web/index.css", ROOT_URL), "utf8");
  const block = (selector: string) => {
    const body = new RegExp(`(?:^|\\n)${selector.replace(".", "\\.")}\\s*\\{([^}]*)\\}`).exec(css)?.[1];
    if (!body?.includes("--background")) throw new Error(`src/web/index.css has no ${selector} colour block`);
    return body.trim().replace(/\/\*[\s\S]*?\*\//g, "");
  };
  return new SafeHtml(`:root{${block(":root")}}\n@media (prefers-color-scheme: dark){:root{${block(".dark")}}}`);
}
// Read on first use: a module that only imports the server (a jsdom test, where import.meta.url is not a
// file URL) must not need the stylesheet.
let colours: SafeHtml | undefined;
const COLOURS = () => {
  colours ??= appColours();
  return colours;
};

// The favicon's mark (src/web/public/favicon.svg), drawn in the text colour so it follows the theme.
const LOGO = new SafeHtml(
  '<svg class="logo" viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="6" fill="currentColor"/><g fill="var(--page)"><rect x="7" y="7" width="8" height="8" rx="1"/><rect x="17" y="7" width="8" height="8" rx="1"/><rect x="7" y="17" width="8" height="8" rx="1"/><rect x="17" y="17" width="8" height="8" rx="1"/></g></svg>',
);
// lucide's circle-alert, as the app's error cards show it.
const ALERT = new SafeHtml(
  '<svg class="icon" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><circle cx="12" cy="12" r="10"/><line x1="12" x2="12" y1="8" y2="12"/><line x1="12" x2="12.01" y1="16" y2="16"/></svg>',
);

const STYLE = new SafeHtml(`
:root { color-scheme: light dark; }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; min-height: 100dvh; display: flex; flex-direction: column; background: var(--page); color: var(--foreground);
  font-family: ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; line-height: 1.5; -webkit-font-smoothing: antialiased; }
header { padding: .75rem 1rem; }
.brand { display: inline-flex; align-items: center; gap: .5rem; font-size: 1.125rem; font-weight: 600; letter-spacing: -.025em; color: inherit; text-decoration: none; border-radius: calc(var(--radius) - 2px); }
.logo { width: 1.5rem; height: 1.5rem; }
main { flex: 1; display: flex; justify-content: center; align-items: flex-start; padding: 1rem 1rem 3rem; }
.card { width: 100%; max-width: 28rem; display: grid; gap: 1rem; padding: 1.5rem; text-align: center; background: var(--card); color: var(--card-foreground);
  border: 1px solid var(--border); border-radius: calc(var(--radius) + 4px); box-shadow: 0 1px 2px rgb(0 0 0 / .05); }
.icon { width: 2.5rem; height: 2.5rem; margin: 0 auto .25rem; color: var(--destructive); }
h1 { margin: 0; font-size: 1.25rem; font-weight: 600; line-height: 1.3; letter-spacing: -.01em; }
p { margin: 0; }
.card > p:first-of-type { color: var(--muted-foreground); font-size: 1rem; }
.code { font-size: .875rem; color: var(--muted-foreground); }
.request-id { margin-top: 1rem; font-size: .75rem; color: var(--muted-foreground); word-break: break-all; }
code { display: inline-block; max-width: 100%; padding: .125rem .5rem; border-radius: calc(var(--radius) - 2px); background: var(--muted); color: var(--foreground);
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; word-break: break-all; }
.actions { padding-top: .5rem; }
.actions a { display: inline-flex; align-items: center; justify-content: center; min-height: 2.5rem; padding: .5rem 1rem; border-radius: calc(var(--radius) - 2px);
  background: var(--primary); color: var(--primary-foreground); font-size: .875rem; font-weight: 500; text-decoration: none; }
.actions a:hover { opacity: .9; }
a:focus-visible { outline: 3px solid var(--ring); outline-offset: 2px; }
@media (min-width: 640px) { header { padding: .75rem 1.5rem; } main { align-items: center; padding-top: 0; } .card { padding: 2rem; } }
`);

/**
 * The error page (docs/behaviour.md#pages-and-links), served in every NODE_ENV before the engine's own: a
 * heading, a generic message, "Return to Application", and the code HTML-escaped ("Unknown" by default), in
 * the visitor's language and the app's look; a code the app knows also gets its own explanation, and the
 * request id is in small print. Every value is escaped (`html`).
 */
export function renderErrorPage(
  code: string | undefined,
  appURL: string,
  locale: Locale = "en",
  requestId?: string,
): string {
  const ui = UI[locale];
  // In small print, so a user's report can be matched to the server's log lines.
  const [idBefore = "", idAfter = ""] = ui.notFound.requestId.split("{id}");
  const blank = !code?.trim();
  const errors = ERRORS[locale];
  // Own keys only: ?error=__proto__ or toString must not resolve to anything.
  const explanation = !blank && code && Object.hasOwn(errors, code) ? errors[code] : undefined;
  // The bundler escapes non-ASCII text in strings but not in templates, and one such character makes Node
  // hold the whole server bundle as UTF-16, 4 MB more (vite.server.config.ts): `\u00B7` is the middle dot.
  return html`<!doctype html>
<html lang="${locale}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${ui.errorPage.title} \u00B7 Tessera</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
${COLOURS()}${STYLE}</style>
</head>
<body>
<header><a class="brand" href="${appURL}">${LOGO}Tessera</a></header>
<main>
<div class="card">
${ALERT}
<h1>${ui.errorPage.title}</h1>
<p>${ui.errorPage.description}</p>
${explanation ? html`<p class="explanation">${explanation}</p>\n` : ""}<p class="code">${ui.errorPage.codeLabel} <code data-testid="error-code">${blank ? ui.errorPage.unknown : code}</code></p>
<div class="actions"><a href="${appURL}">${ui.common.returnToApp}</a></div>
${requestId ? html`<p class="request-id">${idBefore}<span data-testid="request-id">${requestId}</span>${idAfter}</p>\n` : ""}</div>
</main>
</body>
</html>`.value;
}
