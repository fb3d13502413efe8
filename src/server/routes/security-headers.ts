import type { ServerResponse } from "node:http";
import type { MiddlewareHandler } from "hono";

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "object-src 'none'",
].join("; ");

/** The headers every answer carries; the session fast path's Node lane sends them too (auth/fast-path/node-lane.ts). */
export function securityHeaderList(options: { secure: boolean }): readonly (readonly [string, string])[] {
  const list: [string, string][] = [
    // Only pages need it, but it costs nothing on JSON (OWASP suggests it for APIs too) and
    // setting it everywhere spares reading every answer's content type.
    ["Content-Security-Policy", CSP],
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "DENY"],
  ];
  if (options.secure) list.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
  return list;
}

/**
 * Headers for every answer the server gives; the SPA and the error page load nothing third-party.
 * Under Node they go on the outgoing message before the route runs (a route's own value, such as
 * the uploads' sandboxing CSP, replaces them when written); that spares turning every answer's
 * headers into a Headers object afterwards. Without Node (app.request in tests) they are set after.
 */
export function securityHeaders(options: { secure: boolean }): MiddlewareHandler {
  const list = securityHeaderList(options);
  return (c, next) => {
    const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    if (outgoing && typeof outgoing.setHeader === "function") {
      for (const [name, value] of list) outgoing.setHeader(name, value);
      return next();
    }
    return next().then(() => {
      const h = c.res.headers;
      for (const [name, value] of list) if (!h.has(name)) h.set(name, value);
    });
  };
}
