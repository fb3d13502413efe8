import type { BetterAuthPlugin } from "better-auth";
import {
  APIError,
  createAuthEndpoint,
  createAuthMiddleware,
  getSessionFromCtx,
  isAPIError,
  requestPasswordReset,
} from "better-auth/api";
import { z } from "zod";

/**
 * Where better-auth 1.7 departs from SPEC.md, the spec wins; each extension
 * names the section it serves. See docs/decisions/002-spec-conformance.md.
 */
export function conformance() {
  return {
    id: "tessera-conformance",
    endpoints: {
      // SPEC §7: POST /forget-password beside /request-password-reset, same body, checks and mail.
      forgetPassword: createAuthEndpoint(
        "/forget-password",
        {
          method: "POST",
          body: z.object({ email: z.email(), redirectTo: z.string().optional() }),
        },
        async (ctx) => requestPasswordReset({ ...ctx, body: ctx.body, asResponse: false, returnHeaders: false }),
      ),
    },
    hooks: {
      before: [
        {
          // SPEC §7: unlink-account's accountId is optional; without it, the user's one account of that provider.
          matcher: (ctx) => ctx.path === "/unlink-account",
          handler: createAuthMiddleware(async (ctx) => {
            const body = (ctx.body ?? {}) as { providerId?: unknown; accountId?: unknown };
            if (typeof body.providerId !== "string") return;
            const session = await getSessionFromCtx(ctx);
            if (!session) return;
            const accounts = await ctx.context.internalAdapter.findAccounts(session.user.id);
            const ofProvider = accounts.filter((a) => a.providerId === body.providerId);
            if (typeof body.accountId === "string") {
              // The spec pairs accountId with providerId: accept the provider's account id as well as the row id.
              const match = ofProvider.find((a) => a.accountId === body.accountId || a.id === body.accountId);
              return { context: { body: { ...body, accountId: match?.id ?? body.accountId } } };
            }
            if (ofProvider.length > 1) {
              throw APIError.from("BAD_REQUEST", {
                code: "ACCOUNT_ID_REQUIRED",
                message: "Several accounts of this provider are linked; give accountId to choose one",
              });
            }
            // No match leaves an id that matches nothing, so the engine answers in its own order
            // ("You can't unlink your last account" before "Account not found").
            return { context: { body: { ...body, accountId: ofProvider[0]?.id ?? "" } } };
          }),
        },
        {
          // SPEC §3, §5: a team name has at least 1 character.
          matcher: (ctx) => ctx.path === "/organization/create-team" || ctx.path === "/organization/update-team",
          handler: createAuthMiddleware(async (ctx) => {
            const body = (ctx.body ?? {}) as { name?: unknown; data?: { name?: unknown } };
            const name = ctx.path === "/organization/create-team" ? body.name : body.data?.name;
            if (typeof name === "string" && name.trim().length === 0) {
              throw APIError.from("BAD_REQUEST", {
                code: "TEAM_NAME_REQUIRED",
                message: "Team name must be at least 1 character",
              });
            }
          }),
        },
      ],
      after: [
        {
          // SPEC §4: a missing, unknown or expired social sign-in state ends with please_restart_the_process.
          matcher: (ctx) => ctx.path === "/callback/:id" || ctx.path === "/oauth2/callback/:providerId",
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            if (!isAPIError(returned)) return;
            const location = new Headers(returned.headers).get("location");
            if (!location) return;
            const url = new URL(location, ctx.context.baseURL);
            const code = url.searchParams.get("error");
            if (code && STATE_ERRORS.has(code)) {
              url.searchParams.set("error", "please_restart_the_process");
              throw ctx.redirect(url.toString());
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

const STATE_ERRORS = new Set(["state_not_found", "state_mismatch", "state_invalid", "state_security_mismatch"]);
