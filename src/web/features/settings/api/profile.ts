import { authCall } from "../../../lib/api-error.js";
import { authClient } from "../../../lib/auth-client.js";

/** POST /update-user with the name and/or picture (null removes it); the session then carries the new values. */
export function updateProfile(data: { name?: string; image?: string | null }) {
  return authCall((fetchOptions) => authClient.updateUser({ ...data, fetchOptions } as never));
}
