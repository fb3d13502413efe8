import { useQuery } from "@tanstack/react-query";
import { paths } from "@/config/paths.js";
import { authCall } from "@/lib/api-error.js";
import { authClient } from "@/lib/auth-client.js";
import { keys } from "./keys.js";

// The link deletes once per page even if React mounts the screen twice.
const inFlight = new Map<string, Promise<unknown>>();

/**
 * GET /delete-user/callback?token=… with the session cookie: completes the deletion the mail confirmed.
 * Fails with INVALID_TOKEN (expired, used, or another user's) or FAILED_TO_GET_USER_INFO (signed out).
 */
function confirmAccountDeletion(token: string) {
  let pending = inFlight.get(token);
  if (!pending) {
    pending = authCall((fetchOptions) =>
      authClient.$fetch(paths.api.engine.deleteUserCallback, { method: "GET", query: { token }, ...fetchOptions }),
    );
    inFlight.set(token, pending);
    pending.catch(() => inFlight.delete(token));
  }
  return pending;
}

/** The delete-account link's deletion (confirmAccountDeletion), once signed in (`enabled`); kept for the page. */
export function useConfirmAccountDeletion(token: string | null, enabled: boolean) {
  return useQuery({
    queryKey: keys.deleteUserCallback(token),
    queryFn: () => confirmAccountDeletion(token ?? ""),
    enabled: !!token && enabled,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}
