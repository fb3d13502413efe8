import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { AddressRefused, resolveChecked } from "./address-guard.js";

export interface SendLimits {
  /** The whole attempt (lookup, connect, TLS, request, answer) is abandoned after this. */
  timeoutMs: number;
  /** At most this much of the answer is read; the rest is not waited for. */
  maxResponseBytes: number;
  /** WEBHOOK_ALLOW_PRIVATE_ADDRESSES: internal receivers allowed. */
  allowPrivate: boolean;
}

export interface SendResult {
  ok: boolean;
  status: number | null;
  durationMs: number;
  error: string | null;
  /** Refused before any connection (an internal address): retrying cannot help unless DNS changes. */
  refused?: boolean;
}

/**
 * One POST of a signed body. The host is resolved once and every address checked (address-guard.ts);
 * the connection goes to the checked address (the lookup handed to `http.request` answers it, so
 * nothing is resolved again), TLS still verifies the certificate for the host name. Redirects are
 * not followed (a 3xx is a failed attempt), the answer is read up to a bound, and the whole attempt
 * is bounded in time.
 */
export async function sendWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  limits: SendLimits,
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { ok: false, status: null, durationMs: 0, error: "invalid URL", refused: true };
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limits.timeoutMs);
  try {
    const lookupTimeout = new Promise<never>((_, reject) =>
      controller.signal.addEventListener("abort", () => reject(new Error(`timed out after ${limits.timeoutMs} ms`))),
    );
    const checked = await Promise.race([resolveChecked(target.hostname, limits.allowPrivate), lookupTimeout]);
    const lookup: LookupFunction = (_host, options, callback) => {
      if ((options as { all?: boolean }).all) (callback as any)(null, [checked]);
      else callback(null, checked.address, checked.family);
    };
    const status = await new Promise<number>((resolve, reject) => {
      const client = target.protocol === "https:" ? https : http;
      const request = client.request(
        target,
        {
          method: "POST",
          headers: {
            ...headers,
            "content-type": "application/json",
            "content-length": String(Buffer.byteLength(body)),
            "user-agent": "Tessera-Webhooks/1",
          },
          lookup,
          signal: controller.signal,
          agent: false,
        },
        (response) => {
          let read = 0;
          response.on("data", (chunk: Buffer) => {
            read += chunk.length;
            // Enough of an answer: its status is known, the rest is not needed.
            if (read >= limits.maxResponseBytes) {
              response.destroy();
              resolve(response.statusCode ?? 0);
            }
          });
          response.on("end", () => resolve(response.statusCode ?? 0));
          response.on("error", reject);
          response.on("close", () => resolve(response.statusCode ?? 0));
        },
      );
      request.on("error", reject);
      request.end(body);
    });
    const ok = status >= 200 && status < 300;
    const error = ok
      ? null
      : status >= 300 && status < 400
        ? `answered ${status} (redirects are not followed)`
        : `answered ${status}`;
    return { ok, status, durationMs: elapsed(), error };
  } catch (error) {
    if (error instanceof AddressRefused)
      return { ok: false, status: null, durationMs: elapsed(), error: error.message, refused: true };
    const message = controller.signal.aborted
      ? `timed out after ${limits.timeoutMs} ms`
      : error instanceof Error
        ? `${(error as NodeJS.ErrnoException).code ?? "error"}: ${error.message}`
        : String(error);
    return { ok: false, status: null, durationMs: elapsed(), error: message };
  } finally {
    clearTimeout(timer);
  }
}
