/** Query keys of the account settings screens. */
export const keys = {
  sessions: ["settings", "sessions"] as const,
  accounts: ["settings", "accounts"] as const,
  passkeys: ["settings", "passkeys"] as const,
  /** The user's second factors (GET /api/account/mfa). */
  mfa: ["settings", "mfa"] as const,
  soleOwnerships: (userId: string) => ["settings", "sole-ownerships", userId] as const,
  /** Whether an address is verified; the e-mail form's notice reads it. */
  emailVerification: ["account", "email-verification"] as const,
  /** The verification status of `email`, the user's current address. */
  emailVerificationOf: (email: string) => ["account", "email-verification", email] as const,
  /** The delete-account link's outcome (the deletion completes once per page). */
  deleteUserCallback: (token: string | null) => ["delete-user-callback", token] as const,
};
