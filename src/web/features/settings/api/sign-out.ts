import { authCall } from "../../../lib/api-error.js";
import { authClient } from "../../../lib/auth-client.js";

/** POST /sign-out. */
export function signOut() {
  return authCall((fetchOptions) => authClient.signOut({ fetchOptions }));
}
