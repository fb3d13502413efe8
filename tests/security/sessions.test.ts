import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailWithLink, PASSWORD, signIn } from "../helpers/auth-flows.js";
import { type Reply, SESSION_COOKIE, TestClient } from "../helpers/client.js";
import { databaseKinds } from "../helpers/databases.js";
import { type OidcProvider, startOidcProvider } from "../helpers/oidc-provider.js";
import { makeUser, sessionClient } from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { createUserWithId, signedCookieValue } from "../helpers/session-fixtures.js";
import { uid } from "./support.js";

// Cookies that cannot be read by script or sent cross-site, tokens that change at every sign-in,
// and sessions that end when they must: password reset, ban, impersonation.

/** Every Set-Cookie of a reply that sets a value, as name → lower-cased attributes. */
function cookiesSet(res: Reply) {
  return res.headers
    .getSetCookie()
    .map((raw) => {
      const [pair = "", ...attrs] = raw.split(";").map((s) => s.trim());
      const name = pair.slice(0, pair.indexOf("="));
      const value = pair.slice(pair.indexOf("=") + 1);
      const attributes = Object.fromEntries(
        attrs.map((a) => {
          const i = a.indexOf("=");
          return i < 0 ? [a.toLowerCase(), ""] : [a.slice(0, i).toLowerCase(), a.slice(i + 1).toLowerCase()];
        }),
      );
      return { name, value, attributes };
    })
    .filter((c) => c.value && c.attributes["max-age"] !== "0");
}

const tokenOf = (client: TestClient, name = SESSION_COOKIE) =>
  decodeURIComponent(client.cookies.get(name) ?? "").split(".")[0] ?? "";

describe.each(databaseKinds)("session cookies behind https on %s", (kind) => {
  const BASE = "https://tessera.example";
  let server: TestServer;
  let idp: OidcProvider;
  beforeAll(async () => {
    idp = await startOidcProvider({ clientId: "sessions-app", clientSecret: "sessions-secret" });
    server = await startTestServer(kind, {
      env: {
        BASE_URL: BASE,
        OIDC_PROVIDERS: JSON.stringify([
          {
            id: "acme",
            name: "Acme",
            discoveryUrl: idp.discoveryUrl,
            clientId: idp.clientId,
            clientSecret: idp.clientSecret,
          },
        ]),
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await idp?.close();
  });

  it("every cookie the server sets is __Secure-, Secure, HttpOnly and SameSite=Lax", async () => {
    const email = `tls-${uid()}@example.com`;
    const user = await makeUser(server, email);
    await (await server.running.auth.$context).internalAdapter.linkAccount({
      userId: user.id,
      providerId: "credential",
      accountId: user.id,
      password: await (await server.running.auth.$context).password.hash(PASSWORD),
    });
    const admin = await makeUser(server, `tls-admin-${uid()}@example.com`, { role: "admin" });
    const browser = () => new TestClient(server.url, BASE);

    const replies: [string, Reply][] = [];
    replies.push(["sign-in", await browser().post("/api/auth/sign-in/email", { email, password: PASSWORD })]);
    replies.push([
      "sign-in, remember me off",
      await browser().post("/api/auth/sign-in/email", { email, password: PASSWORD, rememberMe: false }),
    ]);
    replies.push([
      "social start",
      await browser().post("/api/auth/sign-in/social", { provider: "acme", callbackURL: "/" }),
    ]);
    const adminBrowser = browser();
    adminBrowser.cookies.set(
      `__Secure-${SESSION_COOKIE}`,
      (await sessionClient(server, admin.id)).client.cookies.get(SESSION_COOKIE)!,
    );
    replies.push(["impersonation", await adminBrowser.post("/api/auth/admin/impersonate-user", { userId: user.id })]);

    const seen: string[] = [];
    for (const [what, res] of replies) {
      expect(res.status, `${what}: ${res.text}`).toBe(200);
      const cookies = cookiesSet(res);
      expect(cookies.length, what).toBeGreaterThan(0);
      for (const c of cookies) {
        seen.push(c.name);
        expect({ what, name: c.name, prefixed: c.name.startsWith("__Secure-") }).toEqual({
          what,
          name: c.name,
          prefixed: true,
        });
        expect(c.attributes, `${what} ${c.name}`).toHaveProperty("secure");
        expect(c.attributes, `${what} ${c.name}`).toHaveProperty("httponly");
        expect(c.attributes.samesite, `${what} ${c.name}`).toBe("lax");
      }
    }
    expect(seen).toEqual(expect.arrayContaining([`__Secure-${SESSION_COOKIE}`, "__Secure-tessera.admin_session"]));
  });
});

describe.each(databaseKinds)("session lifetime on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server?.close());

  it("every sign-in gets a new token: a planted cookie, or an existing session, is never carried on", async () => {
    const email = `rotate-${uid()}@example.com`;
    const { client } = await server.signUp(email);
    const before = tokenOf(client);
    const again = await client.post("/api/auth/sign-in/email", { email, password: PASSWORD });
    expect(again.status).toBe(200);
    expect(tokenOf(client)).not.toBe(before);
    expect(again.body.token).toBe(tokenOf(client));

    // Session fixation: an attacker plants a cookie of a session they know, the victim signs in.
    const attacker = await makeUser(server, `fixer-${uid()}@example.com`);
    const planted = await sessionClient(server, attacker.id);
    const victim = server.client();
    victim.cookies.set(SESSION_COOKIE, signedCookieValue(planted.token));
    const res = await victim.post("/api/auth/sign-in/email", { email, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(tokenOf(victim)).not.toBe(planted.token);
    expect((await victim.get("/api/auth/get-session")).body.user.email).toBe(email);
    // The planted session is still only the attacker's.
    expect((await planted.client.get("/api/auth/get-session")).body.user.id).toBe(attacker.id);
  });

  it("a password reset ends every session of the user, on every device", async () => {
    const email = `reset-${uid()}@example.com`;
    const { client: first, user } = await server.signUp(email);
    const second = (await signIn(server, email)).client;
    const third = (await signIn(server, email)).client;
    const since = server.mail.messages.length;
    expect(
      (await server.client().post("/api/auth/request-password-reset", { email, redirectTo: "/reset" })).status,
    ).toBe(200);
    const { link } = await mailWithLink(server, email, "/reset-password/", since);
    const token = new URL(link).pathname.split("/").pop();
    const reset = await server
      .client()
      .post("/api/auth/reset-password", { token, newPassword: "brand new password 9" });
    expect(reset.status, reset.text).toBe(200);
    for (const device of [first, second, third]) {
      expect((await device.get("/api/auth/get-session")).body).toBeNull();
      expect((await device.get("/api/auth/list-sessions")).status).toBe(401);
    }
    const rows = await server.running.database.db
      .selectFrom("session")
      .select("id")
      .where("userId", "=", user.id)
      .execute();
    expect(rows).toEqual([]);
    expect((await signIn(server, email, "brand new password 9")).res.status).toBe(200);
  });

  it("a banned user's existing sessions stop working at once, and they cannot sign in again", async () => {
    const email = `banned-${uid()}@example.com`;
    const { client: laptop, user } = await server.signUp(email);
    const phone = (await signIn(server, email)).client;
    const admin = await makeUser(server, `banner-${uid()}@example.com`, { role: "admin" });
    const { client: adminClient } = await sessionClient(server, admin.id);
    expect((await adminClient.post("/api/auth/admin/ban-user", { userId: user.id, banReason: "spam" })).status).toBe(
      200,
    );
    for (const device of [laptop, phone]) {
      expect((await device.get("/api/auth/get-session")).body).toBeNull();
      const call = await device.post("/api/auth/organization/create", { name: "Nope", slug: `nope-${uid()}` });
      expect({ status: call.status, message: call.body?.message }).toEqual({ status: 401, message: "Unauthorized" });
    }
    const again = await signIn(server, email);
    expect(again.res.status).toBe(403);
    expect(again.res.body.code).toBe("BANNED_USER");
    expect(again.res.headers.getSetCookie().filter((c) => c.startsWith(SESSION_COOKIE))).toEqual([]);
  });

  it("an impersonation session cannot impersonate anyone else", async () => {
    const admin = await makeUser(server, `imp-${uid()}@example.com`, { role: "admin" });
    const [target, third] = await Promise.all([
      makeUser(server, `imp-target-${uid()}@example.com`),
      makeUser(server, `imp-third-${uid()}@example.com`),
    ]);
    const { client } = await sessionClient(server, admin.id);
    expect((await client.post("/api/auth/admin/impersonate-user", { userId: target.id })).status).toBe(200);
    const session = (await client.get("/api/auth/get-session")).body.session;
    expect(session.impersonatedBy).toBe(admin.id);
    // At most an hour (the engine's default impersonation lifetime).
    expect(new Date(session.expiresAt).getTime()).toBeLessThanOrEqual(Date.now() + 3_600_000 + 5_000);
    const further = await client.post("/api/auth/admin/impersonate-user", { userId: third.id });
    expect({ status: further.status, message: further.body?.message }).toEqual({
      status: 403,
      message: "You are not allowed to impersonate users",
    });
    expect((await client.get("/api/auth/get-session")).body.user.id).toBe(target.id);
  });
});

describe.each(databaseKinds)("impersonating an admin with ADMIN_USER_IDS on %s", (kind) => {
  const LISTED = "listedadmin0000000000000000000001";
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { env: { ADMIN_USER_IDS: LISTED } });
    await createUserWithId(server, LISTED, "Listed");
  });
  afterAll(() => server?.close());

  it("a listed admin may impersonate another admin, but that session cannot impersonate further", async () => {
    const [otherAdmin, plain] = await Promise.all([
      makeUser(server, `other-admin-${uid()}@example.com`, { role: "admin" }),
      makeUser(server, `plain-${uid()}@example.com`),
    ]);
    const { client } = await sessionClient(server, LISTED);
    expect((await client.post("/api/auth/admin/impersonate-user", { userId: otherAdmin.id })).status).toBe(200);
    const chained = await client.post("/api/auth/admin/impersonate-user", { userId: plain.id });
    expect({ status: chained.status, body: chained.body }).toEqual({
      status: 403,
      body: {
        code: "YOU_CANNOT_IMPERSONATE_WHILE_IMPERSONATING",
        message: "You cannot impersonate while impersonating; stop impersonating first",
      },
    });
    const now = (await client.get("/api/auth/get-session")).body;
    expect({ user: now.user.id, by: now.session.impersonatedBy }).toEqual({ user: otherAdmin.id, by: LISTED });
    const rows = await server.running.database.db
      .selectFrom("session")
      .select("id")
      .where("userId", "=", plain.id)
      .execute();
    expect(rows).toEqual([]);
    // Stopping returns to the listed admin, who may then impersonate again.
    expect((await client.post("/api/auth/admin/stop-impersonating")).status).toBe(200);
    expect((await client.post("/api/auth/admin/impersonate-user", { userId: plain.id })).status).toBe(200);
  });
});
