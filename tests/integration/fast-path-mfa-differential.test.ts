import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSessionFastPath, type SessionFastPath } from "../../src/server/auth/session-fast-path.js";
import { PASSWORD } from "../helpers/auth-flows.js";
import type { TestClient } from "../helpers/client.js";
import { enableTotp, signInWithTotp, TRUST_COOKIE } from "../helpers/mfa.js";
import { signUpPerson } from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { setupEnv, setups } from "../helpers/session-fixtures.js";

// The session fast path (docs/decisions/006) beside two-step sign-in: a sign-in waiting for its
// second factor has no session, and neither the fast path nor the engine may answer it as signed
// in. Each state is made through the real HTTP flow; the same GET /get-session goes to the fast
// path and to the engine (auth.handler), and both answers must be equal.

async function snapshot(res: Response) {
  const body = await res.text();
  return {
    status: res.status,
    body: body ? JSON.parse(body) : body,
    headers: [...res.headers.entries()].filter(([k]) => k !== "set-cookie").sort(),
    cookies: res.headers.getSetCookie(),
  };
}

const cookieHeader = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");

for (const info of setups) {
  describe.skipIf(!info.available)(`fast path equals the engine in two-step states on ${info.title}`, () => {
    let server: TestServer;
    let sessionFastPath: SessionFastPath;
    const states: Record<string, { client: TestClient; userId: string; signedIn: boolean }> = {};

    beforeAll(async () => {
      server = await startTestServer(info.kind, { env: setupEnv(info.setup).env });
      sessionFastPath = createSessionFastPath({ auth: server.running.auth, database: server.running.database });
      const person = await signUpPerson(server, "fp-mfa");
      const { app } = await enableTotp(person.client);
      const email = person.user.email;
      const userId = person.user.id;
      // Signed in with two-step on: the session made when setup was confirmed.
      states.twoStepOnSignedIn = { client: person.client, userId, signedIn: true };
      // Password given, code not yet: only the engine's two_factor cookie.
      const pending = server.client();
      expect((await pending.post("/api/auth/sign-in/email", { email, password: PASSWORD })).body).toMatchObject({
        twoFactorRedirect: true,
      });
      expect(pending.cookies.get("tessera.two_factor")).toBeTruthy();
      states.pendingChallenge = { client: pending, userId, signedIn: false };
      // Signed in through the second step, trusting the device.
      const trusted = server.client();
      expect((await signInWithTotp(trusted, email, app, { trustDevice: true, steps: 1 })).res.status).toBe(200);
      expect(trusted.cookies.get(TRUST_COOKIE)).toBeTruthy();
      states.secondStepDone = { client: trusted, userId, signedIn: true };
      // The trust cookie alone (signed out on that device).
      const trustOnly = server.client();
      trustOnly.cookies.set(TRUST_COOKIE, trusted.cookies.get(TRUST_COOKIE) as string);
      states.trustedDeviceOnly = { client: trustOnly, userId, signedIn: false };
      // A pending challenge beside the trust cookie.
      const both = server.client();
      both.cookies.set(TRUST_COOKIE, trusted.cookies.get(TRUST_COOKIE) as string);
      both.cookies.set("tessera.two_factor", pending.cookies.get("tessera.two_factor") as string);
      states.pendingWithTrust = { client: both, userId, signedIn: false };
    }, 120_000);
    afterAll(() => server?.close());

    it("is switched on for this configuration", async () => {
      expect(await sessionFastPath.blocked()).toEqual({ lookup: null, route: null });
    });

    for (const name of [
      "twoStepOnSignedIn",
      "pendingChallenge",
      "secondStepDone",
      "trustedDeviceOnly",
      "pendingWithTrust",
    ]) {
      it(`${name}: the fast path's answer is the engine's, and says signed in only after the second step`, async () => {
        const state = states[name];
        if (!state) throw new Error(`no state ${name}`);
        const url = `${server.url}/api/auth/get-session`;
        const request = () => new Request(url, { headers: { cookie: cookieHeader(state.client) } });
        const decision = await sessionFastPath.decide(request());
        const engine = await snapshot(await server.running.auth.handler(request()));
        if (decision.kind === "answer") expect(await snapshot(decision.response)).toEqual(engine);
        // The fast path answers every one of these itself (no state here needs the engine).
        expect(decision.kind).toBe("answer");
        const overHTTP = await state.client.get("/api/auth/get-session");
        if (state.signedIn) {
          expect(engine.body?.user).toMatchObject({ id: state.userId, twoFactorEnabled: true });
          expect(overHTTP.body?.user?.id).toBe(state.userId);
        } else {
          expect(engine.body).toBeNull();
          expect(overHTTP.body).toBeNull();
        }
      });
    }
  });
}
