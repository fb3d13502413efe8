import { APP_ROUTES } from "@/shared/app-routes.js";

/**
 * Every URL the web app links to or calls outside the auth client, in one place.
 * Mail links from the server land on `verifyEmail`, `resetPassword`, `deleteUserCallback` and `invitation`.
 */
export const paths = {
  home: { path: APP_ROUTES.home, getHref: () => "/" },
  signIn: {
    path: APP_ROUTES.signIn,
    /** `reauthenticate`: the form even for a signed-in user (an app asked for a fresh sign-in). */
    getHref: (redirectTo?: string | null, options?: { reauthenticate?: boolean }) => {
      const href = withRedirect("/sign-in", redirectTo);
      return options?.reauthenticate ? `${href}${href.includes("?") ? "&" : "?"}reauthenticate=1` : href;
    },
  },
  /** The second step of sign-in; `methods` as the engine answered (`twoFactorMethods`), when known. */
  signInTwoFactor: {
    path: APP_ROUTES.signInTwoFactor,
    getHref: (redirectTo?: string | null, methods?: readonly string[], options?: { reauthenticate?: boolean }) => {
      const query = new URLSearchParams();
      if (redirectTo && redirectTo !== "/") query.set("redirectTo", redirectTo);
      if (methods?.length) query.set("methods", methods.join(","));
      if (options?.reauthenticate) query.set("reauthenticate", "1");
      const search = query.toString();
      return search ? `/sign-in/two-factor?${search}` : "/sign-in/two-factor";
    },
  },
  signUp: {
    path: APP_ROUTES.signUp,
    getHref: (redirectTo?: string | null) => withRedirect("/sign-up", redirectTo),
  },
  checkInbox: { path: APP_ROUTES.checkInbox, getHref: () => "/sign-up/check-inbox" },
  forgotPassword: { path: APP_ROUTES.forgotPassword, getHref: () => "/forgot-password" },
  resetPassword: {
    path: APP_ROUTES.resetPassword,
    getHref: (token: string) => `/reset-password/${encodeURIComponent(token)}`,
  },
  verifyEmail: { path: APP_ROUTES.verifyEmail, getHref: () => "/verify-email" },
  deleteUserCallback: { path: APP_ROUTES.deleteUserCallback, getHref: () => "/delete-user/callback" },
  invitation: {
    path: APP_ROUTES.invitation,
    getHref: (id: string) => `/invitations/${encodeURIComponent(id)}`,
  },
  error: {
    path: APP_ROUTES.error,
    getHref: (code?: string | null) => (code ? `/error?${new URLSearchParams({ error: code })}` : "/error"),
  },
  profile: { path: APP_ROUTES.profile, getHref: () => "/profile" },
  settings: { path: APP_ROUTES.settings, getHref: () => "/settings" },
  settingsProfile: { path: APP_ROUTES.settingsProfile, getHref: () => "/settings/profile" },
  settingsEmail: { path: APP_ROUTES.settingsEmail, getHref: () => "/settings/email" },
  settingsPassword: { path: APP_ROUTES.settingsPassword, getHref: () => "/settings/password" },
  settingsSessions: { path: APP_ROUTES.settingsSessions, getHref: () => "/settings/sessions" },
  settingsAccounts: { path: APP_ROUTES.settingsAccounts, getHref: () => "/settings/accounts" },
  /** Two-step verification (authenticator app, e-mail code, backup codes) and passkeys. */
  settingsSecurity: {
    path: APP_ROUTES.settingsSecurity,
    getHref: (redirectTo?: string | null) => withRedirect("/settings/security", redirectTo),
  },
  settingsDeleteAccount: { path: APP_ROUTES.settingsDeleteAccount, getHref: () => "/settings/delete-account" },
  organizations: { path: APP_ROUTES.organizations, getHref: () => "/organizations" },
  organizationNew: { path: APP_ROUTES.organizationNew, getHref: () => "/organizations/new" },
  organization: { path: APP_ROUTES.organization, getHref: (slug: string) => `/org/${encodeURIComponent(slug)}` },
  organizationMembers: {
    path: APP_ROUTES.organizationMembers,
    getHref: (slug: string) => `/org/${encodeURIComponent(slug)}/members`,
  },
  organizationInvitations: {
    path: APP_ROUTES.organizationInvitations,
    getHref: (slug: string) => `/org/${encodeURIComponent(slug)}/invitations`,
  },
  organizationTeams: {
    path: APP_ROUTES.organizationTeams,
    getHref: (slug: string) => `/org/${encodeURIComponent(slug)}/teams`,
  },
  /** The organization's roles: built-in ones read-only, custom ones created and edited (ac permissions). */
  organizationRoles: {
    path: APP_ROUTES.organizationRoles,
    getHref: (slug: string) => `/org/${encodeURIComponent(slug)}/roles`,
  },
  devMailbox: { path: APP_ROUTES.devMailbox, getHref: () => "/dev/mailbox" },
  admin: {
    path: APP_ROUTES.admin,
    /** The user list; `search` is a query string of the list's filters (without "?"). */
    getHref: (search?: string) => (search ? `/admin?${search}` : "/admin"),
  },
  adminCreateUser: { path: APP_ROUTES.adminCreateUser, getHref: () => "/admin/users/new" },
  adminUser: { path: APP_ROUTES.adminUser, getHref: (id: string) => `/admin/users/${encodeURIComponent(id)}` },
  adminAudit: { path: APP_ROUTES.adminAudit, getHref: () => "/admin/audit" },
  organizationAudit: {
    path: APP_ROUTES.organizationAudit,
    getHref: (slug: string) => `/org/${encodeURIComponent(slug)}/audit`,
  },
  /** An organization's webhook endpoints, and one endpoint with its deliveries. */
  organizationWebhooks: {
    path: APP_ROUTES.organizationWebhooks,
    getHref: (slug: string) => `/org/${encodeURIComponent(slug)}/webhooks`,
  },
  organizationWebhook: {
    path: APP_ROUTES.organizationWebhook,
    getHref: (slug: string, id: string) => `/org/${encodeURIComponent(slug)}/webhooks/${encodeURIComponent(id)}`,
  },
  organizationScim: {
    path: APP_ROUTES.organizationScim,
    getHref: (slug: string) => `/org/${encodeURIComponent(slug)}/scim`,
  },
  organizationSso: {
    path: APP_ROUTES.organizationSso,
    getHref: (slug: string) => `/org/${encodeURIComponent(slug)}/sso`,
  },
  /** The site's webhook endpoints (site admins). */
  adminWebhooks: { path: APP_ROUTES.adminWebhooks, getHref: () => "/admin/webhooks" },
  adminWebhook: {
    path: APP_ROUTES.adminWebhook,
    getHref: (id: string) => `/admin/webhooks/${encodeURIComponent(id)}`,
  },
  /** "Sign in with Tessera": the provider's sign-in and consent pages, and where a signed-in flow goes on. */
  oauthSignIn: { path: APP_ROUTES.oauthSignIn, getHref: () => "/oauth/sign-in" },
  oauthContinue: {
    path: APP_ROUTES.oauthContinue,
    getHref: (params: URLSearchParams) => `/oauth/continue?${params}`,
  },
  oauthConsent: { path: APP_ROUTES.oauthConsent, getHref: () => "/oauth/consent" },
  settingsConnectedApps: { path: APP_ROUTES.settingsConnectedApps, getHref: () => "/settings/connected-apps" },
  /** API keys: the user's own, and an organization's (owners and admins). */
  settingsApiKeys: { path: APP_ROUTES.settingsApiKeys, getHref: () => "/settings/api-keys" },
  organizationApiKeys: {
    path: APP_ROUTES.organizationApiKeys,
    getHref: (slug: string) => `/org/${encodeURIComponent(slug)}/api-keys`,
  },
  /** An organization's own OAuth clients (owners and admins). */
  organizationApps: {
    path: APP_ROUTES.organizationApps,
    getHref: (slug: string) => `/org/${encodeURIComponent(slug)}/apps`,
  },
  adminOAuthClients: { path: APP_ROUTES.adminOAuthClients, getHref: () => "/admin/oauth-clients" },
  api: {
    /** The auth engine's base path (docs/behaviour.md#pages-and-links: the client default). */
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
    /** An organization's SCIM token and base URL (src/server/scim/routes.ts). */
    organizationScim: (organizationId: string) => `/api/organizations/${encodeURIComponent(organizationId)}/scim`,
    /** An organization's verified domain (src/server/sso/routes.ts). */
    organizationSso: (organizationId: string) => `/api/organizations/${encodeURIComponent(organizationId)}/sso`,
    /** The provider's authorize endpoint and the calls of its consent and connected-apps screens. */
    oauthAuthorize: (params: URLSearchParams) => `/api/auth/oauth2/authorize?${params}`,
    oauthPublicClient: (clientId: string) =>
      `/api/auth/oauth2/public-client?${new URLSearchParams({ client_id: clientId })}`,
    oauthConsent: "/api/auth/oauth2/consent",
    oauthConsents: "/api/auth/oauth2/get-consents",
    oauthDeleteConsent: "/api/auth/oauth2/delete-consent",
    /** The site's OAuth clients (src/server/routes/admin/oauth-clients.ts). */
    adminOAuthClients: "/api/admin/oauth-clients",
    adminOAuthClient: (id: string, path = "") => `/api/admin/oauth-clients/${encodeURIComponent(id)}${path}`,
    organizationOAuthClients: (organizationId: string) =>
      `/api/organizations/${encodeURIComponent(organizationId)}/oauth-clients`,
    /** Validates a reset token without using it; the engine answers with a redirect to this path. */
    resetTokenCheck: (token: string) =>
      `/api/auth/reset-password/${encodeURIComponent(token)}?${new URLSearchParams({ callbackURL: "/api/auth/ok" })}`,
  },
} as const;

/** `?redirectTo=` only when it leads somewhere other than home. */
function withRedirect(path: string, redirectTo?: string | null) {
  return redirectTo && redirectTo !== "/" ? `${path}?${new URLSearchParams({ redirectTo })}` : path;
}
