import { fetchJson } from "@/lib/api-error.js";
import type { DevMail, DevMailCleared, DevMailList } from "@/shared/dev-mailbox.js";

// The server mounts these only without SMTP_URL outside production; elsewhere they answer 404.
const MAILBOX_API = "/api/dev/mailbox";

/** GET /api/dev/mailbox (server: src/server/routes/dev-mailbox.ts). */
export async function listMail(): Promise<DevMail[]> {
  const { messages } = await fetchJson<DevMailList>(MAILBOX_API);
  return messages;
}

export function clearMail(): Promise<DevMailCleared> {
  return fetchJson(MAILBOX_API, { method: "DELETE" });
}
