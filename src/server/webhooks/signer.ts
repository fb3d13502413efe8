import { createHmac, randomBytes } from "node:crypto";

/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com): `webhook-signature` holds one
 * `v1,<base64 HMAC-SHA256 of "${id}.${timestamp}.${body}">` per secret in use, separated by spaces.
 * Secrets are `whsec_` + base64 of 32 random bytes; the HMAC key is the decoded bytes.
 */
const SECRET_PREFIX = "whsec_";

export function newSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString("base64");
}

function sign(secret: string, messageId: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), "base64");
  return `v1,${createHmac("sha256", key).update(`${messageId}.${timestamp}.${body}`).digest("base64")}`;
}

/** The three headers for one attempt; every secret in `secrets` signs (the current one first). */
export function signatureHeaders(
  secrets: readonly string[],
  messageId: string,
  body: string,
  now = Date.now(),
): Record<string, string> {
  const timestamp = Math.floor(now / 1000);
  return {
    "webhook-id": messageId,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": secrets.map((s) => sign(s, messageId, timestamp, body)).join(" "),
  };
}
