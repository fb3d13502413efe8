import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

/** The header a request id comes in on (from a proxy) and goes out on (to the client). */
export const REQUEST_ID_HEADER = "x-request-id";

/**
 * An incoming id is kept only when it is a short token of safe characters: it is written into
 * every log line and error page of the request, so nothing that could forge a log field, carry
 * markup or grow without bound.
 */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The id of a request: the client's (or proxy's) when safe, otherwise a new random one. */
export function requestIdFrom(incoming: string | string[] | null | undefined): string {
  return typeof incoming === "string" && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

const scope = new AsyncLocalStorage<string>();

/** Runs `fn` (the rest of the request) with `requestId` bound to every log line written meanwhile. */
export function withRequestId<T>(requestId: string, fn: () => T): T {
  return scope.run(requestId, fn);
}

/** The id of the request being handled, if any (logger.ts adds it to every line). */
export function currentRequestId(): string | undefined {
  return scope.getStore();
}
