import { siteAc, siteRoles } from "../../../shared/permissions.js";
import type { AuthMail } from "../../mail/auth-mail.js";
import { adminMfaReset } from "../admin-mfa-reset.js";
import { adminRules } from "../admin-rules.js";
import { impersonationRules } from "../impersonation-rules.js";
import type { Resource } from "./resource.js";

type SiteUser = { id: string; role?: string | null; banned?: boolean | null };

/**
 * Site administration: the admin plugin's /admin/create-user, list-users, get-user, update-user, set-role,
 * set-user-password, ban-user, unban-user, remove-user, impersonate-user, stop-impersonating, list-user-sessions,
 * revoke-user-session, revoke-user-sessions, has-permission, and Tessera's reset-user-mfa
 * (docs/behaviour.md#site-administration, docs/security.md "Impersonation"). What Tessera adds, by call:
 *
 * - every call: site roles as data and ADMIN_USER_IDS (the admin plugin's options `ac`, `roles`, `adminUserIds`
 *   below; shared/permissions.ts); who counts as a site admin (admin-rules.ts `siteAdminTest`).
 * - the calls that act on one user (get-user, update-user, set-role, set-user-password, ban-user, unban-user,
 *   remove-user, list-user-sessions, revoke-user-session(s), reset-user-mfa): only an ADMIN_USER_IDS admin acts on
 *   another admin; set-role and update-user leave the site an admin (admin-rules.ts `actingOnAdmins`, a path
 *   matcher: the admin plugin has no typed hooks, reads have no database hook, and the writes' database hooks
 *   come after the engine's own checks and earlier writes).
 * - delete-user and its callback (the user's own calls): the last admin stays (admin-rules.ts `lastAdminStays`, a
 *   path matcher: before the mail and before the link is used up, which beforeDelete is not).
 * - impersonate-user: not from an impersonation session (impersonation-rules.ts `noImpersonationChain`, a path
 *   matcher: a session create hook runs after the engine's own refusals); the session keeps the plugin's hour when
 *   refreshed, and ends when its admin may no longer impersonate (impersonation-rules.ts, typed session and user
 *   database hooks); "SSO required" does not apply to it (sso/policy.ts).
 * - reset-user-mfa: Tessera's endpoint, so the rules above, the origin check, the rate limit and the audit log
 *   apply to it as to the plugin's own (admin-mfa-reset.ts).
 * - set-user-password: "SSO required" (sso/policy.ts).
 * - create-user, update-user, ban-user: text lengths (input-rules.ts).
 * - list-users: the console searches through GET /api/admin/users instead (routes/admin/).
 *
 * Also on these calls, table-driven across resources: audit events (audit/admin-events.ts: role set, ban, unban,
 * impersonation started and stopped, password set, user created and removed, two-step reset, sessions revoked),
 * API-key scopes (api-keys.ts: no key reaches them), error bodies (error-bodies.ts: the plugin's bare 401).
 *
 * See also: the console's own reads (src/server/routes/admin/index.ts: the user search, user-search.ts, and its
 * SQLite trigram index, src/server/db/user-search-migration.ts; one user's detail, user-detail.ts); the site's
 * OAuth clients (src/server/routes/admin/oauth-clients.ts).
 */
export function adminResource({
  adminUserIds,
  isSiteAdmin,
  mail,
}: {
  adminUserIds: string[];
  isSiteAdmin: (user: SiteUser) => boolean;
  mail: AuthMail;
}) {
  const impersonation = impersonationRules({ mayImpersonate: isSiteAdmin });
  const rules = adminRules({ adminUserIds, isSiteAdmin });
  return {
    /** The admin plugin's options. */
    options: { ac: siteAc, roles: siteRoles, adminUserIds },
    /** Impersonation's database hooks (registered in options.ts just before these path hooks, where they were). */
    impersonationPlugin: impersonation.plugin,
    /** POST /admin/reset-user-mfa (its own plugin: the OpenAPI document tags an endpoint by its plugin's id). */
    mfaResetPlugin: adminMfaReset({ adminUserIds, mail }),
    before: [impersonation.noImpersonationChain, rules.actingOnAdmins, rules.lastAdminStays],
  } satisfies Resource & Record<string, unknown>;
}
