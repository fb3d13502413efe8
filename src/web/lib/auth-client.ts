import { adminClient, organizationClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";

/** The one way the web app talks to the engine. */
export const authClient = createAuthClient({
  plugins: [organizationClient({ teams: { enabled: true } }), adminClient()],
});
