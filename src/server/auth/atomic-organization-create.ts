import { runWithTransaction } from "@better-auth/core/context";

type Endpoint = ((ctx: { context: { adapter: Parameters<typeof runWithTransaction>[0] } }) => Promise<unknown>) &
  Record<string, unknown>;

/**
 * SPEC §3/§6 "The default creator role is owner": an organization exists only with its owner.
 * better-auth 1.7 writes the organization, then the owner member, then the default team as
 * separate statements; a crash in between (tests/reliability/crash.test.ts kills the server
 * mid-write) left an organization nobody owns, its slug taken for good. The engine's own
 * create-organization endpoint now runs in one transaction (its hooks stay outside it).
 */
export function withAtomicOrganizationCreate(plugins: readonly { id: string }[]): void {
  const plugin = plugins.find((p) => p.id === "organization") as { endpoints: Record<string, unknown> } | undefined;
  if (!plugin) throw new Error("the organization plugin is not configured");
  const original = plugin.endpoints.createOrganization as Endpoint;
  plugin.endpoints.createOrganization = Object.assign(
    (ctx: Parameters<Endpoint>[0]) => runWithTransaction(ctx.context.adapter, () => original(ctx)),
    original,
  );
}
