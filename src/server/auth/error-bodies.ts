import type { BetterAuthPlugin } from "better-auth";

// Codes for refusals the engine sends without one (e.g. its bare 401 on organization and admin calls).
const STATUS_CODES: Record<number, [string, string]> = {
  400: ["BAD_REQUEST", "Bad request"],
  401: ["UNAUTHORIZED", "Unauthorized"],
  403: ["FORBIDDEN", "Forbidden"],
  404: ["NOT_FOUND", "Not found"],
  405: ["METHOD_NOT_ALLOWED", "Method not allowed"],
  413: ["PAYLOAD_TOO_LARGE", "Request body too large"],
  415: ["UNSUPPORTED_MEDIA_TYPE", "Unsupported media type"],
  429: ["TOO_MANY_REQUESTS", "Too many requests. Please try again later."],
};

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
      const [code, message] = STATUS_CODES[response.status] ?? ["ERROR", response.statusText || "Request failed"];
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
