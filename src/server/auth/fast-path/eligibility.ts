// Session fast path: whether it may answer at all, given the engine's options and plugins (checked once at start).
import type { BetterAuthOptions, BetterAuthPlugin } from "better-auth";
import type { Auth } from "../auth.js";

type AuthContext = Awaited<Auth["$context"]>;

const PATH = "/get-session";

/**
 * Our plugins that hook every request yet cannot change what the session fast path answers: a GET with
 * no query and no body, answered 200. The differential tests run the engine with them, so a change
 * that breaks this fails there. Any other plugin that touches /get-session turns the session fast path off.
 */
const PASSIVE: Record<string, string> = {
  // auth/error-bodies.ts: fills in {code, message} on answers of 400 and above.
  "tessera-error-bodies": "rewrites refusals only",
  // auth/redirect-url-encoding.ts: percent-encodes URL fields of the body or the query.
  "tessera-redirect-url-encoding": "rewrites body and query URL fields only",
  // auth/redirect-url-rules.ts: refuses body and query URL fields that resolve off the origin.
  "tessera-redirect-url-rules": "refuses body and query URL fields only",
};

/**
 * Engine plugins whose onRequest and onResponse, read line by line, act only on requests to their
 * own paths and on the answers they mark, so they never see the fast paths' reads (the session fast
 * path's and organization-reads/'). Their hooks are still matched like any other plugin's.
 */
export const OWN_PATHS_ONLY: Readonly<Record<string, string>> = {
  // @better-auth/scim 1.7.5 (src/server/scim): onRequest returns at once unless the path holds
  // /scim/v2/; onResponse unless the answer carries the marker its /scim/v2 after-hook sets.
  scim: "rewrites /scim/v2/ requests and answers only",
};

export interface Eligibility {
  /** Why sessions cannot be read without the engine (auth.api.getSession), or null. */
  lookup: string | null;
  /** Why GET /get-session cannot be answered without the engine's HTTP pipeline, or null. */
  route: string | null;
}

/**
 * Engine options under which the session fast path could answer differently from the engine. Checked
 * once at start-up against the running engine's context, so a later option or plugin that
 * touches /get-session switches the session fast path off instead of making it wrong.
 */
export function eligibility(ctx: AuthContext): Eligibility {
  const lookup = lookupBlocker(ctx);
  return { lookup, route: lookup ?? routeBlocker(ctx) };
}

function lookupBlocker(ctx: AuthContext): string | null {
  const o = ctx.options as BetterAuthOptions;
  if (o.session?.cookieCache?.enabled) return "the session cookie cache is on";
  if (o.session?.deferSessionRefresh) return "deferred session refresh is on";
  if (typeof o.baseURL === "object" && o.baseURL !== null) return "the base URL is dynamic";
  if (o.hooks?.before || o.hooks?.after) return "user hooks run on every endpoint";
  for (const plugin of (o.plugins ?? []) as BetterAuthPlugin[]) {
    for (const endpoint of Object.values(plugin.endpoints ?? {})) {
      if ((endpoint as { path?: string }).path === PATH) return `plugin ${plugin.id} replaces ${PATH}`;
    }
    if (PASSIVE[plugin.id]) continue;
    for (const hook of [...(plugin.hooks?.before ?? []), ...(plugin.hooks?.after ?? [])]) {
      if (matches(hook.matcher, ctx)) return `plugin ${plugin.id} hooks ${PATH}`;
    }
  }
  return null;
}

function routeBlocker(ctx: AuthContext): string | null {
  const o = ctx.options as BetterAuthOptions;
  if (o.disabledPaths?.includes(PATH)) return `${PATH} is disabled`;
  if (o.account?.storeAccountCookie) return "the account cookie is on";
  for (const plugin of (o.plugins ?? []) as BetterAuthPlugin[]) {
    if (plugin.onRequest && !OWN_PATHS_ONLY[plugin.id]) return `plugin ${plugin.id} sees every request`;
    if (plugin.onResponse && !PASSIVE[plugin.id] && !OWN_PATHS_ONLY[plugin.id]) {
      return `plugin ${plugin.id} sees every request`;
    }
    if (plugin.middlewares?.length) return `plugin ${plugin.id} has router middleware`;
  }
  if (ctx.rateLimit.enabled && !exemptFromRateLimit(ctx.rateLimit.customRules)) return `${PATH} is rate limited`;
  return null;
}

/** True when the engine's rate limiter resolves `false` for /get-session (its first matching custom rule). */
function exemptFromRateLimit(rules: Record<string, unknown> | undefined): boolean {
  if (!rules) return false;
  for (const [path, rule] of Object.entries(rules)) {
    if (path === PATH) return rule === false;
    if (path.includes("*")) return false; // a wildcard may match first; do not guess
  }
  return false;
}

function matches(matcher: (context: any) => boolean, ctx: AuthContext): boolean {
  try {
    return Boolean(matcher({ path: PATH, method: "GET", headers: new Headers(), query: {}, context: ctx }));
  } catch {
    return true; // cannot tell: assume it does
  }
}
