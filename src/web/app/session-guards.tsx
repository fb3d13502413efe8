import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useLocation } from "react-router";
import { LoadingScreen } from "../components/loading-screen.js";
import { paths } from "../config/paths.js";
import { useSession } from "../lib/session.js";

/** Protected screens: a signed-out visit goes to sign-in, which brings the user back here afterwards. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { session, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <LoadingScreen label={t("common.loading")} />;
  if (!session) {
    return <Navigate to={paths.signIn.getHref(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  return children;
}

/** Sign-in and sign-up: someone already signed in goes straight on to where they were headed. */
export function RedirectIfSignedIn({ to, children }: { to: string; children: ReactNode }) {
  const { session } = useSession();
  if (session) return <Navigate to={to} replace />;
  return children;
}
