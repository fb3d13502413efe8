import type { Context } from "hono";
import type { Auth } from "../../auth/auth.js";
import { type SessionVariables, sessionOf } from "../../auth/session-fast-path.js";

export type SitePermissions = Record<string, string[]>;

export interface Refusal {
  code: string;
  message: string;
}

type Session = SessionVariables;

/**
 * The signed-in caller, when their site role (src/shared/permissions.ts) or ADMIN_USER_IDS grants
 * `permissions`; otherwise the 403 answer to send (behind `sessions.requireSession`). The engine's own check, so the admin routes
 * and the engine's /admin/* calls never disagree.
 */
export async function authorize(
  c: Context<{ Variables: SessionVariables }>,
  auth: Auth,
  permissions: SitePermissions,
  refusal: Refusal,
): Promise<{ session: Session } | { response: Response }> {
  // Behind sessions.requireSession, which answered 401 already when nobody is signed in.
  const session = sessionOf(c);
  const allowed = await auth.api
    .userHasPermission({ body: { userId: session.user.id, permissions } })
    .then((r) => r.success)
    .catch(() => false);
  if (!allowed) return { response: c.json(refusal, 403) };
  return { session };
}

/** 400 with the first problem zod found, named by its field. */
export function badRequest(c: Context, issues: { path: PropertyKey[]; message: string }[]) {
  const issue = issues[0];
  const message = issue ? `${issue.path.map(String).join(".") || "query"}: ${issue.message}` : "Bad request";
  return c.json({ code: "BAD_REQUEST", message }, 400);
}
