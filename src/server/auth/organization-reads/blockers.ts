import type { BetterAuthOptions, BetterAuthPlugin } from "better-auth";
import type { Auth } from "../auth.js";
import { OWN_PATHS_ONLY } from "../fast-path/eligibility.js";
import type { OrganizationReadPath } from "./paths.js";

export type AuthContext = Awaited<Auth["$context"]>;

/** The organization plugin's options the reads follow. */
export interface OrganizationPluginOptions {
  roles?: Record<string, { authorize(request: Record<string, string[]>): { success: boolean } }>;
  ac?: {
    newRole(statements: Record<string, string[]>): { authorize(r: Record<string, string[]>): { success: boolean } };
  };
  creatorRole?: string;
  membershipLimit?: number;
  dynamicAccessControl?: { enabled?: boolean };
  teams?: { enabled?: boolean };
  schema?: Record<string, { additionalFields?: Record<string, unknown> } | undefined>;
}

/**
 * Our plugins that hook these reads, and what the fast path does about each. The differential tests
 * run the engine with all of them, so a change to one that the fast path does not follow fails there.
 * Any other plugin hook on one of these paths turns that path's fast answer off.
 */
const KNOWN_HOOKS: Record<string, string> = {
  // auth/organization-mfa-policy.ts: its refusal is handed to the engine; members get the same mfaStatusOf.
  "tessera-organization-mfa-policy": "mirrored",
  // auth/organization-rules.ts: organization metadata is answered as a record, as its after hook does.
  "tessera-organization-rules": "mirrored",
  // auth/list-query-rules.ts: refuses bad list parameters; the fast path takes only whole-number limit and offset.
  "tessera-list-query-rules": "refuses only",
  // auth/error-bodies.ts, redirect-url-rules.ts, redirect-url-encoding.ts: refusals and URL fields only.
  "tessera-error-bodies": "refuses only",
  "tessera-redirect-url-rules": "refuses only",
  "tessera-redirect-url-encoding": "refuses only",
};

/** Why the engine could answer `path` differently from the fast path under these options, or null. */
export function blocker(
  ctx: AuthContext,
  path: OrganizationReadPath,
  plugin: (BetterAuthPlugin & { options?: OrganizationPluginOptions }) | undefined,
): string | null {
  const o = ctx.options as BetterAuthOptions;
  if (!plugin) return "no organization plugin";
  if (!Object.values(plugin.endpoints ?? {}).some((e) => (e as { path?: string }).path === path)) {
    return `the engine has no ${path}`;
  }
  if (o.disabledPaths?.includes(path)) return `${path} is disabled`;
  if (o.hooks?.before || o.hooks?.after) return "user hooks run on every endpoint";
  if (o.advanced?.database?.joins) return "the adapter's joins are on";
  for (const p of (o.plugins ?? []) as BetterAuthPlugin[]) {
    if (p !== plugin && Object.values(p.endpoints ?? {}).some((e) => (e as { path?: string }).path === path)) {
      return `plugin ${p.id} replaces ${path}`;
    }
    if (p.middlewares?.length) return `plugin ${p.id} has router middleware`;
    if (KNOWN_HOOKS[p.id]) continue;
    if ((p.onRequest || p.onResponse) && !OWN_PATHS_ONLY[p.id]) return `plugin ${p.id} sees every request`;
    for (const hook of [...(p.hooks?.before ?? []), ...(p.hooks?.after ?? [])]) {
      if (matches(hook.matcher, ctx, path)) return `plugin ${p.id} hooks ${path}`;
    }
  }
  if (ctx.rateLimit.enabled && ctx.rateLimit.customRules?.[path] !== false) return `${path} is rate limited`;
  return null;
}

function matches(matcher: (context: any) => boolean, ctx: AuthContext, path: string): boolean {
  try {
    return Boolean(
      matcher({ path, method: "GET", headers: new Headers(), query: { organizationId: "x" }, context: ctx }),
    );
  } catch {
    return true; // cannot tell: assume it does
  }
}
