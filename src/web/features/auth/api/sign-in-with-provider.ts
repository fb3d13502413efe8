import { SOCIAL_PROVIDER_IDS } from "../../../../shared/providers.js";
import { paths } from "../../../config/paths.js";
import { authCall } from "../../../lib/api-error.js";
import { authClient } from "../../../lib/auth-client.js";

/**
 * Starts a provider's sign-in: SPEC §3 social providers through POST /sign-in/social, any other
 * configured id (an OIDC provider) through the generic POST /sign-in/oauth2. Resolves with the
 * provider's authorization URL; failures come back to /error?error=CODE.
 */
export async function startProviderSignIn(providerId: string, callbackURL: string): Promise<string> {
  const body = { callbackURL, errorCallbackURL: paths.error.getHref(), newUserCallbackURL: callbackURL };
  const data = await authCall<{ url?: string }>((fetchOptions) =>
    (SOCIAL_PROVIDER_IDS as string[]).includes(providerId)
      ? authClient.signIn.social({ provider: providerId, ...body, fetchOptions })
      : authClient.$fetch<{ url?: string }>(paths.api.engine.genericOAuthSignIn, {
          method: "POST",
          body: { providerId, ...body },
          ...fetchOptions,
        }),
  );
  if (!data?.url) throw new Error("The provider did not return a sign-in address");
  return data.url;
}
