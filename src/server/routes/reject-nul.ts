import type { Context, MiddlewareHandler, Next } from "hono";
import { fail } from "../errors.js";

// JSON's escape for U+0000, unless its backslash is itself escaped ("\\u0000" is text, not NUL).
const ESCAPED_NUL = /(?<!\\)(?:\\\\)*\\u0000/i;

/**
 * Bad input gets a 4xx, never a 500 (STYLE "Errors"): PostgreSQL refuses U+0000 in text
 * ("invalid byte sequence for encoding UTF8: 0x00"), so a NUL in any id, slug or name reached
 * the database as a 500. No legitimate value holds one; it is refused at the door, on both
 * databases alike. Uploads (not JSON) keep their bytes.
 */
export function rejectNulCharacters(): MiddlewareHandler {
  return (c, next) => {
    if (c.req.url.includes("%00")) return Promise.resolve(fail(c, "INVALID_CHARACTERS"));
    // A GET or HEAD has no body to read: no await on the way (each costs a little on every read).
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    return checkBody(c, next);
  };
}

async function checkBody(c: Context, next: Next) {
  if ((c.req.header("content-type") ?? "").includes("json")) {
    const text = await c.req.raw.clone().text();
    if (ESCAPED_NUL.test(text)) return fail(c, "INVALID_CHARACTERS");
  }
  await next();
}
