import { useLocation } from "react-router";
import { ConsentScreen } from "../../../features/oauth/components/consent-screen.js";
import { useSession } from "../../../lib/session.js";
import { AuthLayout } from "../../layouts/auth-layout.js";
import { QueryProvider } from "../../query-provider.js";
import { RequireSession } from "../../session-guards.js";

export default function OAuthConsentRoute() {
  const { search } = useLocation();
  const { session } = useSession();
  return (
    <AuthLayout>
      <RequireSession>
        <QueryProvider>{session && <ConsentScreen search={search} email={session.user.email} />}</QueryProvider>
      </RequireSession>
    </AuthLayout>
  );
}
