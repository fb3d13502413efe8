import type { MiddlewareHandler } from "hono";
import { fail } from "../errors.js";

/** Largest request body any /api route takes. */
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * How much of a body nobody read is still read (and thrown away) before the answer goes out. A client
 * is deaf while it sends: answering and closing mid-upload reset the connection under Node's fetch
 * and browsers about half the time, so a 413 (or a 401 to an upload) was never read. Past these
 * bounds the answer goes out anyway, with `Connection: close`.
 */
const DRAIN_MAX_BYTES = 16 * 1024 * 1024;
const DRAIN_MAX_MS = 10_000;

/**
 * Every answer to a request with a body waits until the client has sent all of it: whatever the
 * route left unread (a refusal before reading, a 413 part way) is read and discarded, up to the
 * bounds above. Goes first, so it sees the request as it arrived.
 */
export function drainUnreadBody(): MiddlewareHandler {
  return async (c, next) => {
    const arrived = c.req.raw;
    await next();
    const body = arrived.body;
    // Locked: a route holds it (the engine read it to the end). Otherwise it is read here, from where it was left.
    if (!body || body.locked) return;
    if (await drain(body.getReader())) return;
    const res = new Response(c.res.body, c.res);
    res.headers.set("Connection", "close");
    c.res = res;
  };
}

/** Reads and discards to the end; false when a bound was hit or the client went away. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<boolean> {
  let read = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), DRAIN_MAX_MS);
  });
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), timeout]);
      if (next === "timeout") return false;
      if (next.done) return true;
      read += next.value.byteLength;
      if (read > DRAIN_MAX_BYTES) return false;
    }
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
    reader.releaseLock();
  }
}

/**
 * 413 PAYLOAD_TOO_LARGE for a body over `maxBytes`, announced (Content-Length) or counted as it
 * streams in. The rest is left to drainUnreadBody, so the client reads the answer.
 */
export function limitBody(maxBytes = MAX_BODY_BYTES): MiddlewareHandler {
  return async (c, next) => {
    const raw = c.req.raw;
    if (!raw.body) return next();
    const chunked = raw.headers.has("transfer-encoding");
    if (!chunked && raw.headers.has("content-length")) {
      // Node's parser holds a body to its Content-Length: a small announced body can stream on as is.
      return Number(raw.headers.get("content-length")) > maxBytes ? fail(c, "PAYLOAD_TOO_LARGE") : next();
    }
    const reader = raw.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        reader.releaseLock();
        return fail(c, "PAYLOAD_TOO_LARGE");
      }
      chunks.push(value);
    }
    c.req.raw = new Request(raw, { body: Buffer.concat(chunks, size) });
    return next();
  };
}
