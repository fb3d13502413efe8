import { Navigate, useLocation } from "react-router";
import { RequireSession } from "@/app/session-guards.js";
import { paths } from "@/config/paths.js";
import { ContinueToProvider } from "@/features/oauth/components/continue-to-provider.js";
import { authorizationParams } from "@/features/oauth/lib/flow.js";

/** Signed in: the app's authorization request goes back to the provider, which now knows the user. */
export default function OAuthContinueRoute() {
  const { search } = useLocation();
  const params = authorizationParams(search);
  if (!params) return <Navigate to={paths.error.getHref("invalid_request")} replace />;
  return (
    <RequireSession>
      <ContinueToProvider href={paths.api.oauthAuthorize(params)} />
    </RequireSession>
  );
}
