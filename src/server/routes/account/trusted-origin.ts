import type { Context, MiddlewareHandler } from "hono";
import type { Config } from "../../config.js";
import { fail } from "../../errors.js";

/** The request's Origin, else the origin of its Referer (some browsers omit Origin on same-origin POSTs). */
function requestOrigin(c: Context): string | undefined {
  const origin = c.req.header("Origin");
  if (origin && origin !== "null") return origin;
  const referer = c.req.header("Referer");
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}

/**
 * App routes that change state ride on the session cookie, so, like the engine's own calls (docs/behaviour.md#conventions),
 * they only accept requests from a trusted origin: a page elsewhere cannot make the browser call them.
 */
export function trustedOrigin(config: Pick<Config, "trustedOrigins">): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const origin = requestOrigin(c);
    if (!origin || !config.trustedOrigins.includes(origin)) {
      return origin ? fail(c, "INVALID_ORIGIN") : fail(c, "INVALID_ORIGIN", "missing");
    }
    return next();
  };
}
