import { Outlet } from "react-router";
import { useSession } from "../../../lib/session.js";
import { AppLayout } from "../../layouts/app-layout.js";
import { QueryProvider } from "../../query-provider.js";
import { RequireSession } from "../../session-guards.js";

/** Every signed-in screen: the session guard and the app frame. */
export default function AppRoot() {
  return (
    <RequireSession>
      <QueryProvider>
        <Framed />
      </QueryProvider>
    </RequireSession>
  );
}

function Framed() {
  const { session } = useSession();
  if (!session) return null;
  return (
    <AppLayout user={session.user}>
      <Outlet />
    </AppLayout>
  );
}
