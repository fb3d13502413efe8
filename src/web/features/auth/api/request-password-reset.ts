import { paths } from "@/config/paths.js";
import { authCall } from "@/lib/api-error.js";
import { authClient } from "@/lib/auth-client.js";

/** POST /request-password-reset. The answer is the same whether or not the address has an account. */
export function requestPasswordReset(email: string) {
  return authCall((fetchOptions) =>
    authClient.requestPasswordReset({ email, redirectTo: paths.signIn.getHref(), fetchOptions }),
  );
}
