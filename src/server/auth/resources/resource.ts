import type { BetterAuthPlugin } from "better-auth";
import type { OrganizationOptions } from "better-auth/plugins";

/** The organization plugin's typed hooks (beforeCreateTeam, afterRemoveMember, …). */
export type OrganizationHooks = NonNullable<OrganizationOptions["organizationHooks"]>;
type Hooks = NonNullable<BetterAuthPlugin["hooks"]>;
/** A path-matched hook: only where the engine has no typed hook with the same timing and data. */
export type PathHook = NonNullable<Hooks["before"]>[number];

/** What Tessera adds to one resource's engine calls: typed hooks first, path matchers where none fits. */
export interface Resource {
  organizationHooks?: OrganizationHooks;
  before?: PathHook[];
  after?: PathHook[];
}

/** The resources' typed hooks as one organizationHooks list; a hook claimed by two resources is a bug. */
export function organizationHooksOf(resources: Resource[]): OrganizationHooks {
  const merged: Record<string, unknown> = {};
  for (const resource of resources) {
    for (const [name, hook] of Object.entries(resource.organizationHooks ?? {})) {
      if (name in merged) throw new Error(`organizationHooks.${name} is wired by two resources`);
      merged[name] = hook;
    }
  }
  return merged as OrganizationHooks;
}

/**
 * The resources' path-matched hooks as one plugin, registered where options.ts places it (hooks run in plugin
 * order). The organization resources' id is the one organization-reads/blockers.ts knows ("mirrored": the
 * fast reads answer what its read hooks answer), so that id stays the default.
 */
export function pathHooksOf(resources: Resource[], id = "tessera-organization-rules") {
  return {
    id,
    hooks: {
      before: resources.flatMap((r) => r.before ?? []),
      after: resources.flatMap((r) => r.after ?? []),
    },
  } satisfies BetterAuthPlugin;
}
