import { AsyncLocalStorage } from "node:async_hooks";
import type { MiddlewareHandler } from "hono";

/**
 * Failures of the stores sessions live in (Redis, the database), noted per request. The engine
 * swallows some of them: sign-out logs a failed delete and answers success with the cookie cleared;
 * revoke-sessions logs a failed Redis clean-up after the rows are gone (better-auth 1.7.25,
 * api/routes/sign-out.mjs, db/internal-adapter.mjs); a session it could not read becomes 401.
 * The session would then outlive a sign-out that said it was done (issue 15, item 7).
 */
const requests = new AsyncLocalStorage<{ failed: boolean }>();

/** Called by the Redis storage and the database driver when a command or query fails. */
export function noteStoreFailure() {
  const request = requests.getStore();
  if (request) request.failed = true;
}

export const SESSION_STORE_UNAVAILABLE = {
  code: "SESSION_STORE_UNAVAILABLE",
  message: "Sessions cannot be reached right now, so this was not done. Try again in a moment.",
} as const;

/**
 * Middleware for /api/*: when a store failed during the request, a change is never reported done
 * (any non-GET answer below 400) and a failure to read is not "signed out" (401) or a bare 500.
 * Those become 503 SESSION_STORE_UNAVAILABLE without the engine's Set-Cookie lines, so the browser
 * keeps its cookie and pressing the button again retries.
 */
export function storeFailureGuard(): MiddlewareHandler {
  return async (c, next) => {
    const request = { failed: false };
    await requests.run(request, next);
    if (!request.failed) return;
    const status = c.res.status;
    const change = c.req.method !== "GET" && c.req.method !== "HEAD";
    if (!(status === 401 || status >= 500 || (change && status < 400))) return;
    // Hono carries the old answer's headers (Set-Cookie included) onto a new one; drop it first.
    c.res = undefined;
    c.res = new Response(JSON.stringify(SESSION_STORE_UNAVAILABLE), {
      status: 503,
      headers: { "content-type": "application/json", "cache-control": "no-store", "retry-after": "5" },
    });
  };
}
