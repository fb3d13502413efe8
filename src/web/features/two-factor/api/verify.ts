import { authCall } from "@/lib/api-error.js";
import { authClient } from "@/lib/auth-client.js";

/** The second step's ways to prove it is you: the engine's `twoFactorMethods`, plus backup codes with "totp". */
export type SecondStep = "totp" | "backup" | "otp";

/** What the step is checked with; `trustDevice` skips the step on this browser for 30 days. */
export interface StepInput {
  code: string;
  trustDevice: boolean;
}

/**
 * The engine's calls for the second step, each completing the sign-in the signed `two_factor` cookie
 * stands for. Failures are ApiErrors: INVALID_CODE / INVALID_BACKUP_CODE (401), INVALID_TWO_FACTOR_COOKIE
 * (401: the challenge expired or was used up), TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE (400), OTP_HAS_EXPIRED
 * (400), ACCOUNT_TEMPORARILY_LOCKED (429).
 */
export const secondStep = {
  totp: ({ code, trustDevice }: StepInput) =>
    authCall((fetchOptions) => authClient.twoFactor.verifyTotp({ code, trustDevice, fetchOptions })),
  backup: ({ code, trustDevice }: StepInput) =>
    authCall((fetchOptions) => authClient.twoFactor.verifyBackupCode({ code, trustDevice, fetchOptions })),
  otp: ({ code, trustDevice }: StepInput) =>
    authCall((fetchOptions) => authClient.twoFactor.verifyOtp({ code, trustDevice, fetchOptions })),
  /** POST /two-factor/send-otp: a code by e-mail to the address of the account being signed in to. */
  sendCode: () => authCall((fetchOptions) => authClient.twoFactor.sendOtp({ fetchOptions })),
};

export type SecondStepCalls = typeof secondStep;
