import type { NavigateFunction } from "react-router";
import { authCall } from "@/lib/api-error.js";
import { authClient, type SessionData } from "@/lib/auth-client.js";
import { queryClient } from "@/lib/query-client.js";

/**
 * POST /sign-out, then navigation to `to` (sign-in), then the query cache is dropped: everything in it
 * belonged to the session. In that order so nothing asks the API for the old session's data (issue 22
 * item 9): calls in flight are cancelled first; the navigation waits until the engine is asking for the
 * session again, so the sign-in guard does not take the old one for a live one and send the user back
 * into the app (session-guards.tsx); and the cache is cleared only once the screens that read it have
 * unmounted (flushSync: the navigation's render is done when it resolves), as a mounted query whose
 * data vanished fetches it again.
 */
export async function signOut(navigate: NavigateFunction, to: string) {
  await authCall((fetchOptions) => authClient.signOut({ fetchOptions }));
  await Promise.all([queryClient.cancelQueries(), sessionRefetchStarted()]);
  await navigate(to, { replace: true, flushSync: true });
  queryClient.clear();
}

interface SessionState {
  data: SessionData | null;
  isRefetching: boolean;
}

/** Resolves once the engine's session refetch after sign-out is under way (it starts it a tick later) or done. */
function sessionRefetchStarted(): Promise<void> {
  const session = authClient.$store.atoms.session as unknown as {
    get(): SessionState;
    listen(listener: (value: SessionState) => void): () => void;
  };
  const settled = (value: SessionState) => value.isRefetching || value.data === null;
  if (settled(session.get())) return Promise.resolve();
  return new Promise((resolve) => {
    // Bounded: should the engine not refetch, sign-out still leaves.
    const timer = setTimeout(done, 2000);
    const stop = session.listen((value) => {
      if (settled(value)) done();
    });
    function done() {
      clearTimeout(timer);
      stop();
      resolve();
    }
  });
}
