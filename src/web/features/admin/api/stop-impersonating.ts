import { authCall } from "../../../lib/api-error.js";
import { authClient } from "../../../lib/auth-client.js";

/**
 * POST /admin/stop-impersonating: ends the impersonation session and restores the admin's own, then
 * tells the app's session to reload. Part of every page (the banner), so it uses the app's client only.
 */
export async function stopImpersonating() {
  const result = await authCall<{ user: { id: string } }>(
    (fetchOptions) =>
      authClient.$fetch("/admin/stop-impersonating", { method: "POST", body: {}, ...fetchOptions }) as never,
  );
  authClient.$store.notify("$sessionSignal");
  return result;
}

/** After the engine switched the session cookie (impersonate): make the app read the new session. */
export function reloadSession() {
  authClient.$store.notify("$sessionSignal");
}
