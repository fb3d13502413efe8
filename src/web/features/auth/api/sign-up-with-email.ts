import { authCall } from "@/lib/api-error.js";
import { authClient } from "@/lib/auth-client.js";
import type { LanguageCode } from "@/shared/languages.js";

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
  language: LanguageCode;
  /** Where the verification link leads after it signs the user in. */
  callbackURL?: string;
}

/** POST /sign-up/email. `signedIn` is false when the e-mail must be verified first. */
export async function signUpWithEmail(input: SignUpInput) {
  const data = await authCall((fetchOptions) => authClient.signUp.email({ ...input, fetchOptions }));
  return { signedIn: !!data?.token };
}
