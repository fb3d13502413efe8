import { useQuery } from "@tanstack/react-query";
import { paths } from "@/config/paths.js";
import { useSession } from "@/lib/api/session.js";
import { authCall, fetchJson } from "@/lib/api-error.js";
import { authClient } from "@/lib/auth-client.js";
import { type MutationConfig, useFeatureMutation } from "@/lib/query-client.js";
import type { MfaStatus } from "@/shared/mfa.js";
import { keys } from "./keys.js";

/** GET /api/account/mfa: which second factors the user has. */
export function useMfaStatus() {
  return useQuery({ queryKey: keys.mfa, queryFn: () => fetchJson<MfaStatus>(paths.api.accountMfa) });
}

/**
 * POST /two-factor/enable: a new authenticator secret (as an otpauth:// URI) and 10 backup codes. Nothing
 * changes for sign-in until `confirmAuthenticator` proves the app shows the right codes.
 */
function startAuthenticatorSetup(password: string) {
  return authCall<{ totpURI: string; backupCodes: string[] }>(
    (fetchOptions) => authClient.twoFactor.enable({ password, method: "totp", fetchOptions }) as never,
  );
}

/** POST /two-factor/verify-totp with the session: the first right code turns two-step on. */
function confirmAuthenticator(code: string) {
  return authCall((fetchOptions) => authClient.twoFactor.verifyTotp({ code, fetchOptions }));
}

/** POST /two-factor/enable {method: "otp"}: two-step on at once, the second step a code by e-mail. */
function turnOnEmailCodes(password: string) {
  return authCall((fetchOptions) => authClient.twoFactor.enable({ password, method: "otp", fetchOptions }) as never);
}

/** POST /two-factor/disable: two-step off; the app's secret, backup codes and trusted devices go with it. */
function turnOffTwoStep(password: string) {
  return authCall((fetchOptions) => authClient.twoFactor.disable({ password, fetchOptions }));
}

/** POST /two-factor/generate-backup-codes: 10 new codes; the old ones stop working. */
function newBackupCodes(password: string) {
  return authCall<{ backupCodes: string[] }>(
    (fetchOptions) => authClient.twoFactor.generateBackupCodes({ password, fetchOptions }) as never,
  );
}

/** The password step of an authenticator app's setup: the secret and backup codes, nothing turned on yet. */
export function useStartAuthenticatorSetup(
  config?: MutationConfig<{ totpURI: string; backupCodes: string[] }, string>,
) {
  return useFeatureMutation(startAuthenticatorSetup, () => [], config);
}

/**
 * A change of the user's second factors: the call, then the session (which carries twoFactorEnabled)
 * and the factors refetch.
 */
function useTwoStepChange<TData, TVariables>(
  call: (variables: TVariables) => Promise<TData>,
  config?: MutationConfig<TData, TVariables>,
) {
  const { refetch } = useSession();
  return useFeatureMutation(
    async (variables: TVariables) => {
      const data = await call(variables);
      await refetch();
      return data;
    },
    () => [keys.mfa],
    config,
  );
}

/** The first right code from the app turns two-step on (confirmAuthenticator). */
export function useConfirmAuthenticator(config?: MutationConfig<unknown, string>) {
  return useTwoStepChange(confirmAuthenticator, config);
}

/** Two-step on with codes by e-mail (turnOnEmailCodes). */
export function useTurnOnEmailCodes(config?: MutationConfig<unknown, string>) {
  return useTwoStepChange(turnOnEmailCodes, config);
}

/** Two-step off (turnOffTwoStep). */
export function useTurnOffTwoStep(config?: MutationConfig<unknown, string>) {
  return useTwoStepChange(turnOffTwoStep, config);
}

/** 10 new backup codes (newBackupCodes); nothing else changes. */
export function useNewBackupCodes(config?: MutationConfig<{ backupCodes: string[] }, string>) {
  return useFeatureMutation(newBackupCodes, () => [], config);
}
