import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "../../shared/error-codes.js";
import { errorBodies } from "./error-bodies.js";

// The engine's answers without a code get one of the table's (docs/behaviour.md "Every failure").
async function filled(response: Response) {
  const out = await errorBodies().onResponse(response);
  if (!out) throw new Error("left as it was");
  return { status: out.response.status, body: (await out.response.json()) as { code: string; message: string } };
}

describe("error bodies", () => {
  it("answers the engine's bare 500 (a failure of its own) as INTERNAL_SERVER_ERROR", async () => {
    const { status, body } = await filled(new Response(null, { status: 500, statusText: "Internal Server Error" }));
    expect(status).toBe(500);
    expect(body).toEqual({ code: "INTERNAL_SERVER_ERROR", message: "Internal server error" });
  });

  it("gives a status without a code of its own its class's code, never one outside the table", async () => {
    for (const status of [409, 410, 422, 502, 503]) {
      const { body } = await filled(new Response("", { status }));
      expect(Object.hasOwn(ERROR_CODES, body.code)).toBe(true);
      expect(body.code).toBe(status >= 500 ? "INTERNAL_SERVER_ERROR" : "BAD_REQUEST");
    }
  });

  it("leaves the engine's own code and message alone", async () => {
    const response = Response.json({ code: "USER_NOT_FOUND", message: "User not found" }, { status: 404 });
    expect(await errorBodies().onResponse(response)).toBeUndefined();
  });
});
