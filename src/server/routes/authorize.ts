import type { Context, MiddlewareHandler } from "hono";
import type { Auth } from "../auth/auth.js";
import { refusedByMfaPolicy } from "../auth/organization-mfa-policy.js";
import { type SessionVariables, sessionOf } from "../auth/session-fast-path.js";
import { errorBody, fail, statusOf } from "../errors.js";

// The one place app routes decide what a signed-in caller may do (behind sessionFastPath.requireSession):
// the engine's own checks, so Tessera's routes and the engine's calls never disagree (docs/roles.md).

export type Permissions = Record<string, string[]>;

/** The code a refused caller is answered with (403 each: src/shared/error-codes.ts). */
export type Refusal =
  | "FORBIDDEN"
  | "MFA_REQUIRED"
  | "YOU_ARE_NOT_ALLOWED_TO_LIST_USERS"
  | "YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION";

type Ctx = Context<{ Variables: SessionVariables }>;

/** Whether the caller's site role (src/shared/permissions.ts) or ADMIN_USER_IDS grants `permissions`. */
export async function hasSitePermission(auth: Auth, userId: string, permissions: Permissions): Promise<boolean> {
  return auth.api
    .userHasPermission({ body: { userId, permissions } })
    .then((r) => r.success)
    .catch(() => false);
}

/** Middleware: 403 `refusal` unless the caller's site role grants `permissions`. */
export function requireSitePermission(
  auth: Auth,
  permissions: Permissions,
  refusal: Refusal = "FORBIDDEN",
): MiddlewareHandler<{ Variables: SessionVariables }> {
  return async (c, next) => {
    if (!(await hasSitePermission(auth, sessionOf(c).user.id, permissions))) return fail(c, refusal);
    await next();
  };
}

/**
 * Why the caller may not act in the organization, or undefined when they may: MFA_REQUIRED for a
 * member the organization's two-step policy holds back; otherwise, with `permissions`, FORBIDDEN
 * unless the engine's has-permission (custom roles included) grants them, and without, `notMember`
 * unless the caller is a member.
 */
export async function organizationRefusal(
  auth: Auth,
  c: Ctx,
  organizationId: string,
  permissions?: Permissions,
  notMember: Refusal = "FORBIDDEN",
): Promise<Refusal | undefined> {
  const userId = sessionOf(c).user.id;
  const { adapter } = await auth.$context;
  const member = await adapter.findOne<{ id: string }>({
    model: "member",
    where: [
      { field: "organizationId", value: organizationId },
      { field: "userId", value: userId },
    ],
  });
  if (!member) return permissions ? "FORBIDDEN" : notMember;
  if (await refusedByMfaPolicy(adapter, userId, organizationId)) return "MFA_REQUIRED";
  if (!permissions) return undefined;
  const allowed = await auth.api
    .hasPermission({ headers: c.req.raw.headers, body: { organizationId, permissions } })
    .then((r) => r.success)
    .catch(() => false);
  return allowed ? undefined : "FORBIDDEN";
}

/** 400 with the first problem zod found, named by its field. */
export function badRequest(c: Context, issues: { path: PropertyKey[]; message: string }[]) {
  const issue = issues[0];
  return issue
    ? fail(c, "BAD_REQUEST", "parameter", issue.path.map(String).join(".") || "query", issue.message)
    : fail(c, "BAD_REQUEST");
}

/** A limit of Tessera's own was reached: 429 with `Retry-After` (docs/behaviour.md "Rate limits"). */
export function tooManyRequests(c: Context, retryAfter: number) {
  c.header("Retry-After", String(retryAfter));
  c.header("X-Retry-After", String(retryAfter));
  return c.json({ ...errorBody("TOO_MANY_REQUESTS"), retryAfter }, statusOf("TOO_MANY_REQUESTS"));
}
