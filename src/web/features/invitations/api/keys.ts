/** Query keys of the invitation page; per signed-in address, as the answer depends on who asks. */
export const keys = {
  invitation: (invitationId: string, email: string) => ["invitation", invitationId, email] as const,
  /** Why an invitation is not found: expired, or gone. */
  missing: (invitationId: string, email: string) => ["invitation-missing", invitationId, email] as const,
};
