import { type MutationConfig, useFeatureMutation } from "@/lib/query-client.js";
import type { PasswordSet } from "@/shared/account.js";
import { keys } from "./keys.js";
import { changePassword, type PasswordChange, setPassword } from "./password.js";

/** Changes the password (changePassword); nothing on screen needs refetching. */
export function useChangePassword(config?: MutationConfig<unknown, PasswordChange>) {
  return useFeatureMutation(changePassword, () => [], config);
}

/** A first password (setPassword); the linked accounts, which now include one with a password, refetch. */
export function useSetPassword(config?: MutationConfig<PasswordSet, string>) {
  return useFeatureMutation(setPassword, () => [keys.accounts], config);
}
