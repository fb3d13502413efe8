import type { BetterAuthPlugin } from "better-auth";
import { type ErrorBody, errorBody } from "../errors.js";

// Codes for refusals the engine sends without one (e.g. its bare 401 on organization and admin calls).
const FILLED_IN: Record<number, ErrorBody> = {
  400: errorBody("BAD_REQUEST"),
  401: errorBody("UNAUTHORIZED", "bare"),
  403: errorBody("FORBIDDEN", "bare"),
  404: errorBody("NOT_FOUND"),
  405: errorBody("METHOD_NOT_ALLOWED"),
  413: errorBody("PAYLOAD_TOO_LARGE"),
  415: errorBody("UNSUPPORTED_MEDIA_TYPE"),
  429: errorBody("TOO_MANY_REQUESTS"),
};
// Any other status: the table's generic code of its class (docs/behaviour.md "Every failure").
const SERVER_FAILED = errorBody("INTERNAL_SERVER_ERROR");
const REFUSED = errorBody("BAD_REQUEST");

/**
 * Every failure is answered as {code, message} JSON (STYLE "Errors"; docs/behaviour.md#error-codes "Not authenticated"
 * and friends are messages a client shows). better-auth 1.7 answers some refusals with an empty
 * body (a signed-out caller on organization and admin calls) or without a code (its 429); this
 * fills in what is missing and leaves the engine's own code and message untouched.
 */
export function errorBodies() {
  return {
    id: "tessera-error-bodies",
    async onResponse(response: Response) {
      if (response.status < 400) return;
      const text = await response.clone().text();
      let body: Record<string, unknown> | undefined;
      try {
        const parsed: unknown = text ? JSON.parse(text) : undefined;
        if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
      } catch {
        body = undefined;
      }
      if (typeof body?.code === "string" && typeof body.message === "string" && body.message) return;
      // Any other status keeps its number under its class's generic code: a failure of the engine's own (its
      // router answers an uncaught error with a bare 500) is INTERNAL_SERVER_ERROR, as app.ts answers one.
      const { code, message } = FILLED_IN[response.status] ?? (response.status >= 500 ? SERVER_FAILED : REFUSED);
      const filled = {
        ...body,
        code: typeof body?.code === "string" ? body.code : code,
        message: typeof body?.message === "string" && body.message ? body.message : message,
      };
      const headers = new Headers(response.headers);
      headers.set("content-type", "application/json");
      headers.delete("content-length");
      return { response: new Response(JSON.stringify(filled), { status: response.status, headers }) };
    },
  } satisfies BetterAuthPlugin;
}
