import { paths } from "@/config/paths.js";
import { authCall, fetchJson } from "@/lib/api-error.js";
import { authClient } from "@/lib/auth-client.js";
import type { PasswordSet } from "@/shared/account.js";

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
  revokeOtherSessions: boolean;
}

/**
 * POST /change-password; with revokeOtherSessions every other device is signed out (this one gets a new
 * cookie). The calls of this file are apart from their hooks (password-changes.ts) so a test can stand in for them.
 */
export function changePassword(input: PasswordChange) {
  return authCall((fetchOptions) => authClient.changePassword({ ...input, fetchOptions }));
}

/**
 * POST /api/account/set-password: a user who signs in only through a provider adds a password.
 * Needs a fresh session: SESSION_NOT_FRESH (403) means "sign in again".
 */
export function setPassword(newPassword: string) {
  return fetchJson<PasswordSet>(paths.api.setPassword, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ newPassword }),
  });
}
