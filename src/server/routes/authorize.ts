import type { Context, MiddlewareHandler } from "hono";
import { every } from "hono/combine";
import type { z } from "zod";
import type { Permissions } from "../../shared/permissions.js";
import type { Auth } from "../auth/auth.js";
import { roleList } from "../auth/custom-roles.js";
import { refusedByMfaPolicy } from "../auth/organization-mfa-policy.js";
import { type SessionVariables, sessionOf } from "../auth/session-fast-path.js";
import { errorBody, fail, statusOf } from "../errors.js";

// The one way app routes decide what a signed-in caller may do: `requirePermission` (the session, then
// for an organization its membership and two-step policy, then the permission), by the engine's own
// checks so Tessera's routes and the engine's calls never disagree (docs/roles.md). Its parts stay in this
// file (tests/docs/route-checks.test.ts): a check that depends on the request says so in its options
// (`organizationId` from the query, `orSite`), after `validated` when a bad request is 400 whoever asks.

/** The code a refused caller is answered with (403 each: src/shared/error-codes.ts). */
export type Refusal =
  | "FORBIDDEN"
  | "MFA_REQUIRED"
  | "YOU_ARE_NOT_ALLOWED_TO_LIST_USERS"
  | "YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION";

type Ctx = Context<{ Variables: SessionVariables }>;
type SessionMiddleware = MiddlewareHandler<{ Variables: SessionVariables }>;

/** The caller's membership in the organization. */
export interface Membership {
  id: string;
  role: string;
}
const MEMBERSHIPS = new WeakMap<Request, Membership>();

/** The membership an organization `requirePermission` found: only in a handler behind it. */
export function membershipOf(c: Context): Membership {
  const member = MEMBERSHIPS.get(c.req.raw);
  if (!member) throw new Error('membershipOf outside requirePermission("organization", …)');
  return member;
}

const ROLES: unique symbol = Symbol("roles");

/** Any one of these built-in roles: for SSO, whose engine plugin checks roles, not permissions (docs/sso.md). */
export interface AnyRole {
  readonly [ROLES]: readonly string[];
}
export const anyRole = (...roles: string[]): AnyRole => ({ [ROLES]: roles });

/** What an organization route needs: permissions (the engine's has-permission), any of some roles, or membership alone. */
export type Need = Permissions | AnyRole | "membership";

/** A route's own wording of a refusal (a message variant); by default the code's message. */
type Refuse = (c: Context, refusal: Refusal) => Response;
const plainly: Refuse = (c, refusal) => fail(c, refusal);

export interface SiteOptions {
  /** The code for a caller without the permission (FORBIDDEN unless said). */
  refusal?: Refusal;
  refuse?: Refuse;
}

export interface OrganizationOptions {
  /** The organization the call is about: the `:organizationId` route parameter unless said otherwise. */
  organizationId?: (c: Ctx) => string | undefined;
  /** The code for a caller who is not a member (FORBIDDEN unless said). */
  notMember?: Refusal;
  /**
   * A site permission that lets the caller through as well, checked first and without a membership (so no
   * `membershipOf`): the audit log, which site admins read whole and an organization's owners its part.
   */
  orSite?: Permissions;
}

/** Organization ids as the routes take them: any other is refused as a non-member is, without a lookup. */
const ORGANIZATION_ID = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * What only site admins (the `admin` role and ADMIN_USER_IDS) hold: giving site roles. Whoever holds it can
 * make themselves an admin, so the routes for site admins alone (the site's OAuth clients, the API
 * reference in production) ask for it.
 */
export const SITE_ADMINISTRATION: Permissions = { user: ["set-role"] };

/** Whether the caller's site role (src/shared/permissions.ts) or ADMIN_USER_IDS grants `permissions`. */
async function hasSitePermission(auth: Auth, userId: string, permissions: Permissions): Promise<boolean> {
  return auth.api
    .userHasPermission({ body: { userId, permissions } })
    .then((r) => r.success)
    .catch(() => false);
}

/**
 * The caller's refusal in the organization, or their membership when they may act: `notMember` for a
 * non-member, MFA_REQUIRED for a member the organization's two-step policy holds back, then FORBIDDEN
 * unless `need` is met (the engine's has-permission, custom roles included, for permissions).
 */
async function organizationCheck(
  auth: Auth,
  c: Ctx,
  organizationId: string,
  need: Need,
  notMember: Refusal,
): Promise<{ refused: Refusal } | { member: Membership }> {
  if (!ORGANIZATION_ID.test(organizationId)) return { refused: notMember };
  const userId = sessionOf(c).user.id;
  const { adapter } = await auth.$context;
  const member = await adapter.findOne<{ id: string; role: string }>({
    model: "member",
    where: [
      { field: "organizationId", value: organizationId },
      { field: "userId", value: userId },
    ],
  });
  if (!member) return { refused: notMember };
  if (await refusedByMfaPolicy(adapter, userId, organizationId)) return { refused: "MFA_REQUIRED" };
  if (need === "membership") return { member };
  if (ROLES in need) {
    const wanted = need[ROLES];
    return roleList(member.role).some((r) => wanted.includes(r)) ? { member } : { refused: "FORBIDDEN" };
  }
  const allowed = await auth.api
    .hasPermission({ headers: c.req.raw.headers, body: { organizationId, permissions: need } })
    .then((r) => r.success)
    .catch(() => false);
  return allowed ? { member } : { refused: "FORBIDDEN" };
}

/**
 * The permission checks of app routes, as middleware: `requirePermission("site", permissions)` and
 * `requirePermission("organization", need)`. Each signs the caller in (401 without a session; an
 * earlier requireSession on the same request is not repeated), then answers 403 with the refusal's
 * code, or lets the route run (with `membershipOf(c)` for an organization, unless `orSite` let it in).
 */
export function authorization({ auth, requireSession }: { auth: Auth; requireSession: SessionMiddleware }) {
  const signedIn = (check: SessionMiddleware): SessionMiddleware => {
    const both = every(requireSession, check) as SessionMiddleware;
    return (c, next) => (c.get("user") ? check(c, next) : both(c, next));
  };

  function requirePermission(scope: "site", permissions: Permissions, options?: SiteOptions): SessionMiddleware;
  function requirePermission(scope: "organization", need: Need, options?: OrganizationOptions): SessionMiddleware;
  function requirePermission(
    scope: "site" | "organization",
    need: Need,
    options: SiteOptions & OrganizationOptions = {},
  ): SessionMiddleware {
    if (scope === "site") {
      const refuse = options.refuse ?? plainly;
      const refusal = options.refusal ?? "FORBIDDEN";
      return signedIn(async (c, next) => {
        if (!(await hasSitePermission(auth, sessionOf(c).user.id, need as Permissions))) return refuse(c, refusal);
        await next();
      });
    }
    const organizationOf = options.organizationId ?? ((c: Ctx) => c.req.param("organizationId"));
    const notMember = options.notMember ?? "FORBIDDEN";
    const { orSite } = options;
    return signedIn(async (c, next) => {
      if (orSite && (await hasSitePermission(auth, sessionOf(c).user.id, orSite))) return next();
      const checked = await organizationCheck(auth, c, organizationOf(c) ?? "", need, notMember);
      if ("refused" in checked) return fail(c, checked.refused);
      MEMBERSHIPS.set(c.req.raw, checked.member);
      await next();
    });
  }

  return { requirePermission };
}

/** 400 with the first problem zod found, named by its field. */
export function badRequest(c: Context, issues: { path: PropertyKey[]; message: string }[]) {
  const issue = issues[0];
  return issue
    ? fail(c, "BAD_REQUEST", "parameter", issue.path.map(String).join(".") || "query", issue.message)
    : fail(c, "BAD_REQUEST");
}

/**
 * The query or JSON body checked by `schema` as a route's middleware: 400 naming the field (badRequest), else
 * the handler reads it with `c.req.valid(target)`. Before requirePermission where a bad request is 400
 * whoever asks; a JSON body that does not parse is checked as null.
 */
export function validated<T extends "query" | "json", S extends z.ZodType>(
  target: T,
  schema: S,
): MiddlewareHandler<{ Variables: SessionVariables }, string, { out: { [K in T]: z.output<S> } }> {
  return async (c, next) => {
    const input = target === "query" ? c.req.query() : await c.req.json().catch(() => null);
    const parsed = schema.safeParse(input);
    if (!parsed.success) return badRequest(c, parsed.error.issues);
    c.req.addValidatedData(target, parsed.data as object);
    await next();
  };
}

/** A limit of Tessera's own was reached: 429 with `Retry-After` (docs/behaviour.md "Rate limits"). */
export function tooManyRequests(c: Context, retryAfter: number) {
  c.header("Retry-After", String(retryAfter));
  c.header("X-Retry-After", String(retryAfter));
  return c.json({ ...errorBody("TOO_MANY_REQUESTS"), retryAfter }, statusOf("TOO_MANY_REQUESTS"));
}
