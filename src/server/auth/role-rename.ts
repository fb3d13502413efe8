import { getSessionFromCtx } from "better-auth/api";
import { type Adapter, namedRole, pendingInvitationsWith, roleList } from "./custom-roles.js";

type Json = Record<string, unknown>;
/** The update-role call as the transaction sees it: its body, and the transaction's adapter. */
export type RoleRenameCtx = Parameters<typeof getSessionFromCtx>[0] & { body?: Json; context: { adapter: Adapter } };

/**
 * update-role with data.roleName: the engine renames the role row only. Run inside the call's transaction
 * (atomic-endpoints.ts), this renames every member and pending invitation of the organization holding the old
 * name to the new one, so they commit together.
 */
export async function renameRoleHolders<T extends { response: unknown }>(ctx: RoleRenameCtx, run: () => Promise<T>) {
  const body = (ctx.body ?? {}) as Json;
  const data = (body.data ?? {}) as Json;
  if (typeof data.roleName !== "string") return run();
  const session = await getSessionFromCtx(ctx).catch(() => null);
  const organizationId =
    (typeof body.organizationId === "string" ? body.organizationId : undefined) ??
    (session?.session.activeOrganizationId as string | null | undefined);
  const adapter = ctx.context.adapter;
  const row = organizationId ? await namedRole(adapter, organizationId, body) : null;
  const result = await run();
  const after = (result.response as { roleData?: { role?: string } } | undefined)?.roleData?.role;
  if (row && organizationId && after && after !== row.role)
    await renameHolders(adapter, organizationId, row.role, after);
  return result;
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
