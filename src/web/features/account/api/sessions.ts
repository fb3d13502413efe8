import { useQuery } from "@tanstack/react-query";
import { paths } from "@/config/paths.js";
import { authCall, fetchJson } from "@/lib/api-error.js";
import { authClient } from "@/lib/auth-client.js";
import { type MutationConfig, useFeatureMutation } from "@/lib/query-client.js";
import type { AccountSessionList, RevokedAccountSession } from "@/shared/account.js";
import { keys } from "./keys.js";
import { signOut } from "./sign-out.js";

/** The app's own list: unlike the engine's /list-sessions it works on a session older than SESSION_FRESH_AGE. */
export function useAccountSessions() {
  return useQuery({
    queryKey: keys.sessions,
    queryFn: async () => (await fetchJson<AccountSessionList>(paths.api.accountSessions)).sessions,
  });
}

/**
 * POST /api/account/sessions/:id/revoke: that browser is signed out at its next request. The list
 * refetches, unless it was this browser's own session (then there is nothing left to list).
 */
export function useRevokeSession(config?: MutationConfig<RevokedAccountSession, { id: string; current: boolean }>) {
  return useFeatureMutation(
    ({ id }: { id: string; current: boolean }) =>
      fetchJson<RevokedAccountSession>(paths.api.revokeAccountSession(id), { method: "POST" }),
    ({ current }) => (current ? [] : [keys.sessions]),
    config,
  );
}

/** POST /revoke-other-sessions: everywhere but here. */
export function useRevokeOtherSessions(config?: MutationConfig<unknown, void>) {
  return useFeatureMutation(
    () => authCall((fetchOptions) => authClient.revokeOtherSessions({ fetchOptions })),
    () => [keys.sessions],
    config,
  );
}

/** POST /revoke-sessions: everywhere, this browser included. */
export function useRevokeAllSessions(config?: MutationConfig<unknown, void>) {
  return useFeatureMutation(
    () => authCall((fetchOptions) => authClient.revokeSessions({ fetchOptions })),
    () => [],
    config,
  );
}

/** Signs out here and goes to `to` (sign-out.ts), for actions that need a fresh sign-in. */
export function useSignOutTo(navigate: Parameters<typeof signOut>[0], config?: MutationConfig<unknown, string>) {
  return useFeatureMutation(
    (to: string) => signOut(navigate, to),
    () => [],
    config,
  );
}
