/**
 * Every URL the web app links to or calls outside the auth client, in one place.
 * Mail links from the server land on `verifyEmail`, `resetPassword`, `deleteUserCallback` and `invitation`.
 */
export const paths = {
  home: { path: "/", getHref: () => "/" },
  signIn: {
    path: "/sign-in",
    getHref: (redirectTo?: string | null) => withRedirect("/sign-in", redirectTo),
  },
  /** The second step of sign-in; `methods` as the engine answered (`twoFactorMethods`), when known. */
  signInTwoFactor: {
    path: "/sign-in/two-factor",
    getHref: (redirectTo?: string | null, methods?: readonly string[]) => {
      const query = new URLSearchParams();
      if (redirectTo && redirectTo !== "/") query.set("redirectTo", redirectTo);
      if (methods?.length) query.set("methods", methods.join(","));
      const search = query.toString();
      return search ? `/sign-in/two-factor?${search}` : "/sign-in/two-factor";
    },
  },
  signUp: {
    path: "/sign-up",
    getHref: (redirectTo?: string | null) => withRedirect("/sign-up", redirectTo),
  },
  checkInbox: { path: "/sign-up/check-inbox", getHref: () => "/sign-up/check-inbox" },
  forgotPassword: { path: "/forgot-password", getHref: () => "/forgot-password" },
  resetPassword: {
    path: "/reset-password/:token",
    getHref: (token: string) => `/reset-password/${encodeURIComponent(token)}`,
  },
  verifyEmail: { path: "/verify-email", getHref: () => "/verify-email" },
  deleteUserCallback: { path: "/delete-user/callback", getHref: () => "/delete-user/callback" },
  invitation: {
    path: "/invitations/:invitationId",
    getHref: (id: string) => `/invitations/${encodeURIComponent(id)}`,
  },
  error: {
    path: "/error",
    getHref: (code?: string | null) => (code ? `/error?${new URLSearchParams({ error: code })}` : "/error"),
  },
  profile: { path: "/profile", getHref: () => "/profile" },
  settings: { path: "/settings", getHref: () => "/settings" },
  settingsProfile: { path: "/settings/profile", getHref: () => "/settings/profile" },
  settingsEmail: { path: "/settings/email", getHref: () => "/settings/email" },
  settingsPassword: { path: "/settings/password", getHref: () => "/settings/password" },
  settingsSessions: { path: "/settings/sessions", getHref: () => "/settings/sessions" },
  settingsAccounts: { path: "/settings/accounts", getHref: () => "/settings/accounts" },
  /** Two-step verification (authenticator app, e-mail code, backup codes) and passkeys. */
  settingsSecurity: {
    path: "/settings/security",
    getHref: (redirectTo?: string | null) => withRedirect("/settings/security", redirectTo),
  },
  settingsDeleteAccount: { path: "/settings/delete-account", getHref: () => "/settings/delete-account" },
  organizations: { path: "/organizations", getHref: () => "/organizations" },
  organizationNew: { path: "/organizations/new", getHref: () => "/organizations/new" },
  organization: { path: "/org/:slug", getHref: (slug: string) => `/org/${encodeURIComponent(slug)}` },
  organizationMembers: {
    path: "/org/:slug/members",
    getHref: (slug: string) => `/org/${encodeURIComponent(slug)}/members`,
  },
  organizationInvitations: {
    path: "/org/:slug/invitations",
    getHref: (slug: string) => `/org/${encodeURIComponent(slug)}/invitations`,
  },
  organizationTeams: {
    path: "/org/:slug/teams",
    getHref: (slug: string) => `/org/${encodeURIComponent(slug)}/teams`,
  },
  /** The organization's roles: built-in ones read-only, custom ones created and edited (ac permissions). */
  organizationRoles: {
    path: "/org/:slug/roles",
    getHref: (slug: string) => `/org/${encodeURIComponent(slug)}/roles`,
  },
  devMailbox: { path: "/dev/mailbox", getHref: () => "/dev/mailbox" },
  admin: {
    path: "/admin",
    /** The user list; `search` is a query string of the list's filters (without "?"). */
    getHref: (search?: string) => (search ? `/admin?${search}` : "/admin"),
  },
  adminCreateUser: { path: "/admin/users/new", getHref: () => "/admin/users/new" },
  adminUser: { path: "/admin/users/:userId", getHref: (id: string) => `/admin/users/${encodeURIComponent(id)}` },
  adminAudit: { path: "/admin/audit", getHref: () => "/admin/audit" },
  organizationAudit: {
    path: "/org/:slug/audit",
    getHref: (slug: string) => `/org/${encodeURIComponent(slug)}/audit`,
  },
  /** An organization's webhook endpoints, and one endpoint with its deliveries. */
  organizationWebhooks: {
    path: "/org/:slug/webhooks",
    getHref: (slug: string) => `/org/${encodeURIComponent(slug)}/webhooks`,
  },
  organizationWebhook: {
    path: "/org/:slug/webhooks/:endpointId",
    getHref: (slug: string, id: string) => `/org/${encodeURIComponent(slug)}/webhooks/${encodeURIComponent(id)}`,
  },
  /** The site's webhook endpoints (site admins). */
  adminWebhooks: { path: "/admin/webhooks", getHref: () => "/admin/webhooks" },
  adminWebhook: {
    path: "/admin/webhooks/:endpointId",
    getHref: (id: string) => `/admin/webhooks/${encodeURIComponent(id)}`,
  },
  api: {
    /** The auth engine's base path (SPEC §2: the client default). */
    auth: "/api/auth",
    /** Engine endpoints the typed client has no method for, relative to `auth`. */
    engine: {
      deleteUserCallback: "/delete-user/callback",
    },
    publicConfig: "/api/public-config",
    /** The account's sessions without tokens, and revoking one (src/server/routes/account/). */
    accountSessions: "/api/account/sessions",
    revokeAccountSession: (id: string) => `/api/account/sessions/${encodeURIComponent(id)}/revoke`,
    setPassword: "/api/account/set-password",
    /** Which second factors the signed-in user has (src/server/routes/account/mfa.ts). */
    accountMfa: "/api/account/mfa",
    /** When a verification link last went to the signed-in user's address (src/server/routes/account/email-verification.ts). */
    accountEmailVerification: "/api/account/email-verification",
    /** Avatars and logos (src/server/routes/uploads/). */
    uploads: "/api/uploads",
    /** Who is in which team, and the limits (src/server/routes/organizations/). */
    organizationTeamMembers: (organizationId: string) =>
      `/api/organizations/${encodeURIComponent(organizationId)}/team-members`,
    /** The admin console's user search and one user's details (src/server/routes/admin/). */
    adminUsers: "/api/admin/users",
    adminUser: (id: string) => `/api/admin/users/${encodeURIComponent(id)}`,
    /** The audit log, JSON or CSV (src/server/routes/audit.ts). */
    audit: "/api/audit",
    /** Webhook endpoints: one organization's, or the site's (src/server/webhooks/). */
    organizationWebhooks: (organizationId: string) =>
      `/api/organizations/${encodeURIComponent(organizationId)}/webhooks`,
    adminWebhooks: "/api/admin/webhooks",
    /** Validates a reset token without using it; the engine answers with a redirect to this path. */
    resetTokenCheck: (token: string) =>
      `/api/auth/reset-password/${encodeURIComponent(token)}?${new URLSearchParams({ callbackURL: "/api/auth/ok" })}`,
  },
} as const;

/** `?redirectTo=` only when it leads somewhere other than home. */
function withRedirect(path: string, redirectTo?: string | null) {
  return redirectTo && redirectTo !== "/" ? `${path}?${new URLSearchParams({ redirectTo })}` : path;
}
