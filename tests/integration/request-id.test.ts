import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../src/server/logger.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { until } from "../helpers/wait.js";

// Issue 21 "Structured logs": every request has an id, returned as x-request-id, on every log
// line written while it is handled (the engine's included), and on error answers.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function captureLogs() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger("debug", stream), lines };
}

/** Waits for the "request" line of `requestId`, which is written as its answer goes out, after its other lines. */
const logged = (lines: Record<string, unknown>[], requestId: string) =>
  until(`the request line of ${requestId}`, () => lines.some((l) => l.requestId === requestId && l.msg === "request"));

describe("request ids over HTTP", () => {
  let server: TestServer;
  const logs = captureLogs();
  const webRoot = mkdtempSync(join(tmpdir(), "tessera-web-"));
  beforeAll(async () => {
    writeFileSync(
      join(webRoot, "index.html"),
      "<!doctype html><html><head><title>t</title></head><body></body></html>",
    );
    // The engine's logger is silent under NODE_ENV=test (auth/options.ts).
    server = await startTestServer("sqlite", { logger: logs.logger, webRoot, env: { NODE_ENV: "development" } });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const linesOf = (requestId: string) => logs.lines.filter((l) => l.requestId === requestId);

  it("gives each request a new id in x-request-id and on its request log line", async () => {
    const a = await server.client().get("/api/public-config");
    const b = await server.client().get("/api/public-config");
    const id = a.headers.get("x-request-id") ?? "";
    expect(id).toMatch(UUID);
    expect(b.headers.get("x-request-id")).toMatch(UUID);
    expect(b.headers.get("x-request-id")).not.toBe(id);
    await logged(logs.lines, id);
    expect(linesOf(id)).toEqual([
      expect.objectContaining({ msg: "request", method: "GET", path: "/api/public-config", status: 200 }),
    ]);
  });

  it("keeps a proxy's short safe id, and replaces one that is unsafe or long", async () => {
    const kept = await server.client({ "x-request-id": "edge-7f3a:42.b_c" }).get("/api/public-config");
    expect(kept.headers.get("x-request-id")).toBe("edge-7f3a:42.b_c");
    for (const bad of ['x" injected="1', "<script>", "a".repeat(65), "line\tbreak"]) {
      const res = await server.client({ "x-request-id": bad }).get("/api/public-config");
      expect(res.headers.get("x-request-id")).toMatch(UUID);
    }
  });

  it("puts the id on the engine's own log lines of that request (a wrong password)", async () => {
    await server.signUp("request-id-engine@example.com");
    const res = await server
      .client()
      .post("/api/auth/sign-in/email", { email: "request-id-engine@example.com", password: "wrong password 123" });
    expect(res.status).toBe(401);
    const id = res.headers.get("x-request-id") ?? "";
    expect(id).toMatch(UUID);
    await logged(logs.lines, id);
    const lines = linesOf(id);
    expect(lines).toContainEqual(expect.objectContaining({ component: "better-auth", msg: "Invalid password" }));
    expect(lines).toContainEqual(expect.objectContaining({ msg: "request", status: 401 }));
    // Nothing of another request carries it.
    expect(logs.lines.filter((l) => l.requestId === id && l.path && l.path !== "/api/auth/sign-in/email")).toEqual([]);
  });

  it("answers a session check on the session fast path (its Node lane) with an id too, logged alike", async () => {
    const res = await server.client().get("/api/auth/get-session");
    expect(res.status).toBe(200);
    const id = res.headers.get("x-request-id") ?? "";
    expect(id).toMatch(UUID);
    const chosen = await server.client({ "x-request-id": "node-lane-check-1" }).get("/api/auth/get-session");
    expect(chosen.headers.get("x-request-id")).toBe("node-lane-check-1");
    await logged(logs.lines, id);
    expect(linesOf(id)).toEqual([expect.objectContaining({ msg: "request", path: "/api/auth/get-session" })]);
  });

  it("shows the id in small print on the engine's error page", async () => {
    const res = await server.client().get("/api/auth/error?error=state_mismatch");
    const id = res.headers.get("x-request-id") ?? "";
    expect(id).toMatch(UUID);
    expect(res.text).toContain(`<p class="request-id">Request ID: <span data-testid="request-id">${id}</span></p>`);
  });

  it("names the id in the web app's 404 page, for its not-found screen to show", async () => {
    const missing = await server.client({ "x-request-id": "missing-page-1" }).get("/no-such-page");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("x-request-id")).toBe("missing-page-1");
    expect(missing.text).toContain('<meta name="tessera-request-id" content="missing-page-1" />');
    const screen = await server.client().get("/sign-in");
    expect(screen.status).toBe(200);
    expect(screen.text).not.toContain("tessera-request-id");
  });
});

describe("a 500 names its request id", () => {
  let server: TestServer;
  const logs = captureLogs();
  beforeAll(async () => {
    server = await startTestServer("sqlite", { logger: logs.logger });
  }, 60_000);
  afterAll(async () => {
    // The database is closed already; everything before it closes.
    await server.running.close().catch(() => {});
    await server.mail.close();
    await server.database.drop();
  });

  it("returns requestId in the JSON body and logs the error with it", async () => {
    const { client } = await server.signUp("request-id-500@example.com");
    await server.running.database.close();
    const res = await client.get("/api/account/mfa");
    expect(res.status).toBe(500);
    const id = res.headers.get("x-request-id") ?? "";
    expect(id).toMatch(UUID);
    expect(res.body).toEqual({ code: "INTERNAL_SERVER_ERROR", message: "Internal server error", requestId: id });
    await logged(logs.lines, id);
    expect(logs.lines).toContainEqual(expect.objectContaining({ requestId: id, msg: "unhandled error", level: 50 }));
  });
});
