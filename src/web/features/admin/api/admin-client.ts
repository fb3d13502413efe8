import { createAuthClient } from "better-auth/client";
import { adminClient } from "better-auth/client/plugins";
import { siteAc, siteRoles } from "../../../../shared/permissions.js";

/**
 * The engine's admin calls, typed, with the site roles of src/shared/permissions.ts (custom roles
 * included) for checkRolePermission. Loaded only with the admin console, so the sign-in screen never
 * downloads the role statements.
 */
export const adminAuthClient = createAuthClient({
  disableDefaultFetchPlugins: true,
  plugins: [adminClient({ ac: siteAc, roles: siteRoles })],
});
