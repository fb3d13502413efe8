import { Component, type ComponentType, type ErrorInfo, lazy, type ReactNode, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { BrowserRouter, Navigate, type RouteObject, useLocation, useRoutes } from "react-router";
import { RouteError } from "../components/errors/route-error.js";
import { LoadingScreen } from "../components/loading-screen.js";
import { paths } from "../config/paths.js";
import SignInRoute from "./routes/auth/sign-in.js";
import { RootRoute } from "./routes/root.js";
import { RequireSession } from "./session-guards.js";

/**
 * React Router in declarative mode (`useRoutes` over the route table below), not its data router: the
 * app uses no loaders or actions, and the data router is 14 KB brotli more on every first visit
 * (tests/e2e/first-visit.e2e.ts holds the budget; docs/decisions/005-web-app.md).
 *
 * The sign-in screen is in the entry bundle (one download, no waterfall); every other screen is its own
 * chunk, fetched when it first renders. Navigations run in a transition, so while the next screen's
 * chunk loads the current one stays; on a first visit the loading screen shows.
 */
const screen = (load: () => Promise<{ default: ComponentType }>) => lazy(load);

function Loading() {
  const { t } = useTranslation();
  return <LoadingScreen label={t("common.loading")} />;
}

const AppRoot = screen(() => import("./routes/app/root.js"));

/**
 * Every signed-in screen: the session is checked here, in the entry, before any of their code loads,
 * so an anonymous visit of `/` goes to sign-in having downloaded nothing of the signed-in app.
 */
function SignedInShell() {
  return (
    <RequireSession>
      <AppRoot />
    </RequireSession>
  );
}

const routes: RouteObject[] = [
  {
    Component: RootRoute,
    children: [
      { path: paths.signIn.path, Component: SignInRoute },
      { path: paths.signInTwoFactor.path, Component: screen(() => import("./routes/auth/sign-in-two-factor.js")) },
      { path: paths.signUp.path, Component: screen(() => import("./routes/auth/sign-up.js")) },
      { path: paths.checkInbox.path, Component: screen(() => import("./routes/auth/check-inbox.js")) },
      { path: paths.forgotPassword.path, Component: screen(() => import("./routes/auth/forgot-password.js")) },
      { path: paths.resetPassword.path, Component: screen(() => import("./routes/auth/reset-password.js")) },
      { path: paths.verifyEmail.path, Component: screen(() => import("./routes/auth/verify-email.js")) },
      {
        path: paths.deleteUserCallback.path,
        Component: screen(() => import("./routes/account/delete-user-callback.js")),
      },
      { path: paths.invitation.path, Component: screen(() => import("./routes/invitation.js")) },
      { path: paths.error.path, Component: screen(() => import("./routes/error.js")) },
      { path: paths.devMailbox.path, Component: screen(() => import("./routes/dev-mailbox.js")) },
      // "Sign in with Tessera": the provider's sign-in hand-off and consent screen (routes/oauth/).
      { path: paths.oauthSignIn.path, Component: screen(() => import("./routes/oauth/sign-in.js")) },
      { path: paths.oauthContinue.path, Component: screen(() => import("./routes/oauth/continue.js")) },
      { path: paths.oauthConsent.path, Component: screen(() => import("./routes/oauth/consent.js")) },
      {
        Component: SignedInShell,
        children: [
          { index: true, Component: screen(() => import("./routes/app/home.js")) },
          // The profile lives with the other account settings; old links still land there.
          { path: paths.profile.path, element: <Navigate to={paths.settingsProfile.getHref()} replace /> },
          {
            // Account settings, one section per screen (routes/settings/).
            path: paths.settings.path,
            Component: screen(() => import("./routes/settings/layout.js")),
            children: [
              { index: true, Component: screen(() => import("./routes/settings/start.js")) },
              { path: paths.settingsProfile.path, Component: screen(() => import("./routes/settings/profile.js")) },
              { path: paths.settingsEmail.path, Component: screen(() => import("./routes/settings/email.js")) },
              { path: paths.settingsPassword.path, Component: screen(() => import("./routes/settings/password.js")) },
              { path: paths.settingsSessions.path, Component: screen(() => import("./routes/settings/sessions.js")) },
              { path: paths.settingsSecurity.path, Component: screen(() => import("./routes/settings/security.js")) },
              { path: paths.settingsAccounts.path, Component: screen(() => import("./routes/settings/accounts.js")) },
              {
                path: paths.settingsConnectedApps.path,
                Component: screen(() => import("./routes/settings/connected-apps.js")),
              },
              { path: paths.settingsApiKeys.path, Component: screen(() => import("./routes/settings/api-keys.js")) },
              {
                path: paths.settingsDeleteAccount.path,
                Component: screen(() => import("./routes/settings/delete-account.js")),
              },
            ],
          },
          // Organizations: the user's list, creating one, and one organization's screens (routes/organizations/).
          { path: paths.organizations.path, Component: screen(() => import("./routes/organizations/list.js")) },
          { path: paths.organizationNew.path, Component: screen(() => import("./routes/organizations/new.js")) },
          {
            path: paths.organization.path,
            Component: screen(() => import("./routes/organizations/layout.js")),
            children: [
              { index: true, Component: screen(() => import("./routes/organizations/general.js")) },
              {
                path: paths.organizationMembers.path,
                Component: screen(() => import("./routes/organizations/members.js")),
              },
              {
                path: paths.organizationInvitations.path,
                Component: screen(() => import("./routes/organizations/invitations.js")),
              },
              {
                path: paths.organizationTeams.path,
                Component: screen(() => import("./routes/organizations/teams.js")),
              },
              {
                path: paths.organizationRoles.path,
                Component: screen(() => import("./routes/organizations/roles.js")),
              },
              {
                path: paths.organizationAudit.path,
                Component: screen(() => import("./routes/org-audit/org-audit.js")),
              },
              {
                path: paths.organizationWebhooks.path,
                Component: screen(() => import("./routes/org-webhooks/list.js")),
              },
              {
                path: paths.organizationWebhook.path,
                Component: screen(() => import("./routes/org-webhooks/endpoint.js")),
              },
              { path: paths.organizationScim.path, Component: screen(() => import("./routes/organizations/scim.js")) },
              { path: paths.organizationSso.path, Component: screen(() => import("./routes/organizations/sso.js")) },
              {
                path: paths.organizationApiKeys.path,
                Component: screen(() => import("./routes/org-api-keys/api-keys.js")),
              },
              {
                path: paths.organizationApps.path,
                Component: screen(() => import("./routes/organizations/apps.js")),
              },
            ],
          },
          {
            // The admin console: the server decides who may enter (routes/admin/layout.tsx).
            path: paths.admin.path,
            Component: screen(() => import("./routes/admin/layout.js")),
            children: [
              { index: true, Component: screen(() => import("./routes/admin/users.js")) },
              { path: paths.adminCreateUser.path, Component: screen(() => import("./routes/admin/create-user.js")) },
              { path: paths.adminUser.path, Component: screen(() => import("./routes/admin/user.js")) },
              { path: paths.adminAudit.path, Component: screen(() => import("./routes/admin/audit.js")) },
              { path: paths.adminWebhooks.path, Component: screen(() => import("./routes/admin/webhooks.js")) },
              { path: paths.adminWebhook.path, Component: screen(() => import("./routes/admin/webhook.js")) },
              {
                path: paths.adminOAuthClients.path,
                Component: screen(() => import("./routes/admin/oauth-clients.js")),
              },
            ],
          },
        ],
      },
      { path: "*", Component: screen(() => import("./routes/not-found.js")) },
    ],
  },
];

/** A screen that fails to load or render (e.g. a new deploy removed an old chunk); cleared by the next navigation. */
class ScreenErrorBoundary extends Component<{ at: string; children: ReactNode }, { error: unknown; at?: string }> {
  override state: { error: unknown; at?: string } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }
  static getDerivedStateFromProps(props: { at: string }, state: { at?: string }) {
    return props.at === state.at ? null : { error: null, at: props.at };
  }
  override render() {
    return this.state.error === null ? this.props.children : <RouteError />;
  }
}

function Screens() {
  const { pathname } = useLocation();
  return (
    <ScreenErrorBoundary at={pathname}>
      <Suspense fallback={<Loading />}>{useRoutes(routes)}</Suspense>
    </ScreenErrorBoundary>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <Screens />
    </BrowserRouter>
  );
}
