// Session fast path: the engine's cookies read, verified and written as the engine does, with node:crypto.
import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The engine's cookie reading, byte for byte (better-call 1.4 `parseCookies`): the first
 * cookie of a name wins, names and values are trimmed, one pair of quotes is dropped and
 * percent-escapes are decoded when they decode.
 */
export function parseCookieHeader(header: string): Map<string, string> {
  const cookies = new Map<string, string>();
  let index = 0;
  while (index < header.length) {
    const eq = header.indexOf("=", index);
    if (eq === -1) break;
    let end = header.indexOf(";", index);
    if (end === -1) end = header.length;
    else if (end < eq) {
      index = header.lastIndexOf(";", eq - 1) + 1;
      continue;
    }
    const key = header.slice(index, eq).trim();
    if (!cookies.has(key)) {
      let value = header.slice(eq + 1, end).trim();
      if (value.codePointAt(0) === 34) value = value.slice(1, -1);
      cookies.set(key, tryDecode(value));
    }
    index = end + 1;
  }
  return cookies;
}

function tryDecode(value: string): string {
  try {
    return value.includes("%") ? decodeURIComponent(value) : value;
  } catch {
    return value;
  }
}

/**
 * The value of a cookie signed as `value.base64(HMAC-SHA256(value, secret))`, or null when the
 * signature is missing or wrong. Same acceptance as better-call's getSignedCookie (whose WebCrypto
 * verify is async); the signature is decoded with the same atob so the same spellings pass.
 */
function verifySignedValue(signed: string | undefined, secret: Buffer): string | null {
  if (!signed) return null;
  const dot = signed.lastIndexOf(".");
  if (dot < 1) return null;
  const value = signed.slice(0, dot);
  const signature = signed.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  let given: Buffer;
  try {
    given = Buffer.from(atob(signature), "latin1");
  } catch {
    return null;
  }
  const expected = createHmac("sha256", secret).update(value, "utf8").digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

/**
 * verifySignedValue with a memory of the values already verified: a browser sends the same signed
 * cookie with every request, and the answer for a value never changes while the secret does not.
 * Only values that verified are kept (at most `max`), so unsigned junk cannot fill it.
 */
export function signedValueVerifier(secret: Buffer, max = 10_000): (signed: string | undefined) => string | null {
  const verified = new Map<string, string>();
  return (signed) => {
    if (!signed) return null;
    const known = verified.get(signed);
    if (known !== undefined) return known;
    const value = verifySignedValue(signed, secret);
    if (value !== null) {
      if (verified.size >= max) verified.clear();
      verified.set(signed, value);
    }
    return value;
  };
}

export interface CookieAttributes {
  maxAge?: number;
  domain?: string;
  path?: string;
  expires?: Date;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
  partitioned?: boolean;
}

/** A Set-Cookie line as better-call serialises it (prefix rules included). */
export function serializeCookie(name: string, value: string, attributes: CookieAttributes): string {
  const options = { ...attributes };
  const lower = name.toLowerCase();
  if (lower.startsWith("__host-")) {
    options.secure = true;
    options.path = "/";
    options.domain = undefined;
  } else if (lower.startsWith("__secure-")) options.secure = true;
  if (options.partitioned === true || options.sameSite?.toLowerCase() === "none") options.secure = true;
  let cookie = `${name}=${encodeURIComponent(value)}`;
  if (typeof options.maxAge === "number" && options.maxAge >= 0) cookie += `; Max-Age=${Math.floor(options.maxAge)}`;
  if (options.domain) cookie += `; Domain=${options.domain}`;
  if (options.path) cookie += `; Path=${options.path}`;
  if (options.expires) cookie += `; Expires=${options.expires.toUTCString()}`;
  if (options.httpOnly) cookie += "; HttpOnly";
  if (options.secure) cookie += "; Secure";
  if (options.sameSite) cookie += `; SameSite=${options.sameSite.charAt(0).toUpperCase()}${options.sameSite.slice(1)}`;
  if (options.partitioned) cookie += "; Partitioned";
  return cookie;
}
