// The signed-in user's own /api/account/* answers (src/server/routes/account/), for the server that
// builds them and Settings that reads them. Dates are ISO 8601 strings, as they travel.

/** One of the user's sessions as the settings screen shows it; never a token. */
export interface AccountSession {
  id: string;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
  current: boolean;
  /** An admin acting as the user (admin "impersonate"; ends within the hour). */
  impersonated: boolean;
}

/** GET /api/account/sessions: this device first, then the most recently active. */
export interface AccountSessionList {
  sessions: AccountSession[];
}

/** POST /api/account/sessions/:id/revoke; `current`: it was this device's own session. */
export interface RevokedAccountSession {
  status: true;
  current: boolean;
}

/** GET /api/account/email-verification: whether a link went out to the current address, and when. */
export interface EmailVerificationStatus {
  email: string;
  verified: boolean;
  /** When the last verification link to the current address went out, if one did. */
  sentAt: string | null;
  /** Until when another would come too soon. */
  resendAt: string | null;
}

/** POST /api/account/set-password, once the password is set. */
export interface PasswordSet {
  status: true;
}
