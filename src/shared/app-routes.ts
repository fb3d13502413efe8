/**
 * Every screen path of the web app, shared: the web app's router and links use them
 * (src/web/config/paths.ts), and the server answers the app's page with 200 for these and with 404 for
 * any other path (issue 22 item 9), so a mistyped address is a 404 for browsers, crawlers and monitors.
 * See also: the server's own error page, /api/auth/error (src/server/routes/error-page.ts).
 */
export const APP_ROUTES = {
  home: "/",
  signIn: "/sign-in",
  signInTwoFactor: "/sign-in/two-factor",
  signUp: "/sign-up",
  checkInbox: "/sign-up/check-inbox",
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password/:token",
  verifyEmail: "/verify-email",
  deleteUserCallback: "/delete-user/callback",
  invitation: "/invitations/:invitationId",
  error: "/error",
  profile: "/profile",
  settings: "/settings",
  settingsProfile: "/settings/profile",
  settingsEmail: "/settings/email",
  settingsPassword: "/settings/password",
  settingsSessions: "/settings/sessions",
  settingsAccounts: "/settings/accounts",
  settingsSecurity: "/settings/security",
  settingsDeleteAccount: "/settings/delete-account",
  organizations: "/organizations",
  organizationNew: "/organizations/new",
  organization: "/org/:slug",
  organizationMembers: "/org/:slug/members",
  organizationInvitations: "/org/:slug/invitations",
  organizationTeams: "/org/:slug/teams",
  organizationRoles: "/org/:slug/roles",
  devMailbox: "/dev/mailbox",
  admin: "/admin",
  adminCreateUser: "/admin/users/new",
  adminUser: "/admin/users/:userId",
  adminAudit: "/admin/audit",
  organizationAudit: "/org/:slug/audit",
  organizationWebhooks: "/org/:slug/webhooks",
  organizationWebhook: "/org/:slug/webhooks/:endpointId",
  organizationScim: "/org/:slug/scim",
  organizationSso: "/org/:slug/sso",
  adminWebhooks: "/admin/webhooks",
  adminWebhook: "/admin/webhooks/:endpointId",
  // "Sign in with Tessera" (src/server/auth/oauth-provider.ts names the first and the last).
  oauthSignIn: "/oauth/sign-in",
  oauthContinue: "/oauth/continue",
  oauthConsent: "/oauth/consent",
  settingsConnectedApps: "/settings/connected-apps",
  settingsApiKeys: "/settings/api-keys",
  organizationApiKeys: "/org/:slug/api-keys",
  organizationApps: "/org/:slug/apps",
  adminOAuthClients: "/admin/oauth-clients",
} as const;

const patterns = Object.values(APP_ROUTES).map((route) =>
  route === "/" ? /^\/$/ : new RegExp(`^${route.replace(/:[A-Za-z]+/g, "[^/]+")}/?$`),
);

/** Whether `pathname` is one of the app's screens (a `:param` matches one non-empty segment). */
export function isAppRoute(pathname: string): boolean {
  return patterns.some((p) => p.test(pathname));
}
