import { Navigate, useLocation } from "react-router";
import { paths } from "../../../config/paths.js";
import { authorizationParams } from "../../../features/oauth/lib/flow.js";

/**
 * The provider's login page (loginPage): the app's request goes through the ordinary sign-in (any
 * method, second step included) and then on to /oauth/continue, which hands it back to the provider.
 */
export default function OAuthSignInRoute() {
  const { search } = useLocation();
  const params = authorizationParams(search);
  if (!params) return <Navigate to={paths.error.getHref("invalid_request")} replace />;
  return <Navigate to={paths.signIn.getHref(paths.oauthContinue.getHref(params))} replace />;
}
