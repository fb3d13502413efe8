import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "../helpers/client.js";
import { realClock, skipAhead } from "../helpers/clock.js";
import { databaseKinds } from "../helpers/databases.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const SESSIONS = "/api/account/sessions";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

interface Listed {
  id: string;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
  current: boolean;
}

async function listed(client: TestClient): Promise<Listed[]> {
  const res = await client.get(SESSIONS);
  expect(res.status, res.text).toBe(200);
  return res.body.sessions;
}

async function signedIn(client: TestClient) {
  return (await client.get("/api/auth/get-session")).body !== null;
}

describe.each(databaseKinds)("the account's sessions on %s", (kind) => {
  let server: TestServer;
  // SESSION_FRESH_AGE=1: every session is "not fresh" a second after sign-in, as on day two in production.
  let stale: TestServer;
  beforeAll(async () => {
    [server, stale] = await Promise.all([
      startTestServer(kind),
      startTestServer(kind, { env: { SESSION_FRESH_AGE: "1" } }),
    ]);
  });
  afterAll(async () => {
    realClock();
    await server?.close();
    await stale?.close();
  });

  async function secondDevice(s: TestServer, email: string, password: string, userAgent: string) {
    const client = s.client({ "User-Agent": userAgent });
    const res = await client.post("/api/auth/sign-in/email", { email, password });
    expect(res.status, res.text).toBe(200);
    return client;
  }

  it("lists every active session with its browser, address and times, this one marked, and no tokens", async () => {
    const { client, user, password } = await server.signUp("devices@example.com");
    const phone = await secondDevice(server, user.email, password, IPHONE);
    const laptop = await secondDevice(server, user.email, password, FIREFOX);

    const sessions = await listed(laptop);
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({ current: true, userAgent: FIREFOX, ipAddress: "127.0.0.1" });
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.map((s) => s.userAgent)).toContain(IPHONE);
    for (const s of sessions) {
      expect(Object.keys(s).sort()).toEqual([
        "createdAt",
        "current",
        "expiresAt",
        "id",
        "impersonated",
        "ipAddress",
        "updatedAt",
        "userAgent",
      ]);
      expect(new Date(s.expiresAt).getTime()).toBeGreaterThan(Date.now());
    }
    // No other device's token (a bearer credential) anywhere in the answer.
    const raw = (await laptop.get(SESSIONS)).text;
    for (const c of [client, phone, laptop]) {
      const token = decodeURIComponent(c.sessionCookie ?? "").split(".")[0]!;
      expect(token.length).toBeGreaterThan(10);
      expect(raw).not.toContain(token);
    }
    // Each device sees itself as the current one.
    expect((await listed(phone)).find((s) => s.current)?.userAgent).toBe(IPHONE);
    expect((await listed(laptop)).find((s) => s.current)?.id).toBe(sessions[0]!.id);
  });

  it("revokes another device's session: that device is signed out, this one is not", async () => {
    const { client, user, password } = await server.signUp("revoker@example.com");
    const phone = await secondDevice(server, user.email, password, IPHONE);
    const phoneId = (await listed(phone)).find((s) => s.current)!.id;

    const res = await client.post(`${SESSIONS}/${phoneId}/revoke`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ status: true, current: false });
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(client)).toBe(true);
    expect((await listed(client)).map((s) => s.id)).not.toContain(phoneId);
    // Revoking it again: it is gone.
    const again = await client.post(`${SESSIONS}/${phoneId}/revoke`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ code: "SESSION_NOT_FOUND", message: "Session not found" });
  });

  it("revoking this device's own session signs it out and clears the cookie", async () => {
    const { client } = await server.signUp("self-revoke@example.com");
    const own = (await listed(client)).find((s) => s.current)!;
    const res = await client.post(`${SESSIONS}/${own.id}/revoke`);
    expect(res.body).toEqual({ status: true, current: true });
    expect(
      res.headers.getSetCookie().some((c) => c.startsWith("tessera.session_token=;") || /max-age=0/i.test(c)),
    ).toBe(true);
    expect(client.sessionCookie).toBeUndefined();
    expect((await client.get(SESSIONS)).status).toBe(401);
  });

  it("never reveals or revokes another user's session", async () => {
    const alice = await server.signUp("alice-sessions@example.com");
    const mallory = await server.signUp("mallory-sessions@example.com");
    const aliceId = (await listed(alice.client)).find((s) => s.current)!.id;
    expect((await listed(mallory.client)).map((s) => s.id)).not.toContain(aliceId);
    const res = await mallory.client.post(`${SESSIONS}/${aliceId}/revoke`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("SESSION_NOT_FOUND");
    expect(await signedIn(alice.client)).toBe(true);
  });

  it("needs a signed-in user, and a trusted origin to revoke", async () => {
    const anonymous = server.client();
    const list = await anonymous.get(SESSIONS);
    expect(list.status).toBe(401);
    expect(list.body).toEqual({ code: "UNAUTHORIZED", message: "Not authenticated" });

    const { client } = await server.signUp("origin-sessions@example.com");
    const id = (await listed(client)).find((s) => s.current)!.id;
    const foreign = await client.post(`${SESSIONS}/${id}/revoke`, {}, { Origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe("INVALID_ORIGIN");
    const none = await client.post(`${SESSIONS}/${id}/revoke`, {}, { Origin: "" });
    expect(none.status).toBe(403);
    expect(await signedIn(client)).toBe(true);
  });

  it("keeps working once the session is no longer fresh, where the engine's list-sessions refuses", async () => {
    const { client, user, password } = await stale.signUp("stale@example.com");
    const phone = await secondDevice(stale, user.email, password, IPHONE);
    skipAhead(1500);

    const engine = await client.get("/api/auth/list-sessions");
    expect(engine.status).toBe(403);
    expect(engine.body.code).toBe("SESSION_NOT_FRESH");

    const sessions = await listed(client);
    expect(sessions).toHaveLength(2);
    const phoneId = sessions.find((s) => !s.current)!.id;
    expect((await client.post(`${SESSIONS}/${phoneId}/revoke`)).status).toBe(200);
    expect(await signedIn(phone)).toBe(false);
  });
});
