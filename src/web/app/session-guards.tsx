import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useLocation } from "react-router";
import { useSession } from "@/lib/api/session.js";
import { LoadingScreen } from "../components/loading-screen.js";
import { paths } from "../config/paths.js";

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

/**
 * Sign-in and sign-up: someone already signed in goes straight on to where they were headed. Only on a
 * settled session: just after sign-out the old one is still in memory until the engine's refetch
 * answers, and sending the user back to the app then made its screens ask for data with no session
 * (issue 22 item 9; features/account/api/sign-out.ts).
 */
export function RedirectIfSignedIn({
  to,
  children,
  unless = false,
}: {
  to: string;
  children: ReactNode;
  /** Shows the page to a signed-in user too (an app asked for a fresh sign-in). */
  unless?: boolean;
}) {
  const { session, isRefetching } = useSession();
  if (session && !isRefetching && !unless) return <Navigate to={to} replace />;
  return children;
}
