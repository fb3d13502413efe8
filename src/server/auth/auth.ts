import { betterAuth } from "better-auth";
import { type AuthDeps, buildAuthOptions } from "./options.js";
import { routeOnce } from "./route-once.js";

/** The configured engine. */
export function createAuth(deps: AuthDeps) {
  const options = buildAuthOptions(deps);
  const engine = betterAuth(options);
  const handler = routeOnce(engine, options);
  return Object.assign(engine, { options, handler, fetch: handler });
}

export type Auth = ReturnType<typeof createAuth>;
