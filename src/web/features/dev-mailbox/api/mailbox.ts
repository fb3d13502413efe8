import { fetchJson } from "../../../lib/api-error.js";

/** A mail the server kept instead of sending it (GET /api/dev/mailbox, server: routes/dev-mailbox.ts). */
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

// The server mounts these only without SMTP_URL outside production; elsewhere they answer 404.
const MAILBOX_API = "/api/dev/mailbox";

export async function listMail(): Promise<DevMail[]> {
  const { messages } = await fetchJson<{ messages: DevMail[] }>(MAILBOX_API);
  return messages;
}

export function clearMail(): Promise<{ deleted: number }> {
  return fetchJson(MAILBOX_API, { method: "DELETE" });
}
