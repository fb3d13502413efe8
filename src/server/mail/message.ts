/** One mail as the templates make it and the outbox keeps it until the worker delivers it. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Which template made it; logged instead of the body so tokens never reach logs. */
  kind: string;
}
