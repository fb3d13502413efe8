import { paths } from "@/config/paths.js";
import { authCall } from "@/lib/api-error.js";
import { authClient } from "@/lib/auth-client.js";

/**
 * Starts a provider's sign-in with POST /sign-in/social: the docs/behaviour.md#social-providers providers and the server's
 * OIDC_PROVIDERS share that route. Resolves with the provider's authorization URL; a failure at the
 * provider or in the callback comes back to /error?error=CODE.
 */
export async function startProviderSignIn(providerId: string, callbackURL: string): Promise<string> {
  const data = await authCall<{ url?: string }>((fetchOptions) =>
    authClient.signIn.social({
      // Any configured id: the engine answers PROVIDER_NOT_FOUND for one it does not know.
      provider: providerId as "github",
      callbackURL,
      newUserCallbackURL: callbackURL,
      errorCallbackURL: paths.error.getHref(),
      fetchOptions,
    }),
  );
  if (!data?.url) throw new Error("The provider did not return a sign-in address");
  return data.url;
}
