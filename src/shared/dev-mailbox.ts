// /api/dev/mailbox (src/server/routes/dev-mailbox.ts): the mail kept instead of sent, for the server that
// answers it and the dev mailbox page that reads it.

/** A captured mail. */
export interface DevMail {
  id: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** ISO 8601. */
  createdAt: string;
}

/** GET /api/dev/mailbox: newest first. */
export interface DevMailList {
  messages: DevMail[];
}

/** DELETE /api/dev/mailbox: how many mails were removed. */
export interface DevMailCleared {
  deleted: number;
}
