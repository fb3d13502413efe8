import { escapeHtml } from "../mail/templates.js";

/**
 * SPEC §2 error page, served in every NODE_ENV before the engine's own: a heading,
 * a generic message, "Return to Application", and the code HTML-escaped ("Unknown" by default);
 * in small print the request id, so a user's report can be matched to the server's log lines.
 */
export function renderErrorPage(code: string | undefined, appURL: string, requestId?: string): string {
  const shown = code?.trim() ? code : "Unknown";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Authentication error · Tessera</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: Canvas; color: CanvasText; }
  main { max-width: 28rem; padding: 2rem; text-align: center; }
  code { display: inline-block; padding: .25rem .5rem; border-radius: .375rem; background: color-mix(in srgb, CanvasText 8%, Canvas); word-break: break-all; }
  small { display: block; margin-top: 1.5rem; opacity: .7; word-break: break-all; }
  a { display: inline-block; margin-top: 1.5rem; padding: .6rem 1.2rem; border-radius: .5rem; background: CanvasText; color: Canvas; text-decoration: none; }
</style>
</head>
<body>
<main>
<h1>Authentication error</h1>
<p>Something went wrong while signing you in. Please try again.</p>
<p>Error code: <code data-testid="error-code">${escapeHtml(shown)}</code></p>
<a href="${escapeHtml(appURL)}">Return to Application</a>
${requestId ? `<small>Request ID: <span data-testid="request-id">${escapeHtml(requestId)}</span></small>\n` : ""}</main>
</body>
</html>`;
}
