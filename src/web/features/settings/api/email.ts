import { useQuery } from "@tanstack/react-query";
import type { EmailVerificationStatus } from "../../../../shared/account.js";
import { paths } from "../../../config/paths.js";
import { authCall, fetchJson } from "../../../lib/api-error.js";
import { authClient } from "../../../lib/auth-client.js";
import { queryClient } from "../../../lib/query-client.js";
import { keys } from "./keys.js";

/**
 * POST /change-email. A verified user confirms at the current address first, then at the new one
 * (mails from the engine). The engine answers 200 for an address that is taken, without sending
 * anything, so an answer never says whether an address has an account.
 */
export function changeEmail(newEmail: string) {
  return authCall((fetchOptions) =>
    authClient.changeEmail({ newEmail, callbackURL: paths.settingsEmail.getHref(), fetchOptions }),
  );
}

/** POST /send-verification-email for the signed-in user's own, unverified address. */
export function sendVerification(email: string) {
  return authCall((fetchOptions) =>
    authClient.sendVerificationEmail({ email, callbackURL: paths.settingsEmail.getHref(), fetchOptions }),
  );
}

/** Whether (and when) a verification link went out to `email`, the user's current address. */
export function useEmailVerificationStatus(email: string) {
  return useQuery({
    queryKey: [...keys.emailVerification, email],
    queryFn: () => fetchJson<EmailVerificationStatus>(paths.api.accountEmailVerification),
  });
}

/** After a change of address: the new one may have had a link sent. */
export function invalidateEmailVerificationStatus() {
  return queryClient.invalidateQueries({ queryKey: keys.emailVerification });
}
