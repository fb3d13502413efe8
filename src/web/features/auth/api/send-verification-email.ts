import { authCall } from "@/lib/api-error.js";
import { authClient } from "@/lib/auth-client.js";

/** POST /send-verification-email: a new link to an unverified address (429 when asked too often). */
export function sendVerificationEmail(email: string, callbackURL?: string) {
  return authCall((fetchOptions) => authClient.sendVerificationEmail({ email, callbackURL, fetchOptions }));
}
