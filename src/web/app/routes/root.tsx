import { useEffect, useRef } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { paths } from "@/config/paths.js";
import { useLanguageSync } from "@/features/account/hooks/use-language-sync.js";
import { watchSystemTheme } from "@/lib/theme.js";

/**
 * Engine redirects that failed carry `?error=CODE` on whatever callback URL they were given;
 * every such landing goes to the one error page (before the screen it names renders).
 */
function errorPageFor({ pathname, search }: { pathname: string; search: string }): string | null {
  const code = new URLSearchParams(search).get("error");
  return code !== null && pathname !== paths.error.path ? paths.error.getHref(code) : null;
}

/** The root of every screen: language follows the signed-in user, theme follows the system when asked to. */
export function RootRoute() {
  useLanguageSync();
  useEffect(() => watchSystemTheme(), []);
  useFocusOnNavigation();
  const errorPage = errorPageFor(useLocation());
  return errorPage ? <Navigate to={errorPage} replace /> : <Outlet />;
}

/**
 * After moving to another screen, focus goes to its main region, so keyboard and screen-reader users
 * start at the new content instead of a link that no longer exists. The first load is left alone.
 */
function useFocusOnNavigation() {
  const { pathname } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose each time the path changes.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById("main")?.focus({ preventScroll: false });
  }, [pathname]);
}
