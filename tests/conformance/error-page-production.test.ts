import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../helpers/databases.js";
import type { TestServer } from "../helpers/server.js";
import { expectErrorPage } from "./error-page-assertions.js";

// The engine reads NODE_ENV once, when it is first imported; this file runs in a process of its own
// (vitest.config.ts, project "own-process"), so setting it here before the server is imported makes
// the engine a production one. In production, better-auth 1.7 answers /error with a redirect to "/?error=…".
process.env.NODE_ENV = "production";

describe.each(databaseKinds)("GET /api/auth/error with NODE_ENV=production on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    const { startTestServer } = await import("../helpers/server.js");
    server = await startTestServer(kind, {
      env: { NODE_ENV: "production", MAIL_TRANSPORT: "log", SMTP_URL: "" },
    });
  });
  afterAll(() => server?.close());

  it("runs an engine that redirects its own error page (the premise)", async () => {
    expect(server.config.env).toBe("production");
    const engine = await server.running.auth.handler(new Request(`${server.auth}/error?error=x`));
    expect(engine.status).toBe(302);
  });

  it("still renders the SPEC §2 page, with Unknown by default and codes escaped", async () => {
    expectErrorPage(await server.client().get("/api/auth/error"), server.url, "Unknown");
    const res = await server.client().get("/api/auth/error", { error: "state<mismatch>" });
    expectErrorPage(res, server.url, "state&#60;mismatch&#62;");
  });
});
