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
  devMailbox: { path: "/dev/mailbox", getHref: () => "/dev/mailbox" },
  api: {
    /** The auth engine's base path (SPEC §2: the client default). */
    auth: "/api/auth",
    publicConfig: "/api/public-config",
    /** Validates a reset token without using it; the engine answers with a redirect to this path. */
    resetTokenCheck: (token: string) =>
      `/api/auth/reset-password/${encodeURIComponent(token)}?${new URLSearchParams({ callbackURL: "/api/auth/ok" })}`,
  },
} as const;

/** `?redirectTo=` only when it leads somewhere other than home. */
function withRedirect(path: string, redirectTo?: string | null) {
  return redirectTo && redirectTo !== "/" ? `${path}?${new URLSearchParams({ redirectTo })}` : path;
}
