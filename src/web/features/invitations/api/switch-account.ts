import { type MutationConfig, useFeatureMutation } from "@/lib/query-client.js";

/**
 * "Switch account" on someone else's invitation: `signOut` is the route's (sign out, then sign-in with
 * the way back here; the account feature's), run as a mutation so the button shows it pending or failed.
 * Nothing is refetched: sign-out leaves the page and drops the cache.
 */
export function useSwitchAccount(signOut: () => Promise<void>, config?: MutationConfig<void, void>) {
  return useFeatureMutation(signOut, () => [], config);
}
