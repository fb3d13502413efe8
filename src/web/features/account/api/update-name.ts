import { authCall } from "../../../lib/api-error.js";
import { authClient } from "../../../lib/auth-client.js";

/** POST /update-user {name}. */
export function updateName(name: string) {
  return authCall((fetchOptions) => authClient.updateUser({ name, fetchOptions }));
}
