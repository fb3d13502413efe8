import { AsyncLocalStorage } from "node:async_hooks";
import { getCurrentAdapter, runWithTransaction } from "@better-auth/core/context";
import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware, dispatchAuthEndpoint, isAPIError } from "better-auth/api";
import { type RoleRenameCtx, renameRoleHolders } from "./role-rename.js";

type Endpoint = Parameters<typeof dispatchAuthEndpoint>[0];
type DispatchInput = Parameters<typeof dispatchAuthEndpoint>[1];
/** What the engine's dispatch answers when asked for headers and status. */
type Dispatched = { response: unknown; headers?: Headers | null; status?: number };
type Around = (ctx: RoleRenameCtx, run: () => Promise<Dispatched>) => Promise<Dispatched>;

/**
 * The organization plugin's endpoints that run whole, hooks and all, in one transaction (docs/decisions/019):
 *
 * - createOrganization: an organization exists only with its owner (docs/behaviour.md#organizations-1). The
 *   engine writes the organization, the owner member and the default team as separate statements; a crash in
 *   between (tests/reliability/crash.test.ts kills the server mid-write) left an organization nobody owns,
 *   its slug taken for good.
 * - acceptInvitation: the accepted invitation and its member, all or none (docs/behaviour.md#invitations). The
 *   engine marks the invitation accepted in a statement of its own, then adds the member; a crash in between
 *   left an accepted invitation without a member, which nobody could accept again. On PostgreSQL a refused
 *   insert (already a member, membership limit) would abort the transaction before the engine's compensating
 *   update; src/server/db/guarded-dialect.ts runs such inserts under a savepoint, so the refusal keeps its answer.
 * - updateOrgRole: a renamed custom role keeps its holders (role-rename.ts).
 */
const ATOMIC: Record<string, Around | null> = {
  createOrganization: null,
  acceptInvitation: null,
  updateOrgRole: renameRoleHolders,
};

/** Where a refusal carries the headers its endpoint set before it (better-call's kAPIErrorHeaderSymbol). */
const ERROR_HEADERS = Symbol.for("better-call:api-error-headers");

function copyHeaders(target: Headers, source: Headers | null | undefined) {
  source?.forEach((value, key) => {
    if (key.toLowerCase() === "set-cookie") target.append(key, value);
    else target.set(key, value);
  });
}

/**
 * First of all plugins: its before hook answers the call itself by dispatching the engine's own endpoint
 * again (dispatchAuthEndpoint, the engine's way back into its hook pipeline) inside runWithTransaction. The
 * inner dispatch runs every other plugin's before and after hooks once, and the endpoint, in that
 * transaction; the outer call's hooks are skipped because this one answered. The router's origin check and
 * rate limit ran once, for the HTTP request. Audit events and webhook deliveries wait for the commit
 * (audit/writer.ts).
 */
export function atomicEndpoints(plugins: readonly { id: string; endpoints?: Record<string, unknown> }[]) {
  const organization = plugins.find((p) => p.id === "organization");
  if (!organization?.endpoints) throw new Error("the organization plugin is not configured");
  const byPath = new Map<string, { endpoint: Endpoint; around: Around | null }>();
  for (const [name, around] of Object.entries(ATOMIC)) {
    const endpoint = organization.endpoints[name] as Endpoint | undefined;
    if (!endpoint?.path) throw new Error(`the organization plugin has no endpoint ${name}`);
    byPath.set(endpoint.path, { endpoint, around });
  }
  // Set while the inner dispatch runs: there this hook lets the call through to the endpoint.
  const inside = new AsyncLocalStorage<true>();

  return {
    id: "tessera-atomic-endpoints",
    hooks: {
      before: [
        {
          matcher: (ctx) => !inside.getStore() && byPath.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const { endpoint, around } = byPath.get(ctx.path) as { endpoint: Endpoint; around: Around | null };
            const result = await inside
              .run(true, () =>
                runWithTransaction(ctx.context.adapter, async () => {
                  // Some engine endpoints use ctx.context.adapter as they find it: hand them the transaction's.
                  const adapter = await getCurrentAdapter(ctx.context.adapter);
                  const input = {
                    ...ctx,
                    context: { ...ctx.context, adapter },
                    asResponse: false,
                    returnHeaders: true,
                    returnStatus: true,
                  };
                  const run = () => dispatchAuthEndpoint(endpoint, input as DispatchInput) as Promise<Dispatched>;
                  return around ? around(input as unknown as RoleRenameCtx, run) : run();
                }),
              )
              .catch((error: unknown) => {
                // The cookies an endpoint set before it refused (a refreshed session, say) go out with the refusal.
                if (isAPIError(error)) {
                  // They already hold the refusal's own headers (the engine's mergeAPIErrorHeaders).
                  const carried = (error as unknown as Record<symbol, Headers | undefined>)[ERROR_HEADERS];
                  if (carried) error.headers = new Headers(carried);
                }
                throw error;
              });
            // These endpoints answer 200 or refuse: the answer's headers are all there is to carry.
            copyHeaders(ctx.responseHeaders as Headers, result.headers);
            return result.response;
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
