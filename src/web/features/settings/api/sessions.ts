import { useQuery } from "@tanstack/react-query";
import type { AccountSessionList, RevokedAccountSession } from "../../../../shared/account.js";
import { paths } from "../../../config/paths.js";
import { authCall, fetchJson } from "../../../lib/api-error.js";
import { authClient } from "../../../lib/auth-client.js";

export const sessionsKey = ["settings", "sessions"] as const;

/** The app's own list: unlike the engine's /list-sessions it works on a session older than SESSION_FRESH_AGE. */
export function useAccountSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: async () => (await fetchJson<AccountSessionList>(paths.api.accountSessions)).sessions,
  });
}

/** POST /api/account/sessions/:id/revoke: that browser is signed out at its next request. */
export function revokeSession(id: string) {
  return fetchJson<RevokedAccountSession>(paths.api.revokeAccountSession(id), { method: "POST" });
}

/** POST /revoke-other-sessions: everywhere but here. */
export function revokeOtherSessions() {
  return authCall((fetchOptions) => authClient.revokeOtherSessions({ fetchOptions }));
}

/** POST /revoke-sessions: everywhere, this browser included. */
export function revokeAllSessions() {
  return authCall((fetchOptions) => authClient.revokeSessions({ fetchOptions }));
}
