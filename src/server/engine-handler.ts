import type { Context } from "hono";
import type { ErrorCode } from "../shared/error-codes.js";
import type { Auth } from "./auth/auth.js";
import { CLIENT_IP_HEADER, clientIp, peerAddress } from "./auth/client-ip.js";
import { errorBody } from "./errors.js";

/**
 * The engine under /api/auth/* (app.ts mounts it): the client's address is set by us in CLIENT_IP_HEADER, never
 * taken from the client, and the engine's 429 gets Tessera's {code, message} and a Retry-After.
 */
export function engineHandler(auth: Auth, trustedProxies: string[]) {
  return (c: Context) => {
    const req = c.req.raw;
    // Only we say who the client is: drop any client-sent value, then set the one we trust.
    req.headers.delete(CLIENT_IP_HEADER);
    const ip = clientIp(peerAddress(c), req.headers.get("x-forwarded-for"), trustedProxies);
    if (ip) req.headers.set(CLIENT_IP_HEADER, ip);
    return auth.handler(req).then(withRateLimitCode);
  };
}

const OWN_LIMIT_CODES = new Set<ErrorCode | "ACCOUNT_TEMPORARILY_LOCKED">([
  "TOO_MANY_SIGN_IN_ATTEMPTS",
  "TOO_MANY_INVITATIONS",
  "TOO_MANY_ORGANIZATION_INVITATIONS",
  // The engine's per-account lock of second-factor codes (docs/mfa.md "Server rules").
  "ACCOUNT_TEMPORARILY_LOCKED",
  "TOO_MANY_TWO_FACTOR_ATTEMPTS",
  "TOO_MANY_TWO_FACTOR_CODES_SENT",
  // An API key's own request limit (the engine's api-key plugin; docs/integrate.md "API keys").
  "RATE_LIMITED",
]);

/** The engine's 429 carries only a message; give it our {code, message} shape and the standard Retry-After. */
async function withRateLimitCode(res: Response): Promise<Response> {
  if (res.status !== 429) return res;
  // A limit of our own (per account, per inviter: src/server/auth/*-limit.ts) keeps its code and words.
  const own = (await res
    .clone()
    .json()
    .catch(() => undefined)) as { code?: unknown; message?: unknown; details?: { tryAgainIn?: unknown } } | undefined;
  // An API key's limit says when its window ends (milliseconds).
  const keyWait = typeof own?.details?.tryAgainIn === "number" ? Math.ceil(own.details.tryAgainIn / 1000) : 0;
  const retryAfter = Number(res.headers.get("x-retry-after")) || keyWait || 1;
  const headers = new Headers(res.headers);
  headers.set("Retry-After", String(retryAfter));
  const body =
    typeof own?.code === "string" && OWN_LIMIT_CODES.has(own.code as ErrorCode) && typeof own.message === "string"
      ? { code: own.code, message: own.message, retryAfter }
      : { ...errorBody("TOO_MANY_REQUESTS"), retryAfter };
  return new Response(JSON.stringify(body), { status: 429, headers });
}
