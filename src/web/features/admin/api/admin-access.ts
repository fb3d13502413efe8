import { useQuery } from "@tanstack/react-query";
import { useSession } from "@/lib/api/session.js";
import { authCall } from "@/lib/api-error.js";
import { authClient } from "@/lib/auth-client.js";
import { keys } from "./keys.js";

/** What a site permission check names: resource → actions, all required (AND). */
export type SitePermissions = Record<string, string[]>;

/** Entering the console: listing users (docs/behaviour.md#site-administration admin "user: list"), as the server's user search requires. */
export const CONSOLE_PERMISSIONS: SitePermissions = { user: ["list"] };

/**
 * POST /admin/has-permission for the signed-in user. The server's answer counts ADMIN_USER_IDS, which
 * no check in the browser can know.
 */
function checkOwnPermission(permissions: SitePermissions) {
  return authCall<{ success: boolean }>(
    (fetchOptions) =>
      authClient.$fetch("/admin/has-permission", { method: "POST", body: { permissions }, ...fetchOptions }) as never,
  );
}

/** Whether the server lets the signed-in user do `permissions`; cached per user and role for the visit. */
export function useSitePermission(permissions: SitePermissions, enabled = true) {
  const { session } = useSession();
  const user = session?.user as { id: string; role?: string | null } | undefined;
  return useQuery({
    queryKey: keys.sitePermission(user?.id, user?.role ?? null, permissions),
    queryFn: () => checkOwnPermission(permissions).then((r) => r.success),
    enabled: enabled && !!user,
    staleTime: 5 * 60_000,
  });
}

/** Whether the signed-in user may open the admin console (false while unknown). */
export function useConsoleAccess() {
  return useSitePermission(CONSOLE_PERMISSIONS);
}
