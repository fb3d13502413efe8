import { runWithTransaction } from "@better-auth/core/context";

type Endpoint = ((ctx: { context: { adapter: Parameters<typeof runWithTransaction>[0] } }) => Promise<unknown>) &
  Record<string, unknown>;

/** Runs one of the organization plugin's endpoints in one transaction (its hooks stay outside it). */
export function makeAtomic(plugins: readonly { id: string }[], endpoint: string): void {
  const plugin = plugins.find((p) => p.id === "organization") as { endpoints: Record<string, unknown> } | undefined;
  if (!plugin) throw new Error("the organization plugin is not configured");
  const original = plugin.endpoints[endpoint] as Endpoint | undefined;
  if (!original) throw new Error(`the organization plugin has no endpoint ${endpoint}`);
  plugin.endpoints[endpoint] = Object.assign(
    (ctx: Parameters<Endpoint>[0]) => runWithTransaction(ctx.context.adapter, () => original(ctx)),
    original,
  );
}

/**
 * docs/behaviour.md#organizations-1 "The default creator role is owner": an organization exists only with its owner.
 * better-auth 1.7 writes the organization, then the owner member, then the default team as
 * separate statements; a crash in between (tests/reliability/crash.test.ts kills the server
 * mid-write) left an organization nobody owns, its slug taken for good. The engine's own
 * create-organization endpoint now runs in one transaction.
 */
export function withAtomicOrganizationCreate(plugins: readonly { id: string }[]): void {
  makeAtomic(plugins, "createOrganization");
}
