import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSessionFastPath, type SessionVariables } from "../../src/server/auth/session-fast-path.js";
import { createAdminWithCli, createOrganization, expectStatus, signUpPerson } from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import {
  clearRedisPrefix,
  createSession,
  engineContext,
  rawRedis,
  setupDatabase,
  setupEnv,
  setups,
  signedCookieValue,
} from "../helpers/session-fixtures.js";

// End to end over HTTP: one instance with the session fast path (A) and one without (B, SESSION_FAST_PATH=false)
// share a database, so the same cookie must get the same answer from both, headers included.

// x-request-id differs per request by design; both answers must carry one.
const IGNORED_HEADERS = new Set(["date", "connection", "keep-alive", "x-request-id"]);

async function reply(url: string, cookie: string | undefined, method = "GET") {
  const res = await fetch(url, { method, headers: cookie ? { cookie } : {} });
  const text = await res.text();
  return {
    status: res.status,
    requestId: /^[0-9a-f-]{36}$/.test(res.headers.get("x-request-id") ?? ""),
    body: text,
    headers: [...res.headers.entries()].filter(([k]) => k !== "set-cookie" && !IGNORED_HEADERS.has(k)).sort(),
    cookies: res.headers.getSetCookie(),
  };
}

for (const info of setups) {
  describe.skipIf(!info.available)(`GET /api/auth/get-session over HTTP on ${info.title}`, () => {
    let fast: TestServer;
    let engine: TestServer;
    let prefix: string | undefined;
    beforeAll(async () => {
      const database = await setupDatabase(info);
      const setup = setupEnv(info.setup);
      prefix = setup.prefix;
      fast = await startTestServer(info.kind, { database, env: setup.env });
      engine = await startTestServer(info.kind, {
        database,
        mail: fast.mail,
        env: { ...setup.env, SESSION_FAST_PATH: "false" },
      });
    }, 120_000);
    afterAll(async () => {
      await engine?.close();
      await fast?.close();
      await fast?.database.drop();
      if (prefix) {
        const redis = rawRedis();
        await clearRedisPrefix(redis, prefix);
        redis.disconnect();
      }
    });

    const both = async (cookie: string | undefined, path = "/api/auth/get-session", method = "GET") => {
      const a = await reply(`${fast.url}${path}`, cookie, method);
      const b = await reply(`${engine.url}${path}`, cookie, method);
      expect(a).toEqual(b);
      return a;
    };

    it("gives a signed-in browser the same session, headers and all, from both instances", async () => {
      const person = await signUpPerson(fast, "http-same");
      const org = await createOrganization(person.client, "http-same");
      const cookie = `tessera.session_token=${person.client.sessionCookie}`;
      const a = await both(cookie);
      expect(a.status).toBe(200);
      const body = JSON.parse(a.body);
      expect(body.user.email).toBe(person.user.email);
      expect(body.session.activeOrganizationId).toBe(org.id);
      expect(a.headers).toContainEqual(["cache-control", "no-store"]);
      expect(a.headers).toContainEqual(["x-content-type-options", "nosniff"]);
    }, 60_000);

    it("answers null alike without a cookie, with a forged one, and after sign-out (cookies cleared)", async () => {
      const person = await signUpPerson(fast, "http-null");
      const cookie = `tessera.session_token=${person.client.sessionCookie}`;
      expect((await both(undefined)).body).toBe("null");
      expect((await both("tessera.session_token=not-a-session.AAAA")).body).toBe("null");
      const forged = `tessera.session_token=${signedCookieValue("x".repeat(32), "some-other-secret-0123456789-abcdefghij")}`;
      expect((await both(forged)).cookies).toEqual([]);
      expectStatus(await person.client.post("/api/auth/sign-out"), 200);
      const signedOut = await both(cookie);
      expect(signedOut.body).toBe("null");
      expect(signedOut.cookies.map((c) => c.split("=")[0])).toEqual([
        "tessera.session_token",
        "tessera.session_data",
        "tessera.dont_remember",
      ]);
    });

    it("lets the engine answer HEAD, POST and flagged requests on both instances alike", async () => {
      const person = await signUpPerson(fast, "http-flags");
      const cookie = `tessera.session_token=${person.client.sessionCookie}`;
      expect((await both(cookie, "/api/auth/get-session", "POST")).status).toBeGreaterThanOrEqual(400);
      await both(cookie, "/api/auth/get-session", "HEAD");
      await both(cookie, "/api/auth/get-session?disableRefresh=true");
      await both(cookie, "/api/auth/get-session/");
    });

    it("follows every change to a session it has answered before (the store is read each time)", async () => {
      const person = await signUpPerson(fast, "http-changes");
      const cookie = `tessera.session_token=${person.client.sessionCookie}`;
      const get = async () => JSON.parse((await both(cookie)).body);
      expect((await get()).user.name).toBe(person.user.name);
      expectStatus(await person.client.post("/api/auth/update-user", { name: "Renamed Person" }), 200);
      expect((await get()).user.name).toBe("Renamed Person");
      const org = await createOrganization(person.client, "http-changes");
      expect((await get()).session.activeOrganizationId).toBe(org.id);
      // Written behind the engine's back: with Redis the engine (and so the fast path) answers its own copy.
      await fast.running.database.db
        .updateTable("user")
        .set({ name: "Changed In Place" })
        .where("id", "=", person.user.id)
        .execute();
      const after = await get();
      if (!prefix) expect(after.user.name).toBe("Changed In Place");
      const root = await createAdminWithCli(fast, "http-changes-admin");
      expectStatus(await root.client.post("/api/auth/admin/ban-user", { userId: person.user.id }), 200);
      expect(await get()).toBeNull();
    });

    it("requireSession gives app routes what auth.api.getSession gives, and 401 without a session", async () => {
      const sessionFastPath = createSessionFastPath({ auth: fast.running.auth, database: fast.running.database });
      const app = new Hono<{ Variables: SessionVariables }>().get("/api/me", sessionFastPath.requireSession, (c) =>
        c.json({ session: c.var.session, user: c.var.user }),
      );
      const person = await signUpPerson(fast, "http-mw");
      const cookie = `tessera.session_token=${person.client.sessionCookie}`;
      const res = await app.request("/api/me", { headers: { cookie } });
      expect(res.status).toBe(200);
      const viaEngine = await fast.running.auth.api.getSession({ headers: new Headers({ cookie }) });
      expect(await res.json()).toEqual(JSON.parse(JSON.stringify(viaEngine)));

      const none = await app.request("/api/me");
      expect({ status: none.status, body: await none.json() }).toEqual({
        status: 401,
        body: { code: "UNAUTHORIZED", message: "Not authenticated" },
      });
      expectStatus(await person.client.post("/api/auth/sign-out"), 200);
      expect((await app.request("/api/me", { headers: { cookie } })).status).toBe(401);
    });

    it("requireSession lets the engine refresh a session that is due, and passes its cookie on", async () => {
      const sessionFastPath = createSessionFastPath({ auth: fast.running.auth, database: fast.running.database });
      const app = new Hono<{ Variables: SessionVariables }>().get("/api/me", sessionFastPath.requireSession, (c) =>
        c.json({ expiresAt: c.var.session.expiresAt }),
      );
      const person = await signUpPerson(fast, "http-refresh");
      const ctx = await engineContext(fast);
      const soon = new Date(Date.now() + 3600_000);
      const { token, cookie } = await createSession(fast, person.user.id, { expiresAt: soon });
      const res = await app.request("/api/me", { headers: { cookie: `tessera.session_token=${cookie}` } });
      expect(res.status).toBe(200);
      const extended = new Date((await res.json()).expiresAt).getTime();
      expect(extended).toBeGreaterThan(Date.now() + ctx.sessionConfig.expiresIn * 1000 - 60_000);
      const setCookie = res.headers.getSetCookie().find((c) => c.startsWith("tessera.session_token="));
      expect(setCookie).toContain(`Max-Age=${ctx.sessionConfig.expiresIn}`);
      expect(setCookie).toContain(token);
    });
  });
}
