import { Writable } from "node:stream";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { engineLogger, logRequest } from "./logger.js";

function capture(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: pino({ level }, stream), lines };
}

describe("logs (issue 22 item 11)", () => {
  it("sends the engine's lines through pino as JSON, at the app's level, errors serialised", async () => {
    const { logger, lines } = capture("info");
    const engine = engineLogger(logger, false);
    expect(engine.level).toBe("info");
    engine.log("warn", "Rate limit storage is memory", { path: "/sign-in/email" });
    engine.log("error", "Failed to send", new Error("boom"));
    await new Promise((r) => setImmediate(r));
    expect(lines).toMatchObject([
      {
        level: 40,
        component: "better-auth",
        msg: "Rate limit storage is memory",
        details: [{ path: "/sign-in/email" }],
      },
      { level: 50, component: "better-auth", msg: "Failed to send", err: { message: "boom", type: "Error" } },
    ]);
    expect(JSON.stringify(lines)).not.toContain("\u001b[");
    expect(engineLogger(capture("debug").logger, false).level).toBe("debug");
    expect(engineLogger(capture("error").logger, true)).toMatchObject({ level: "error", disabled: true });
  });

  it("writes a request line for API calls at info, for the web app's files only at debug", async () => {
    const info = capture("info");
    for (const path of ["/api/auth/get-session", "/assets/index-abc.js", "/favicon.ico", "/sign-in"]) {
      logRequest(info.logger, "GET", path, 200, performance.now());
    }
    const debug = capture("debug");
    logRequest(debug.logger, "GET", "/assets/index-abc.js", 200, performance.now());
    await new Promise((r) => setImmediate(r));
    expect(info.lines.map((l) => l.path)).toEqual(["/api/auth/get-session", "/sign-in"]);
    expect(debug.lines).toMatchObject([{ level: 20, path: "/assets/index-abc.js", msg: "request" }]);
  });
});
