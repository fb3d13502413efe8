import { useQuery, useQueryClient } from "@tanstack/react-query";
import { paths } from "@/config/paths.js";
import { authCall, fetchJson } from "@/lib/api-error.js";
import { authClient } from "@/lib/auth-client.js";
import { type MutationConfig, refetchingOnError, useFeatureMutation } from "@/lib/query-client.js";
import type { EmailVerificationStatus } from "@/shared/account.js";
import { keys } from "./keys.js";

/**
 * POST /change-email. A verified user confirms at the current address first, then at the new one
 * (mails from the engine). The engine answers 200 for an address that is taken, without sending
 * anything, so an answer never says whether an address has an account.
 */
function changeEmail(newEmail: string) {
  return authCall((fetchOptions) =>
    authClient.changeEmail({ newEmail, callbackURL: paths.settingsEmail.getHref(), fetchOptions }),
  );
}

/** POST /send-verification-email for the signed-in user's own, unverified address. */
function sendVerification(email: string) {
  return authCall((fetchOptions) =>
    authClient.sendVerificationEmail({ email, callbackURL: paths.settingsEmail.getHref(), fetchOptions }),
  );
}

/** Whether (and when) a verification link went out to `email`, the user's current address. */
export function useEmailVerificationStatus(email: string) {
  return useQuery({
    queryKey: keys.emailVerificationOf(email),
    queryFn: () => fetchJson<EmailVerificationStatus>(paths.api.accountEmailVerification),
  });
}

/** Asks to change the address (changeEmail); the new one may have had a link sent, so its status refetches. */
export function useChangeEmail(config?: MutationConfig<unknown, string>) {
  return useFeatureMutation(changeEmail, () => [keys.emailVerification], config);
}

/** Sends another verification link (sendVerification); the status refetches, whether it went or not. */
export function useSendVerification(config?: MutationConfig<unknown, string>) {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    sendVerification,
    () => [keys.emailVerification],
    refetchingOnError(queryClient, [keys.emailVerification], config),
  );
}
