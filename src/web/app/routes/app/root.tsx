import { Outlet } from "react-router";
import { AppLayout } from "@/app/layouts/app-layout.js";
import { QueryProvider } from "@/app/query-provider.js";
import { useSession } from "@/lib/api/session.js";

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
