import type { MiddlewareHandler } from "hono";

/** Headers for every page the server serves; the SPA and the error page load nothing third-party. */
export function securityHeaders(options: { secure: boolean }): MiddlewareHandler {
  const csp = [
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
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    h.set("X-Content-Type-Options", "nosniff");
    h.set("Referrer-Policy", "strict-origin-when-cross-origin");
    h.set("X-Frame-Options", "DENY");
    if ((h.get("content-type") ?? "").includes("text/html")) h.set("Content-Security-Policy", csp);
    if (options.secure) h.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  };
}
