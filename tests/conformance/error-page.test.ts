import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../helpers/databases.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { expectErrorPage } from "./error-page-assertions.js";

// SPEC §2: GET /error renders a heading, a generic message, "Return to Application", and the code escaped.
describe.each(databaseKinds)("GET /api/auth/error on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server?.close());

  it("shows Unknown when no code is given", async () => {
    const res = await server.client().get("/api/auth/error");
    expectErrorPage(res, server.url, "Unknown");
    expectErrorPage(await server.client().get("/api/auth/error", { error: "" }), server.url, "Unknown");
  });

  it("shows the code it was given", async () => {
    const res = await server.client().get("/api/auth/error", { error: "please_restart_the_process" });
    expectErrorPage(res, server.url, "please_restart_the_process");
  });

  it("shows codes outside [A-Za-z0-9_'-] HTML-escaped rather than rewritten", async () => {
    const res = await server.client().get("/api/auth/error", { error: `<script>alert("x")</script> & it's` });
    expectErrorPage(res, server.url, "&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; it&#39;s");
    expect(res.text).not.toContain("<script>alert");
    const spaced = await server.client().get("/api/auth/error", { error: "account not linked" });
    expectErrorPage(spaced, server.url, "account not linked");
  });
});
