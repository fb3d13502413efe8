import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { createBrowserRouter, type RouteObject, redirect } from "react-router";
import { RouterProvider } from "react-router/dom";
import { RouteError } from "../components/errors/route-error.js";
import { LoadingScreen } from "../components/loading-screen.js";
import { paths } from "../config/paths.js";
import SignInRoute from "./routes/auth/sign-in.js";
import { forwardErrorParam, RootRoute } from "./routes/root.js";

/**
 * The sign-in screen is in the entry bundle (one download, no waterfall); every other screen is its own
 * chunk, so signing in downloads nothing of the signed-in app (bench/web-size.ts checks the budget).
 */
const screen = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

function HydrateFallback() {
  const { t } = useTranslation();
  return <LoadingScreen label={t("common.loading")} />;
}

export const routes: RouteObject[] = [
  {
    id: "root",
    Component: RootRoute,
    loader: forwardErrorParam,
    HydrateFallback,
    ErrorBoundary: RouteError,
    children: [
      { path: paths.signIn.path, Component: SignInRoute },
      { path: paths.signInTwoFactor.path, lazy: screen(() => import("./routes/auth/sign-in-two-factor.js")) },
      { path: paths.signUp.path, lazy: screen(() => import("./routes/auth/sign-up.js")) },
      { path: paths.checkInbox.path, lazy: screen(() => import("./routes/auth/check-inbox.js")) },
      { path: paths.forgotPassword.path, lazy: screen(() => import("./routes/auth/forgot-password.js")) },
      { path: paths.resetPassword.path, lazy: screen(() => import("./routes/auth/reset-password.js")) },
      { path: paths.verifyEmail.path, lazy: screen(() => import("./routes/auth/verify-email.js")) },
      { path: paths.deleteUserCallback.path, lazy: screen(() => import("./routes/account/delete-user-callback.js")) },
      { path: paths.invitation.path, lazy: screen(() => import("./routes/invitation.js")) },
      { path: paths.error.path, lazy: screen(() => import("./routes/error.js")) },
      { path: paths.devMailbox.path, lazy: screen(() => import("./routes/dev-mailbox.js")) },
      // "Sign in with Tessera": the provider's sign-in hand-off and consent screen (routes/oauth/).
      { path: paths.oauthSignIn.path, lazy: screen(() => import("./routes/oauth/sign-in.js")) },
      { path: paths.oauthContinue.path, lazy: screen(() => import("./routes/oauth/continue.js")) },
      { path: paths.oauthConsent.path, lazy: screen(() => import("./routes/oauth/consent.js")) },
      {
        lazy: screen(() => import("./routes/app/root.js")),
        children: [
          { index: true, lazy: screen(() => import("./routes/app/home.js")) },
          // The profile lives with the other account settings; old links still land there.
          { path: paths.profile.path, loader: () => redirect(paths.settingsProfile.getHref()) },
          {
            // Account settings, one section per screen (routes/settings/).
            path: paths.settings.path,
            lazy: screen(() => import("./routes/settings/layout.js")),
            children: [
              { index: true, lazy: screen(() => import("./routes/settings/start.js")) },
              { path: paths.settingsProfile.path, lazy: screen(() => import("./routes/settings/profile.js")) },
              { path: paths.settingsEmail.path, lazy: screen(() => import("./routes/settings/email.js")) },
              { path: paths.settingsPassword.path, lazy: screen(() => import("./routes/settings/password.js")) },
              { path: paths.settingsSessions.path, lazy: screen(() => import("./routes/settings/sessions.js")) },
              { path: paths.settingsSecurity.path, lazy: screen(() => import("./routes/settings/security.js")) },
              { path: paths.settingsAccounts.path, lazy: screen(() => import("./routes/settings/accounts.js")) },
              {
                path: paths.settingsConnectedApps.path,
                lazy: screen(() => import("./routes/settings/connected-apps.js")),
              },
              { path: paths.settingsApiKeys.path, lazy: screen(() => import("./routes/settings/api-keys.js")) },
              {
                path: paths.settingsDeleteAccount.path,
                lazy: screen(() => import("./routes/settings/delete-account.js")),
              },
            ],
          },
          // Organizations: the user's list, creating one, and one organization's screens (routes/organizations/).
          { path: paths.organizations.path, lazy: screen(() => import("./routes/organizations/list.js")) },
          { path: paths.organizationNew.path, lazy: screen(() => import("./routes/organizations/new.js")) },
          {
            path: paths.organization.path,
            lazy: screen(() => import("./routes/organizations/layout.js")),
            children: [
              { index: true, lazy: screen(() => import("./routes/organizations/general.js")) },
              { path: paths.organizationMembers.path, lazy: screen(() => import("./routes/organizations/members.js")) },
              {
                path: paths.organizationInvitations.path,
                lazy: screen(() => import("./routes/organizations/invitations.js")),
              },
              { path: paths.organizationTeams.path, lazy: screen(() => import("./routes/organizations/teams.js")) },
              { path: paths.organizationRoles.path, lazy: screen(() => import("./routes/organizations/roles.js")) },
              { path: paths.organizationAudit.path, lazy: screen(() => import("./routes/org-audit/org-audit.js")) },
              {
                path: paths.organizationWebhooks.path,
                lazy: screen(() => import("./routes/org-webhooks/list.js")),
              },
              {
                path: paths.organizationWebhook.path,
                lazy: screen(() => import("./routes/org-webhooks/endpoint.js")),
              },
              { path: paths.organizationScim.path, lazy: screen(() => import("./routes/organizations/scim.js")) },
              { path: paths.organizationSso.path, lazy: screen(() => import("./routes/organizations/sso.js")) },
              {
                path: paths.organizationApiKeys.path,
                lazy: screen(() => import("./routes/org-api-keys/api-keys.js")),
              },
            ],
          },
          {
            // The admin console: the server decides who may enter (routes/admin/layout.tsx).
            path: paths.admin.path,
            lazy: screen(() => import("./routes/admin/layout.js")),
            children: [
              { index: true, lazy: screen(() => import("./routes/admin/users.js")) },
              { path: paths.adminCreateUser.path, lazy: screen(() => import("./routes/admin/create-user.js")) },
              { path: paths.adminUser.path, lazy: screen(() => import("./routes/admin/user.js")) },
              { path: paths.adminAudit.path, lazy: screen(() => import("./routes/admin/audit.js")) },
              { path: paths.adminWebhooks.path, lazy: screen(() => import("./routes/admin/webhooks.js")) },
              { path: paths.adminWebhook.path, lazy: screen(() => import("./routes/admin/webhook.js")) },
              { path: paths.adminOAuthClients.path, lazy: screen(() => import("./routes/admin/oauth-clients.js")) },
            ],
          },
        ],
      },
      { path: "*", lazy: screen(() => import("./routes/not-found.js")) },
    ],
  },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
