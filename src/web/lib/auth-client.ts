import type { BetterAuthClientPlugin } from "better-auth/client";
import type { organizationClient } from "better-auth/client/plugins";
import { inferAdditionalFields } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";

/**
 * The organization plugin's endpoints, typed from the server plugin, without the official client
 * plugin's runtime (its error table and role statements cost the sign-in screen 2.5 KB gzip; the app
 * translates errors itself and the server decides permissions). The signals refresh the session where
 * the engine changes `activeOrganizationId`, as organizationClient does.
 */
const organizationEndpoints = {
  id: "organization",
  $InferServerPlugin: {} as ReturnType<typeof organizationClient<{ teams: { enabled: true } }>>["$InferServerPlugin"],
  pathMethods: {
    "/organization/get-full-organization": "GET",
    "/organization/list-user-teams": "GET",
  },
  atomListeners: [
    {
      matcher: (path: string) =>
        path.startsWith("/organization/set-active") ||
        path === "/organization/create" ||
        path === "/organization/delete" ||
        path === "/organization/remove-member" ||
        path === "/organization/leave" ||
        path === "/organization/accept-invitation",
      signal: "$sessionSignal",
    },
  ],
} satisfies BetterAuthClientPlugin;

/** The one way the web app talks to the engine. */
export const authClient = createAuthClient({
  // Where to go after a call is the app's decision (router navigation, checked targets), not the client's.
  disableDefaultFetchPlugins: true,
  plugins: [
    // SPEC §3 language enumeration, stored on the user as its integer code.
    inferAdditionalFields({ user: { language: { type: "number", required: false } } }),
    organizationEndpoints,
    // No adminClient: the admin console can call its endpoints where it is loaded, off the sign-in path.
  ],
});

export type SessionData = NonNullable<typeof authClient.$Infer.Session>;
export type SessionUser = SessionData["user"];
