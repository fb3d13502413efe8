import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../helpers/auth-flows.js";
import { databaseKinds } from "../helpers/databases.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

// The engine's rule for /sign-in/*: 3 requests per 10 s per client. The memory store is shared by
// every server in this process, so each test uses client addresses no other test uses.

const attempt = (server: TestServer, forwardedFor?: string) =>
  server
    .client(forwardedFor ? { "X-Forwarded-For": forwardedFor } : {})
    .post("/api/auth/sign-in/email", { email: "nobody@example.com", password: "wrong password" });

describe.each(databaseKinds)("rate limiting without TRUSTED_PROXIES on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { env: { RATE_LIMIT_ENABLED: "true" } });
  });
  afterAll(() => server?.close());

  it("records the socket address as the session's ipAddress, ignoring X-Forwarded-For", async () => {
    const { user } = await server.signUp("direct@example.com");
    const client = server.client({ "X-Forwarded-For": "198.51.100.23" });
    const res = await client.post("/api/auth/sign-in/email", {
      email: "direct@example.com",
      password: "correct horse battery",
    });
    expect(res.status).toBe(200);
    const [session] = await rows(server, "session", { token: res.body.token });
    expect(session?.ipAddress).toBe("127.0.0.1");
    expect(session?.userId).toBe(user.id);
  });

  it("answers 429 after 3 sign-in attempts, and a different X-Forwarded-For does not escape it", async () => {
    // The test above signed in once from this address.
    for (let i = 0; i < 2; i++) expect((await attempt(server, "203.0.113.1")).status).toBe(401);
    const limited = await attempt(server, "203.0.113.1");
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: "Too many requests. Please try again later.",
    });
    expect(Number(limited.headers.get("x-retry-after"))).toBeGreaterThan(0);
    expect(limited.headers.get("retry-after")).toBe(limited.headers.get("x-retry-after"));
    expect(limited.body.retryAfter).toBe(Number(limited.headers.get("retry-after")));

    const spoofed = await attempt(server, "203.0.113.2");
    expect(spoofed.status).toBe(429);
    expect((await attempt(server)).status).toBe(429);
  });

  it("while limited, even the right password is refused and no cookie is set", async () => {
    const res = await server
      .client()
      .post("/api/auth/sign-in/email", { email: "direct@example.com", password: "correct horse battery" });
    expect(res.status).toBe(429);
    expect(res.headers.getSetCookie()).toEqual([]);
  });
});

describe.each(databaseKinds)("rate limiting with TRUSTED_PROXIES=127.0.0.1 on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { env: { RATE_LIMIT_ENABLED: "true", TRUSTED_PROXIES: "127.0.0.1" } });
  });
  afterAll(() => server?.close());

  it("records the forwarded client address as the session's ipAddress", async () => {
    await server.signUp("proxied@example.com");
    const client = server.client({ "X-Forwarded-For": "198.51.100.23" });
    const res = await client.post("/api/auth/sign-in/email", {
      email: "proxied@example.com",
      password: "correct horse battery",
    });
    expect(res.status).toBe(200);
    const [session] = await rows(server, "session", { token: res.body.token });
    expect(session?.ipAddress).toBe("198.51.100.23");
  });

  it("counts each forwarded client on its own", async () => {
    const a = `${kind === "sqlite" ? "192.0.2" : "192.0.3"}.10`;
    const b = `${kind === "sqlite" ? "192.0.2" : "192.0.3"}.11`;
    for (let i = 0; i < 3; i++) expect((await attempt(server, a)).status).toBe(401);
    expect((await attempt(server, a)).status).toBe(429);
    expect((await attempt(server, b)).status).toBe(401);
    // The right-most untrusted hop counts: a client cannot pick its address by prepending one.
    expect((await attempt(server, `10.9.9.9, ${a}`)).status).toBe(429);
  });

  it("limits /api/sso/check and /api/sso/sign-in together per client address (20 per minute)", async () => {
    const a = `${kind === "sqlite" ? "192.0.2" : "192.0.3"}.20`;
    const b = `${kind === "sqlite" ? "192.0.2" : "192.0.3"}.21`;
    const sso = (path: "check" | "sign-in", from: string) =>
      server.client({ "X-Forwarded-For": from }).post(`/api/sso/${path}`, { email: "someone@nowhere.example" });
    for (let i = 0; i < 15; i++) expect((await sso("check", a)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await sso("sign-in", a)).status).toBe(404);
    for (const path of ["check", "sign-in"] as const) {
      const limited = await sso(path, a);
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({
        code: "TOO_MANY_REQUESTS",
        message: "Too many requests. Please try again later.",
      });
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect((await sso("check", b)).status).toBe(200);
  });
});

describe.each(databaseKinds)("rate limiting switched off on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { env: { RATE_LIMIT_ENABLED: "false" } });
  });
  afterAll(() => server?.close());

  it("never answers 429 when RATE_LIMIT_ENABLED=false", async () => {
    for (let i = 0; i < 6; i++) expect((await attempt(server, "198.51.100.99")).status).toBe(401);
  });
});
