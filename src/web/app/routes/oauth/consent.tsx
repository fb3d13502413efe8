import { useLocation } from "react-router";
import { AuthLayout } from "@/app/layouts/auth-layout.js";
import { QueryProvider } from "@/app/query-provider.js";
import { RequireSession } from "@/app/session-guards.js";
import { ConsentScreen } from "@/features/oauth/components/consent-screen.js";
import { useSession } from "@/lib/api/session.js";

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
