import { Navigate, useLocation } from "react-router";
import { paths } from "@/config/paths.js";
import { authorizationParams, needsReauthentication, REAUTH_PARAM } from "@/features/oauth/lib/flow.js";

/**
 * The provider's login page (loginPage): the app's request goes through the ordinary sign-in (any
 * method, second step included) and then on to /oauth/continue, which hands it back to the provider.
 * When the app asked for a fresh sign-in (prompt=login, max_age), the sign-in form is shown even to a
 * signed-in user, and the request goes back demanding a session from after this moment.
 */
export default function OAuthSignInRoute() {
  const { search } = useLocation();
  const params = authorizationParams(search);
  if (!params) return <Navigate to={paths.error.getHref("invalid_request")} replace />;
  const original = new URLSearchParams(search);
  if (!needsReauthentication(original)) {
    return <Navigate to={paths.signIn.getHref(paths.oauthContinue.getHref(params))} replace />;
  }
  // The continue page recomputes max_age from this moment (prompt=login, max_age kept as asked).
  const kept = new URLSearchParams(original);
  for (const key of ["sig", "exp", "ba_iat", "ba_param", "ba_pl"]) kept.delete(key);
  kept.set(REAUTH_PARAM, String(Date.now()));
  return <Navigate to={paths.signIn.getHref(paths.oauthContinue.getHref(kept), { reauthenticate: true })} replace />;
}
