import type { passkeyClient } from "@better-auth/passkey/client";
import type { BetterAuthClientPlugin } from "better-auth/client";
import type { organizationClient, twoFactorClient } from "better-auth/client/plugins";
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
  $InferServerPlugin: {} as ReturnType<
    typeof organizationClient<{ teams: { enabled: true }; dynamicAccessControl: { enabled: true } }>
  >["$InferServerPlugin"],
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

/**
 * The twoFactor plugin's endpoints, typed from the server plugin. Not twoFactorClient: its fetch plugin
 * redirects the whole page on `twoFactorRedirect` (where to go is the app's decision) and its error
 * table is weight the sign-in screen does not need. The session is refreshed after each call, as there.
 */
const twoFactorEndpoints = {
  id: "two-factor",
  $InferServerPlugin: {} as ReturnType<typeof twoFactorClient>["$InferServerPlugin"],
  // The one call without a body: the proxy would otherwise send it as a GET.
  pathMethods: { "/two-factor/send-otp": "POST" },
  atomListeners: [{ matcher: (path: string) => path.startsWith("/two-factor/"), signal: "$sessionSignal" }],
} satisfies BetterAuthClientPlugin;

/**
 * The passkey plugin's endpoints, typed. Not passkeyClient: it imports @simplewebauthn/browser up front,
 * on the sign-in screen; the ceremonies load it only when a passkey may be used (auth/api/sign-in-with-passkey.ts, settings/api/passkeys.ts).
 */
const passkeyEndpoints = {
  id: "passkey",
  $InferServerPlugin: {} as ReturnType<typeof passkeyClient>["$InferServerPlugin"],
  atomListeners: [{ matcher: (path: string) => path === "/passkey/verify-authentication", signal: "$sessionSignal" }],
} satisfies BetterAuthClientPlugin;

/** The one way the web app talks to the engine. */
export const authClient = createAuthClient({
  // Where to go after a call is the app's decision (router navigation, checked targets), not the client's.
  disableDefaultFetchPlugins: true,
  plugins: [
    // docs/behaviour.md#data language enumeration, stored on the user as its integer code.
    inferAdditionalFields({ user: { language: { type: "number", required: false } } }),
    organizationEndpoints,
    twoFactorEndpoints,
    passkeyEndpoints,
    // No adminClient: the admin console can call its endpoints where it is loaded, off the sign-in path.
  ],
});

export type SessionData = NonNullable<typeof authClient.$Infer.Session>;
export type SessionUser = SessionData["user"];
