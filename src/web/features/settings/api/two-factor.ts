import { useQuery } from "@tanstack/react-query";
import type { MfaStatus } from "../../../../shared/mfa.js";
import { paths } from "../../../config/paths.js";
import { authCall, fetchJson } from "../../../lib/api-error.js";
import { authClient } from "../../../lib/auth-client.js";
import { keys } from "./keys.js";

/** GET /api/account/mfa: which second factors the user has. */
export function useMfaStatus() {
  return useQuery({ queryKey: keys.mfa, queryFn: () => fetchJson<MfaStatus>(paths.api.accountMfa) });
}

/**
 * POST /two-factor/enable: a new authenticator secret (as an otpauth:// URI) and 10 backup codes. Nothing
 * changes for sign-in until `confirmAuthenticator` proves the app shows the right codes.
 */
export function startAuthenticatorSetup(password: string) {
  return authCall<{ totpURI: string; backupCodes: string[] }>(
    (fetchOptions) => authClient.twoFactor.enable({ password, method: "totp", fetchOptions }) as never,
  );
}

/** POST /two-factor/verify-totp with the session: the first right code turns two-step on. */
export function confirmAuthenticator(code: string) {
  return authCall((fetchOptions) => authClient.twoFactor.verifyTotp({ code, fetchOptions }));
}

/** POST /two-factor/enable {method: "otp"}: two-step on at once, the second step a code by e-mail. */
export function turnOnEmailCodes(password: string) {
  return authCall((fetchOptions) => authClient.twoFactor.enable({ password, method: "otp", fetchOptions }) as never);
}

/** POST /two-factor/disable: two-step off; the app's secret, backup codes and trusted devices go with it. */
export function turnOffTwoStep(password: string) {
  return authCall((fetchOptions) => authClient.twoFactor.disable({ password, fetchOptions }));
}

/** POST /two-factor/generate-backup-codes: 10 new codes; the old ones stop working. */
export function newBackupCodes(password: string) {
  return authCall<{ backupCodes: string[] }>(
    (fetchOptions) => authClient.twoFactor.generateBackupCodes({ password, fetchOptions }) as never,
  );
}
