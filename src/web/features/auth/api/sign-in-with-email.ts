import { authCall } from "@/lib/api-error.js";
import { authClient } from "@/lib/auth-client.js";

export interface SignInInput {
  email: string;
  password: string;
  rememberMe: boolean;
  /** Where a verification link sent because the e-mail is unverified should lead back to. */
  callbackURL?: string;
}

/** The answer when the account has two-step verification on: no session yet, the second step is next. */
export interface TwoFactorChallenge {
  twoFactorRedirect: true;
  twoFactorMethods?: string[];
}

/** Whether a sign-in answer asks for the second step (a signed `two_factor` cookie came with it). */
export function isTwoFactorChallenge(data: unknown): data is TwoFactorChallenge {
  return typeof data === "object" && data !== null && (data as TwoFactorChallenge).twoFactorRedirect === true;
}

/** POST /sign-in/email. Rejects with ApiError: INVALID_EMAIL_OR_PASSWORD (401), EMAIL_NOT_VERIFIED (403, mail re-sent). */
export function signInWithEmail({ email, password, rememberMe, callbackURL }: SignInInput) {
  return authCall((fetchOptions) =>
    authClient.signIn.email({ email, password, rememberMe, callbackURL, fetchOptions }),
  );
}
