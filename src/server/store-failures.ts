import { AsyncLocalStorage } from "node:async_hooks";
import type { MiddlewareHandler } from "hono";
import { errorBody, statusOf } from "./errors.js";

/**
 * Failures of the stores sessions live in (Redis, the database), noted per request. The engine
 * swallows some of them: sign-out logs a failed delete and answers success with the cookie cleared;
 * revoke-sessions logs a failed Redis clean-up after the rows are gone (better-auth 1.7.25,
 * api/routes/sign-out.mjs, db/internal-adapter.mjs); a session it could not read becomes 401.
 * The session would then outlive a sign-out that said it was done (issue 15, item 7).
 */
interface RequestStores {
  failed: boolean;
  /** Store operations (a database connection's lease, a Redis command) the request has not finished. */
  pending: number;
  idle?: () => void;
}

const requests = new AsyncLocalStorage<RequestStores>();

/** Called by the Redis storage and the database driver when a command or query fails. */
export function noteStoreFailure() {
  const request = requests.getStore();
  if (request) request.failed = true;
}

const nothing = () => {};

/**
 * Called by the database driver when it asks for a connection and by the Redis storage when it
 * sends a command; the returned function, when that is over. The engine fans some changes out
 * (revoke-other-sessions deletes each session with Promise.all) and answers at the first failure
 * while the rest still wait for a connection; answering then, the rest could run after the store
 * is back and end sessions the answer said were kept.
 */
export function beginStoreOperation(): () => void {
  const request = requests.getStore();
  if (!request) return nothing;
  request.pending++;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    request.pending--;
    if (request.pending === 0) request.idle?.();
  };
}

/** How long a failed request waits for the store operations it started before it answers anyway. */
const SETTLE_LIMIT_MS = 5_000;

/** Waits until the request has no store operation going, also after a turn of the event loop (one
 * operation may end just before the next of the same call begins). */
async function settled(request: RequestStores): Promise<void> {
  const deadline = Date.now() + SETTLE_LIMIT_MS;
  while (Date.now() < deadline) {
    if (request.pending > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
        timer.unref();
        request.idle = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      request.idle = undefined;
    }
    await new Promise((resolve) => setImmediate(resolve));
    if (request.pending === 0) return;
  }
}

/**
 * Middleware for /api/*: when a store failed during the request, a change is never reported done
 * (any non-GET answer below 400) and a failure to read is not "signed out" (401) or a bare 500.
 * Those become 503 SESSION_STORE_UNAVAILABLE without the engine's Set-Cookie lines, so the browser
 * keeps its cookie and pressing the button again retries. It answers once every store operation the
 * request started is over (at most SETTLE_LIMIT_MS), so nothing it started happens after it answered.
 */
export function storeFailureGuard(): MiddlewareHandler {
  return async (c, next) => {
    const request: RequestStores = { failed: false, pending: 0 };
    await requests.run(request, next);
    if (!request.failed) return;
    await settled(request);
    const status = c.res.status;
    const change = c.req.method !== "GET" && c.req.method !== "HEAD";
    if (!(status === 401 || status >= 500 || (change && status < 400))) return;
    // Hono carries the old answer's headers (Set-Cookie included) onto a new one; drop it first.
    c.res = undefined;
    c.res = new Response(JSON.stringify(errorBody("SESSION_STORE_UNAVAILABLE")), {
      status: statusOf("SESSION_STORE_UNAVAILABLE"),
      headers: { "content-type": "application/json", "cache-control": "no-store", "retry-after": "5" },
    });
  };
}
