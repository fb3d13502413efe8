import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailWithLink, PASSWORD, setCookie, signIn } from "../helpers/auth-flows.js";
import { TestClient } from "../helpers/client.js";
import { databaseKinds } from "../helpers/databases.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

describe.each(databaseKinds)("cookies and headers over http on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
    await server.signUp("cookie@example.com");
  });
  afterAll(() => server?.close());

  it("the session cookie is HttpOnly, SameSite=Lax, Path=/, lives SESSION_EXPIRES_IN, and is not Secure on http", async () => {
    const { res } = await signIn(server, "cookie@example.com");
    const cookie = setCookie(res, "tessera.session_token");
    expect(cookie).toBeDefined();
    expect(cookie?.attributes).toHaveProperty("httponly");
    expect(cookie?.attributes.samesite?.toLowerCase()).toBe("lax");
    expect(cookie?.attributes.path).toBe("/");
    expect(cookie?.attributes["max-age"]).toBe("604800");
    expect(cookie?.attributes).not.toHaveProperty("secure");
    expect(res.headers.getSetCookie().some((c) => c.startsWith("__Secure-"))).toBe(false);
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });

  it("the rememberMe:false marker cookie is HttpOnly too", async () => {
    const { res } = await signIn(server, "cookie@example.com", PASSWORD, { rememberMe: false });
    const marker = setCookie(res, "tessera.dont_remember");
    expect(marker?.attributes).toHaveProperty("httponly");
    expect(marker?.attributes.samesite?.toLowerCase()).toBe("lax");
  });

  it("the error page carries CSP frame-ancestors 'none', Referrer-Policy and nosniff", async () => {
    const res = await server.client().get("/api/auth/error", { error: "invalid_token" });
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  });

  it("JSON answers carry nosniff and the session answer is not cached", async () => {
    const { client } = await signIn(server, "cookie@example.com");
    const res = await client.get("/api/auth/get-session");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toMatch(/no-store/);
  });
});

describe.each(databaseKinds)("cookies with an https BASE_URL on %s", (kind) => {
  const BASE = "https://tessera.example";
  const SECURE_COOKIE = "__Secure-tessera.session_token";
  let server: TestServer;
  let browser: TestClient;
  beforeAll(async () => {
    server = await startTestServer(kind, { env: { BASE_URL: BASE } });
    // Behind a TLS proxy: the browser's Origin is the public https one; the proxy speaks http to us.
    browser = new TestClient(server.url, BASE);
  });
  afterAll(() => server?.close());

  it("verification signs in with a Secure, __Secure- prefixed, HttpOnly, Lax cookie that then works", async () => {
    const since = server.mail.messages.length;
    const signUp = await browser.post("/api/auth/sign-up/email", {
      email: "tls@example.com",
      password: PASSWORD,
      name: "T",
    });
    expect(signUp.status).toBe(200);
    const { link } = await mailWithLink(server, "tls@example.com", "/verify-email", since);
    const url = new URL(link);
    expect(url.origin).toBe(BASE);

    const res = await browser.get(`/api/auth${url.pathname}${url.search}`);
    expect(res.status).toBe(302);
    const cookie = setCookie(res, SECURE_COOKIE);
    expect(cookie).toBeDefined();
    expect(cookie?.attributes).toHaveProperty("secure");
    expect(cookie?.attributes).toHaveProperty("httponly");
    expect(cookie?.attributes.samesite?.toLowerCase()).toBe("lax");
    expect(setCookie(res, "tessera.session_token")).toBeUndefined();

    const session = await browser.get("/api/auth/get-session");
    expect(session.body.user.email).toBe("tls@example.com");
  });

  it("sign-in from the https origin sets the Secure cookie and HSTS", async () => {
    const client = new TestClient(server.url, BASE);
    const res = await client.post("/api/auth/sign-in/email", { email: "tls@example.com", password: PASSWORD });
    expect(res.status).toBe(200);
    const cookie = setCookie(res, SECURE_COOKIE);
    expect(cookie?.attributes).toHaveProperty("secure");
    expect(decodeURIComponent(cookie?.value ?? "").split(".")[0]).toBe(res.body.token);
    expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    expect((await client.get("/api/auth/get-session")).body.user.email).toBe("tls@example.com");
  });

  it("ignores a cookie without the __Secure- prefix", async () => {
    const client = new TestClient(server.url, BASE);
    const res = await client.post("/api/auth/sign-in/email", { email: "tls@example.com", password: PASSWORD });
    const plain = new TestClient(server.url, BASE);
    plain.cookies.set("tessera.session_token", setCookie(res, SECURE_COOKIE)?.value ?? "");
    expect((await plain.get("/api/auth/get-session")).body).toBeNull();
  });

  it("refuses a sign-in posted from the plain-http origin", async () => {
    const res = await new TestClient(server.url, server.url).post("/api/auth/sign-in/email", {
      email: "tls@example.com",
      password: PASSWORD,
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("Invalid origin");
  });
});
