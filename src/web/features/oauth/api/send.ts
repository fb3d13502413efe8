import { fetchJson } from "@/lib/api-error.js";

/** A JSON call of the feature's: `body`, when given, is sent as JSON. */
export function send<T>(url: string, method: string, body?: unknown): Promise<T> {
  return fetchJson<T>(url, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "Content-Type": "application/json" } }),
  });
}
