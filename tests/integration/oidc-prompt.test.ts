import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authorizationParams, needsReauthentication, REAUTH_PARAM } from "../../src/web/features/oauth/lib/flow.js";
import type { TestClient } from "../helpers/client.js";
import { realClock, skipAhead } from "../helpers/clock.js";
import { databaseKinds } from "../helpers/databases.js";
import { authorizeAsUser, discover, nextLocation, type RegisteredClient, registerClient } from "../helpers/oidc-rp.js";
import { createAdminWithCli, expectStatus } from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

// OIDC Core §3.1.2.1: prompt=none (never a screen: login_required to the app when signed out),
// prompt=login and max_age (a fresh sign-in even for a signed-in user), driven by openid-client.
// The web app's part (the sign-in page shown again, the request sent back) is the flow module's, used
// here as the browser would; the provider is what refuses a session from before the re-authentication.
describe.each(databaseKinds)("prompt and max_age on %s", (kind) => {
  let server: TestServer;
  let app: RegisteredClient;
  let config: oidc.Configuration;
  let user: { client: TestClient; user: { id: string; email: string }; password: string };

  beforeAll(async () => {
    server = await startTestServer(kind);
    const admin = await createAdminWithCli(server);
    app = await registerClient(admin.client, { trusted: true });
    config = await discover(server, app);
    user = await server.signUp(`prompt-${kind}-${Date.now()}@example.com`);
  }, 120_000);
  afterAll(async () => {
    realClock();
    await server?.close();
  });

  function authorization(extra: Record<string, string>) {
    const pkceCodeVerifier = oidc.randomPKCECodeVerifier();
    const checks = { pkceCodeVerifier, expectedState: oidc.randomState(), expectedNonce: oidc.randomNonce() };
    return {
      checks,
      async url() {
        return oidc.buildAuthorizationUrl(config, {
          redirect_uri: app.redirectUri,
          scope: "openid email",
          code_challenge: await oidc.calculatePKCECodeChallenge(pkceCodeVerifier),
          code_challenge_method: "S256",
          state: checks.expectedState,
          nonce: checks.expectedNonce,
          ...extra,
        });
      },
    };
  }

  /** What /oauth/sign-in does with the provider's redirect when the app asked for a fresh sign-in. */
  function reauthenticationStarted(loginPage: URL): URLSearchParams {
    expect(loginPage.pathname).toBe("/oauth/sign-in");
    expect(needsReauthentication(loginPage.searchParams)).toBe(true);
    const kept = new URLSearchParams(loginPage.search);
    kept.set(REAUTH_PARAM, String(Date.now()));
    return kept;
  }

  /** What /oauth/continue sends the browser to, once signed in. */
  function continued(kept: URLSearchParams): string {
    const params = authorizationParams(`?${kept}`);
    if (!params) throw new Error("no authorization request");
    return `${server.auth}/oauth2/authorize?${params}`;
  }

  it("prompt=none when signed out: login_required to the app's redirect URI, with its state", async () => {
    const { checks, url } = authorization({ prompt: "none" });
    const back = new URL(nextLocation(await server.client().get((await url()).toString())));
    expect(back.origin + back.pathname).toBe(app.redirectUri);
    expect(back.searchParams.get("state")).toBe(checks.expectedState);
    await expect(oidc.authorizationCodeGrant(config, back, checks)).rejects.toMatchObject({
      error: "login_required",
    });
  });

  it("prompt=none when signed in: straight back with a code", async () => {
    const { checks, url } = authorization({ prompt: "none" });
    const back = await authorizeAsUser(server, user.client, await url());
    const tokens = await oidc.authorizationCodeGrant(config, back, checks);
    expect(tokens.claims()?.sub).toBe(user.user.id);
  });

  it("prompt=login when signed in: the session from before is not enough, a new sign-in is", async () => {
    // The session is some seconds old when the app asks.
    skipAhead(3500);
    const { checks, url } = authorization({ prompt: "login" });
    const loginPage = new URL(nextLocation(await user.client.get((await url()).toString())), server.url);
    const kept = reauthenticationStarted(loginPage);

    // Back to the provider without signing in again: sent to sign in again, no code.
    const refused = new URL(nextLocation(await user.client.get(continued(kept))), server.url);
    expect(refused.pathname).toBe("/oauth/sign-in");
    expect(refused.searchParams.get("code")).toBeNull();

    // Signed in again: a new session, and the app gets its code with a fresh auth_time.
    const signedInAt = Math.floor(Date.now() / 1000);
    expectStatus(
      await user.client.post("/api/auth/sign-in/email", { email: user.user.email, password: user.password }),
      200,
    );
    const back = new URL(nextLocation(await user.client.get(continued(kept))));
    expect(back.origin + back.pathname).toBe(app.redirectUri);
    const tokens = await oidc.authorizationCodeGrant(config, back, { ...checks, idTokenExpected: true });
    const claims = tokens.claims();
    expect(claims?.sub).toBe(user.user.id);
    expect(claims?.auth_time).toBeGreaterThanOrEqual(signedInAt - 1);
  });

  it("max_age: a session older than asked needs a new sign-in, a young enough one does not", async () => {
    skipAhead(3500);
    const fresh = authorization({ max_age: "3600" });
    const back = await authorizeAsUser(server, user.client, await fresh.url());
    expect(back.searchParams.get("code")).toBeTruthy();

    for (const maxAge of ["2", "0"]) {
      const { checks, url } = authorization({ max_age: maxAge });
      const loginPage = new URL(nextLocation(await user.client.get((await url()).toString())), server.url);
      const kept = reauthenticationStarted(loginPage);
      const refused = new URL(nextLocation(await user.client.get(continued(kept))), server.url);
      expect(refused.pathname, `max_age=${maxAge}`).toBe("/oauth/sign-in");

      expectStatus(
        await user.client.post("/api/auth/sign-in/email", { email: user.user.email, password: user.password }),
        200,
      );
      const done = new URL(nextLocation(await user.client.get(continued(kept))));
      const tokens = await oidc.authorizationCodeGrant(config, done, { ...checks, maxAge: 60 });
      expect(tokens.claims()?.sub).toBe(user.user.id);
      skipAhead(3500);
    }
  });
});
