import { adminClient } from "better-auth/client/plugins";
import { authCall } from "@/lib/api-error.js";
import { authClient } from "@/lib/auth-client.js";
import { siteAc, siteRoles } from "@/shared/permissions.js";

/**
 * The admin client's own permission check, with the site roles the server enforces (docs/behaviour.md#site-administration, custom
 * roles included, from src/shared/permissions.ts). Built here, in the console's chunk, so the sign-in
 * screen does not download the role tables; it is a pure check and needs no client of its own.
 */
export const { admin: adminActions } = adminClient({ ac: siteAc, roles: siteRoles }).getActions();

/** POST to one of the engine's /admin/* calls through the app's client; resolves with its answer or throws an ApiError. */
export function adminCall<T = unknown>(path: `/admin/${string}`, body: Record<string, unknown>) {
  return authCall<T>((fetchOptions) => authClient.$fetch(path, { method: "POST", body, ...fetchOptions }) as never);
}
