import { getCurrentAdapter, runWithTransaction } from "@better-auth/core/context";
import { getSessionFromCtx } from "better-auth/api";
import { type Adapter, namedRole, pendingInvitationsWith, roleList } from "./custom-roles.js";

type Json = Record<string, unknown>;
type Endpoint = ((ctx: EndpointCtx) => Promise<unknown>) & Record<string, unknown>;
type EndpointCtx = Parameters<typeof getSessionFromCtx>[0] & { body?: Json };

/**
 * update-role with data.roleName: the engine renames the role row only. Here the whole call runs in
 * one transaction, and every member and pending invitation of the organization holding the old name
 * holds the new one when it commits.
 */
export function withRoleRename(plugins: readonly { id: string }[]): void {
  const plugin = plugins.find((p) => p.id === "organization") as { endpoints: Record<string, unknown> } | undefined;
  const original = plugin?.endpoints.updateOrgRole as Endpoint | undefined;
  if (!plugin || !original) throw new Error("the organization plugin has no updateOrgRole endpoint");
  plugin.endpoints.updateOrgRole = Object.assign(async (ctx: EndpointCtx) => {
    const body = (ctx.body ?? {}) as Json;
    const data = (body.data ?? {}) as Json;
    if (typeof data.roleName !== "string") return original(ctx);
    const session = await getSessionFromCtx(ctx).catch(() => null);
    const organizationId =
      (typeof body.organizationId === "string" ? body.organizationId : undefined) ??
      (session?.session.activeOrganizationId as string | null | undefined);
    return runWithTransaction(ctx.context.adapter, async () => {
      // The engine's role endpoints use ctx.context.adapter as they find it: hand them the transaction's.
      const adapter = await getCurrentAdapter(ctx.context.adapter);
      const inner = { ...ctx, context: { ...ctx.context, adapter } } as EndpointCtx;
      const row = organizationId ? await namedRole(adapter, organizationId, body) : null;
      const result = await original(inner);
      // The endpoint answers { response, headers } when the router asks for headers, else the body.
      type Body = { roleData?: { role?: string } };
      const answer = result as (Body & { response?: Body }) | undefined;
      const after = (answer?.response ?? answer)?.roleData?.role;
      if (row && organizationId && after && after !== row.role)
        await renameHolders(adapter, organizationId, row.role, after);
      return result;
    });
  }, original);
}

async function renameHolders(adapter: Adapter, organizationId: string, from: string, to: string) {
  const swap = (role: string) => [...new Set(roleList(role).map((r) => (r === from ? to : r)))].join(",");
  const members = await adapter.findMany<{ id: string; role: string }>({
    model: "member",
    where: [
      { field: "organizationId", value: organizationId },
      { field: "role", operator: "contains", value: from },
    ],
    limit: 1_000_000,
  });
  for (const m of members.filter((r) => roleList(r.role).includes(from)))
    await adapter.update({ model: "member", where: [{ field: "id", value: m.id }], update: { role: swap(m.role) } });
  for (const i of await pendingInvitationsWith(adapter, organizationId, from))
    await adapter.update({
      model: "invitation",
      where: [{ field: "id", value: i.id }],
      update: { role: swap(i.role) },
    });
}
