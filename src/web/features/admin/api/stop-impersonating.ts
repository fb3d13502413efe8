import { authCall } from "@/lib/api-error.js";
import { authClient } from "@/lib/auth-client.js";
import { type MutationConfig, useFeatureMutation } from "@/lib/query-client.js";

/**
 * POST /admin/stop-impersonating: ends the impersonation session and restores the admin's own, then
 * tells the app's session to reload. Part of every page (the banner), so it uses the app's client only.
 */
async function stopImpersonating() {
  const result = await authCall<{ user: { id: string } }>(
    (fetchOptions) =>
      authClient.$fetch("/admin/stop-impersonating", { method: "POST", body: {}, ...fetchOptions }) as never,
  );
  authClient.$store.notify("$sessionSignal");
  return result;
}

/** Why the impersonation ends: the admin asked, or its time is nearly up. */
export type StopReason = "asked" | "timeout";

/** Ends the impersonation (stopImpersonating above); the screen clears the cache and leaves. */
export function useStopImpersonating(config?: MutationConfig<unknown, StopReason>) {
  return useFeatureMutation(
    (_reason: StopReason) => stopImpersonating(),
    () => [],
    config,
  );
}

/** After the engine switched the session cookie (impersonate): make the app read the new session. */
export function reloadSession() {
  authClient.$store.notify("$sessionSignal");
}
