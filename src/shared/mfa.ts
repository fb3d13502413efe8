// A user's second factors as the API answers them (GET /api/account/mfa, the admin console, member lists).

/** Which second factors a user has (docs/mfa.md); secrets never leave the server. */
export interface MfaStatus {
  /** Two-step sign-in: "totp" (authenticator app, with backup codes), "otp" (code by e-mail), or off. */
  twoFactor: "totp" | "otp" | null;
  /** Passkeys registered; each signs in on its own, without a second step. */
  passkeys: number;
}
