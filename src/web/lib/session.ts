import { authClient } from "./auth-client.js";

/** The signed-in user and session, or null; `isPending` until the first answer. */
export function useSession() {
  const { data, isPending, error, refetch } = authClient.useSession();
  return { session: data ?? null, isPending, error, refetch };
}
