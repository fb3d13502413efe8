import { createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { apiError } from "../errors.js";
import type { PathHook } from "./resources/resource.js";

/**
 * docs/behaviour.md#deletion "Deleting without a password needs a fresh session". better-auth 1.7 checks freshness
 * only after it would have mailed the confirmation link, so with that mail configured a stale
 * session could start the deletion; this checks first, with the engine's own code and message.
 * A path matcher (wired by resources/user.ts): the typed user.deleteUser.beforeDelete runs only once the
 * link is used, after the mail this must precede.
 */
export const freshSessionBeforeDeletionMail: PathHook = {
  matcher: (ctx) => ctx.path === "/delete-user",
  handler: createAuthMiddleware(async (ctx) => {
    const body = (ctx.body ?? {}) as { password?: unknown; token?: unknown };
    if (body.password || body.token) return;
    const freshAge = ctx.context.sessionConfig.freshAge;
    if (freshAge === 0) return;
    const session = await getSessionFromCtx(ctx);
    if (!session) return; // the endpoint answers 401 itself
    if (Date.now() - new Date(session.session.createdAt).getTime() >= freshAge * 1000) {
      throw apiError("SESSION_EXPIRED");
    }
  }),
};
