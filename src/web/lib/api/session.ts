import { authClient } from "@/lib/auth-client.js";

/**
 * The signed-in user and session, or null; `isPending` until the first answer, `isRefetching` while the
 * engine asks again (after sign-in, sign-out and the other calls that change the session).
 */
export function useSession() {
  const { data, isPending, isRefetching, error, refetch } = authClient.useSession();
  return { session: data ?? null, isPending, isRefetching, error, refetch };
}
