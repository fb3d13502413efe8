import type { BetterAuthPlugin } from "better-auth";
import {
  accountInfo,
  createAuthEndpoint,
  createAuthMiddleware,
  getSessionFromCtx,
  sessionMiddleware,
} from "better-auth/api";
import { z } from "zod";
import { apiError } from "../errors.js";
import type { PathHook } from "./resources/resource.js";

type Json = Record<string, unknown>;
type Account = { id: string; providerId: string; accountId: string };

/** The row id of the user's account named by the spec's {providerId?, accountId?}; "" when none matches. */
function selectAccount(accounts: Account[], providerId: unknown, accountId: unknown): string {
  const candidates = typeof providerId === "string" ? accounts.filter((a) => a.providerId === providerId) : accounts;
  if (typeof accountId === "string") {
    // The spec's accountId is the provider's account id; the engine's is the row id. Accept both.
    return candidates.find((a) => a.id === accountId || a.accountId === accountId)?.id ?? "";
  }
  if (candidates.length > 1) throw apiError("ACCOUNT_ID_REQUIRED");
  return candidates[0]?.id ?? "";
}

/**
 * docs/behaviour.md#linked-accounts account calls where 1.7 takes other shapes: get-access-token and refresh-token take
 * {providerId, accountId?, userId?}; account-info is POST {accountId}; list-accounts names `provider`.
 * The endpoint is this plugin's; the hooks below are wired by src/server/auth/resources/user.ts.
 */
export function accountConformance() {
  return {
    id: "tessera-account-conformance",
    endpoints: {
      // docs/behaviour.md#linked-accounts: POST /account-info {accountId}; the engine serves GET ?accountId=<row id>.
      accountInfoPost: createAuthEndpoint(
        "/account-info",
        { method: "POST", body: z.object({ accountId: z.string().min(1) }), use: [sessionMiddleware] },
        async (ctx) => {
          const accounts = await ctx.context.internalAdapter.findAccounts(ctx.context.session.user.id);
          const rowId = selectAccount(accounts, undefined, ctx.body.accountId);
          return accountInfo({
            ...ctx,
            method: "GET",
            body: undefined,
            query: { accountId: rowId },
            asResponse: false,
            returnHeaders: false,
            returnStatus: false,
          });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}

/**
 * docs/behaviour.md#linked-accounts: POST /get-access-token and /refresh-token {providerId, accountId?, userId?}.
 * A path matcher: the body is rewritten before the engine validates it; no typed hook sees it.
 */
export const accountSelection: PathHook = {
  matcher: (ctx) => ctx.path === "/get-access-token" || ctx.path === "/refresh-token",
  handler: createAuthMiddleware(async (ctx) => {
    const body = ctx.body as Json | undefined;
    if (!body || typeof body.providerId !== "string") return;
    const session = await getSessionFromCtx(ctx);
    const userId = session?.user.id ?? (typeof body.userId === "string" ? body.userId : undefined);
    if (!userId) return; // the engine answers 401 / "Either userId or session is required"
    const accounts = await ctx.context.internalAdapter.findAccounts(userId);
    const rowId = selectAccount(accounts, body.providerId, body.accountId);
    // The engine's body schema is strict, and hook results are merged into the body, so edit it in place.
    delete body.providerId;
    body.accountId = rowId;
  }),
};

/**
 * docs/behaviour.md#linked-accounts: list-accounts returns `provider`; the engine calls it providerId (kept for its
 * client). A path matcher: it rewrites the answer, which no typed hook sees.
 */
export const listAccountsProvider: PathHook = {
  matcher: (ctx) => ctx.path === "/list-accounts",
  handler: createAuthMiddleware(async (ctx) => {
    const returned = ctx.context.returned;
    if (!Array.isArray(returned)) return;
    return ctx.json(returned.map((a: Json) => ({ ...a, provider: a.providerId })));
  }),
};
