import { useQuery } from "@tanstack/react-query";
import { authCall } from "@/lib/api-error.js";
import { authClient } from "@/lib/auth-client.js";
import { type MutationConfig, useFeatureMutation } from "@/lib/query-client.js";
import { keys } from "./keys.js";

/** One way to sign in (GET /list-accounts): "credential" is the e-mail and password. */
export interface LinkedAccount {
  id: string;
  providerId: string;
  accountId: string;
  createdAt: string | Date;
  scopes?: string[];
}

export const CREDENTIAL = "credential";

export function useLinkedAccounts() {
  return useQuery({
    queryKey: keys.accounts,
    queryFn: () => authCall<LinkedAccount[]>((fetchOptions) => authClient.listAccounts({ fetchOptions }) as never),
  });
}

/**
 * POST /link-social, then off to the provider; it sends the browser back to `callbackURL`, or to
 * `errorCallbackURL` with ?error=… when linking failed.
 */
async function startLinking({ provider, callbackURL, errorCallbackURL }: LinkInput) {
  const result = await authCall<{ url?: string }>((fetchOptions) =>
    authClient.linkSocial({ provider, callbackURL, errorCallbackURL, disableRedirect: true, fetchOptions } as never),
  );
  if (!result?.url) throw new Error("The provider did not give an address to continue at.");
  window.location.assign(result.url);
}

/**
 * POST /unlink-account in the shape of docs/behaviour.md#linked-accounts {providerId, accountId} (the engine's typing knows only its own
 * row-id shape; the server accepts both). The last account is refused; so is a session that is not fresh.
 */
export function useUnlinkAccount(config?: MutationConfig<unknown, LinkedAccount>) {
  return useFeatureMutation(
    (account: LinkedAccount) =>
      authCall((fetchOptions) =>
        authClient.unlinkAccount({
          providerId: account.providerId,
          accountId: account.accountId,
          fetchOptions,
        } as never),
      ),
    () => [keys.accounts],
    config,
  );
}

interface LinkInput {
  provider: string;
  callbackURL: string;
  errorCallbackURL: string;
}

/** Links a provider (startLinking); on success the browser is on its way to the provider. */
export function useLinkAccount(config?: MutationConfig<void, LinkInput>) {
  return useFeatureMutation(startLinking, () => [], config);
}
