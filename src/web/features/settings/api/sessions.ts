import { useQuery } from "@tanstack/react-query";
import { paths } from "../../../config/paths.js";
import { authCall, fetchJson } from "../../../lib/api-error.js";
import { authClient } from "../../../lib/auth-client.js";

/** One signed-in browser or device (GET /api/account/sessions; no tokens). */
export interface AccountSession {
  id: string;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
  current: boolean;
  /** An admin acting as the user; it ends within the hour. */
  impersonated: boolean;
}

export const sessionsKey = ["settings", "sessions"] as const;

/** The app's own list: unlike the engine's /list-sessions it works on a session older than SESSION_FRESH_AGE. */
export function useAccountSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: async () => (await fetchJson<{ sessions: AccountSession[] }>(paths.api.accountSessions)).sessions,
  });
}

/** POST /api/account/sessions/:id/revoke: that browser is signed out at its next request. */
export function revokeSession(id: string) {
  return fetchJson<{ status: boolean; current: boolean }>(paths.api.revokeAccountSession(id), { method: "POST" });
}

/** POST /revoke-other-sessions: everywhere but here. */
export function revokeOtherSessions() {
  return authCall((fetchOptions) => authClient.revokeOtherSessions({ fetchOptions }));
}

/** POST /revoke-sessions: everywhere, this browser included. */
export function revokeAllSessions() {
  return authCall((fetchOptions) => authClient.revokeSessions({ fetchOptions }));
}
