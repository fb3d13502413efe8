import { Outlet } from "react-router";
import { useSession } from "../../../lib/session.js";
import { AppLayout } from "../../layouts/app-layout.js";
import { QueryProvider } from "../../query-provider.js";

/** Every signed-in screen's frame; the router checked the session before loading this (router.tsx SignedInShell). */
export default function AppRoot() {
  return (
    <QueryProvider>
      <Framed />
    </QueryProvider>
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
