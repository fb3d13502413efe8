import type { Context, Next } from "hono";
import { declinedByNodeLane } from "./auth/fast-path/node-lane.js";
import { AUTH_BASE_PATH } from "./auth/options.js";
import { type OrganizationReads, READ_HEADERS } from "./auth/organization-reads/index.js";
import { organizationsPageQuery } from "./auth/organization-reads/organizations-page.js";
import { isReadPath } from "./auth/organization-reads/paths.js";
import type { SessionFastPath } from "./auth/session-fast-path.js";
import { fail } from "./errors.js";
import type { Metrics } from "./metrics.js";

/**
 * The route handlers of the fast paths app.ts mounts before the engine (the session fast path's and the
 * organization reads'): each answers only what it can answer exactly as the engine would, and hands
 * anything else on (next) to the engine.
 */

/** The session fast path's GET /api/auth/get-session in Hono (docs/decisions/006-session-fast-path.md). */
export function sessionFastPathRoute(sessionFastPath: SessionFastPath, metrics: Metrics) {
  return async (c: Context, next: Next) => {
    if (declinedByNodeLane((c.env as { incoming?: unknown } | undefined)?.incoming)) return next();
    const fast = await sessionFastPath.handleGetSession(c.req.raw);
    metrics.fastPath("get-session", fast ? "answered" : "engine");
    if (fast) return fast;
    await next();
  };
}

/** GET /api/auth/organization/* reads (docs/decisions/014-organization-reads.md). */
export function organizationReadsFastPath(organizationReads: OrganizationReads, metrics: Metrics) {
  return async (c: Context, next: Next) => {
    // GET only (Hono routes HEAD here too), and the path exactly as sent: no escapes, no trailing slash.
    if (c.req.method !== "GET") return next();
    const url = c.req.url;
    const mark = url.indexOf("?");
    const sent = url.slice(url.indexOf("/", url.indexOf("//") + 2), mark === -1 ? undefined : mark);
    const path = sent.slice(AUTH_BASE_PATH.length);
    if (!sent.startsWith(AUTH_BASE_PATH) || !isReadPath(path)) return next();
    const a = await organizationReads.answer(
      path,
      mark === -1 ? "" : url.slice(mark + 1),
      c.req.header("cookie") ?? null,
    );
    metrics.fastPath("organization-read", a.kind === "answer" ? "answered" : "engine");
    if (a.kind === "answer") return new Response(a.body, { status: 200, headers: READ_HEADERS });
    await next();
  };
}

/** GET /api/organizations: the signed-in user's organizations a page at a time (after requireSession). */
export function organizationsPage(reads: OrganizationReads) {
  return async (c: Context<{ Variables: { user: { id: unknown } } }>) => {
    const page = organizationsPageQuery(new URL(c.req.url).searchParams);
    if ("message" in page) return fail(c, "INVALID_QUERY", page.message);
    const body = await reads.organizationsPage(String(c.get("user").id), page.limit, page.offset);
    return new Response(body, { status: 200, headers: READ_HEADERS });
  };
}
