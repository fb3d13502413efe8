import { appendFileSync, mkdirSync } from "node:fs";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { join } from "node:path";

/**
 * `npm run test:security` (scripts/security-summary.ts) sets TESSERA_SECURITY_COUNTS to a folder;
 * each suite adds what it checked there (calls × roles, URLs tried, fuzz cases, crashes survived…).
 * Outside that script nothing is written.
 */
export function recordCount(key: string, value: number, database?: string) {
  const dir = process.env.TESSERA_SECURITY_COUNTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  appendFileSync(join(dir, "counts.jsonl"), `${JSON.stringify({ key, value, database })}\n`);
}

/** A short unique tag for e-mail addresses and slugs. */
export function uid(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

/** "200" or "status message" — what a user notices of an answer. */
export function outcome(res: { status: number; body?: any }): string {
  // Allowed is any success (200, or 201 for a call that creates something).
  return res.status === 200 || res.status === 201 ? "200" : `${res.status} ${res.body?.message ?? ""}`.trim();
}

/**
 * One HTTP request through node:http, headers exactly as given: fetch adds its own
 * Sec-Fetch-Mode and refuses some headers, which a browser-shaped request needs to control.
 */
export function rawRequest(
  url: string,
  { method = "GET", headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<{ status: number; headers: IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    let answered = false;
    // A connection of its own: after a refused body the server may close it, and reuse would race that.
    const req = httpRequest(url, { method, headers, agent: false }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }),
      );
      res.on("error", reject);
    });
    // A server may answer (413) and close before the whole body is written; the answer is what counts.
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    if (body !== undefined) req.write(body, () => undefined);
    req.end();
  });
}

/** Runs `fn` over `items`, at most `limit` at a time; results in input order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i] as T, i);
    }
  });
  await Promise.all(lanes);
  return results;
}
