import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../helpers/databases.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

describe.each(databaseKinds)("server basics on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server?.close());

  it("GET /api/auth/ok answers {ok:true}", async () => {
    const res = await server.client().get("/api/auth/ok");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });

  it("serves /healthz and /readyz", async () => {
    const c = server.client();
    expect((await c.get("/healthz")).body).toEqual({ ok: true });
    expect((await c.get("/readyz")).body).toEqual({ ok: true });
  });

  it("signs up, verifies through the mail link, and is signed in", async () => {
    const { client, user } = await server.signUp("smoke@example.com", { name: "Smoke" });
    expect(user.email).toBe("smoke@example.com");
    const session = await client.get("/api/auth/get-session");
    expect(session.body.user.emailVerified).toBe(true);
    expect(session.body.user.language).toBe(3);
  });
});
