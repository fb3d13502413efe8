import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { URL_FIELDS } from "./redirect-url-rules.js";

// The same fields the redirect rules judge (redirect-url-rules.ts).
const FIELDS = Object.keys(URL_FIELDS);
// Beyond Latin-1 a header value cannot be sent; control characters stay for the origin check to refuse.
const NOT_HEADER_SAFE = /[\u0080-\uffff]+/g;

/** Percent-encodes the UTF-8 bytes of every non-ASCII character, nothing else. */
function headerSafeUrl(value: string): string {
  return value.replace(NOT_HEADER_SAFE, (run) =>
    [...Buffer.from(run, "utf8")].map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join(""),
  );
}

function encodeFields(source: unknown): Record<string, unknown> | undefined {
  if (!source || typeof source !== "object") return undefined;
  const record = source as Record<string, unknown>;
  let changed = false;
  const out = { ...record };
  for (const field of FIELDS) {
    const value = record[field];
    if (typeof value === "string" && headerSafeUrl(value) !== value) {
      out[field] = headerSafeUrl(value);
      changed = true;
    }
  }
  return changed ? out : undefined;
}

/**
 * docs/behaviour.md#conventions callback and redirect URLs: a trusted one holding non-ASCII text ("/café", an IDN host)
 * passed the engine's origin check, then crashed its Location header with a 500 after sign-in had
 * already made the session. Such characters are percent-encoded in place (same URL to a browser);
 * the origin check has already judged the value as sent, and encoding changes no separator.
 */
export function redirectUrlEncoding() {
  return {
    id: "tessera-redirect-url-encoding",
    hooks: {
      before: [
        {
          matcher: () => true,
          handler: createAuthMiddleware(async (ctx) => {
            const body = encodeFields(ctx.body);
            const query = encodeFields(ctx.query);
            if (!body && !query) return;
            return { context: { ...(body ? { body } : {}), ...(query ? { query } : {}) } };
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
