import { APIError } from "better-auth/api";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ERROR_CODES, type ErrorCode, type MessageArgs, messageOf } from "../shared/error-codes.js";

// Answers through the one table of codes (src/shared/error-codes.ts): routes write `fail(c, "SSO_REQUIRED")`,
// the engine's hooks `throw apiError("MFA_REQUIRED")`, and the status and words come from the table.

/** The engine's (better-call's) names of the statuses the table uses. */
const STATUS_NAMES = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  422: "UNPROCESSABLE_ENTITY",
  429: "TOO_MANY_REQUESTS",
  500: "INTERNAL_SERVER_ERROR",
  503: "SERVICE_UNAVAILABLE",
} as const;

export interface ErrorBody<C extends ErrorCode = ErrorCode> {
  code: C;
  message: string;
}

/** `{code, message}` for `code`, its variant's or its template's message filled in. */
export function errorBody<C extends ErrorCode>(code: C, ...args: MessageArgs<C>): ErrorBody<C> {
  return { code, message: messageOf(code, ...args) };
}

/** The HTTP status the table gives `code`. */
export function statusOf(code: ErrorCode): ContentfulStatusCode {
  return ERROR_CODES[code].status as ContentfulStatusCode;
}

/** Hono: answer `code` with its status and message. */
export function fail<C extends ErrorCode>(c: Context, code: C, ...args: MessageArgs<C>): Response {
  return c.json(errorBody(code, ...args), statusOf(code));
}

function statusName(code: ErrorCode): (typeof STATUS_NAMES)[keyof typeof STATUS_NAMES] {
  const name = STATUS_NAMES[ERROR_CODES[code].status as keyof typeof STATUS_NAMES];
  if (!name) throw new Error(`${code}: status ${ERROR_CODES[code].status} is not an answer of the engine's`);
  return name;
}

/** The engine's APIError for `code` (to throw from a plugin, hook or guard). */
export function apiError<C extends ErrorCode>(code: C, ...args: MessageArgs<C>): APIError {
  return new APIError(statusName(code), errorBody(code, ...args));
}

/** As `apiError`, with more fields in the body (`missingPermissions`) or a `cause` for the log. */
export function apiErrorWith<C extends ErrorCode>(body: ErrorBody<C> & Record<string, unknown>): APIError {
  return new APIError(statusName(body.code), body);
}

/** A 429 of Tessera's own limits from the engine's hooks: app.ts turns X-Retry-After into Retry-After. */
export function retryLater(code: ErrorCode & `TOO_MANY_${string}`, retryAfter: number): APIError {
  return new APIError(statusName(code), errorBody(code as "TOO_MANY_REQUESTS"), {
    "X-Retry-After": String(retryAfter),
  });
}
