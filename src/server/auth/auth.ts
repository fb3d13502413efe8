import { betterAuth } from "better-auth";
import { type AuthDeps, buildAuthOptions } from "./options.js";

/** The configured engine. */
export function createAuth(deps: AuthDeps) {
  const options = buildAuthOptions(deps);
  return Object.assign(betterAuth(options), { options });
}

export type Auth = ReturnType<typeof createAuth>;
