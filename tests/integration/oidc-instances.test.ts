import { createRemoteJWKSet, jwtVerify } from "jose";
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  authorizeAsUser,
  discover,
  type RegisteredClient,
  registerClient,
  startAuthorization,
} from "../helpers/oidc-rp.js";
import { createAdminWithCli, expectStatus, type Person, signUpPerson } from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { clearRedisPrefix, rawRedis, setupDatabase, setupEnv, setups } from "../helpers/session-fixtures.js";

// Two instances behind one BASE_URL share PostgreSQL (and Redis when configured): whatever one issues,
// the other redeems, verifies and introspects. Not on SQLite: two processes on one file can deadlock.
for (const info of setups.filter((s) => s.kind === "postgres")) {
  describe.skipIf(!info.available)(`Sign in with Tessera across two instances on ${info.title}`, () => {
    let a: TestServer;
    let b: TestServer;
    let prefix: string | undefined;
    let admin: Person;
    let user: Person;
    let app: RegisteredClient;

    beforeAll(async () => {
      const database = await setupDatabase(info);
      const setup = setupEnv(info.setup);
      prefix = setup.prefix;
      a = await startTestServer(info.kind, { database, env: setup.env });
      // B answers on its own port but is the same site: the same BASE_URL, hence the same issuer.
      b = await startTestServer(info.kind, { database, mail: a.mail, env: { ...setup.env, BASE_URL: a.url } });
      admin = await createAdminWithCli(a);
      user = await signUpPerson(a, "two-instances");
      app = await registerClient(admin.client);
    }, 180_000);
    afterAll(async () => {
      await b?.close();
      await a?.close();
      await a?.database.drop();
      if (prefix) {
        const redis = rawRedis();
        await clearRedisPrefix(redis, prefix);
        redis.disconnect();
      }
    });

    let callsToB = 0;
    /** openid-client sees the site's URLs; this sends its calls to instance B. */
    function viaB(config: oidc.Configuration) {
      config[oidc.customFetch] = (url, options) => {
        if (url.startsWith(a.url)) callsToB++;
        return fetch(url.replace(a.url, b.url), options as RequestInit);
      };
      return config;
    }

    it("a code from A is redeemed at B; B's tokens are introspected, refreshed and read at A", async () => {
      const atA = await discover(a, app);
      const { url, checks } = await startAuthorization(atA, app.redirectUri, "openid email offline_access");
      const callback = await authorizeAsUser(a, user.client, url);

      const atB = viaB(await discover(a, app));
      const tokens = await oidc.authorizationCodeGrant(atB, callback, { ...checks, idTokenExpected: true });
      expect(tokens.claims()?.sub).toBe(user.user.id);
      expect(callsToB).toBe(1);

      expect(await oidc.tokenIntrospection(atA, tokens.access_token)).toMatchObject({
        active: true,
        client_id: app.clientId,
        sub: user.user.id,
      });
      expect(await oidc.fetchUserInfo(atA, tokens.access_token, user.user.id)).toMatchObject({
        email: user.user.email,
      });
      const refreshed = await oidc.refreshTokenGrant(atA, tokens.refresh_token as string);
      // The old refresh token, replayed at the other instance: the family ends there too.
      await expect(oidc.refreshTokenGrant(atB, tokens.refresh_token as string)).rejects.toMatchObject({
        error: "invalid_grant",
      });
      await expect(oidc.refreshTokenGrant(atA, refreshed.refresh_token as string)).rejects.toMatchObject({
        error: "invalid_grant",
      });
    });

    it("a session JWT signed by A verifies against B's JWKS", async () => {
      const token = expectStatus(await user.client.get("/api/auth/token"), 200).body.token as string;
      const { payload } = await jwtVerify(token, createRemoteJWKSet(new URL(`${b.auth}/jwks`)), {
        issuer: a.url,
        audience: a.url,
      });
      expect(payload.sub).toBe(user.user.id);
    });
  });
}
