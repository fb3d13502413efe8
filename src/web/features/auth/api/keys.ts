/** Query keys of the auth feature's mail landings (its first-visit forms use no query cache: ADR 016). */
export const keys = {
  /** Whether a password reset link's token is still good. */
  resetToken: (token: string) => ["reset-token", token] as const,
  /** The outcome of a verification link (verified once per page). */
  verifyEmail: (token: string | null) => ["verify-email", token] as const,
};
