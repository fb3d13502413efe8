import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../helpers/databases.js";
import { type OidcProvider, redirectError, socialSignIn, startOidcProvider } from "../helpers/oidc-provider.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

// Built-in providers whose every endpoint follows a setting can be pointed at a real provider on a
// local port: GitLab through GITLAB_ISSUER (self-hosted GitLab), Microsoft through MICROSOFT_AUTHORITY
// and MICROSOFT_TENANT_ID. The other seventeen have fixed endpoints; social-config.test.ts covers them.

const TENANT = "tessera-tenant";

/** GitLab's numeric user ids, stable per person. */
const gitlabIds = new Map<string, number>();
const gitlabId = (sub: string) => {
  if (!gitlabIds.has(sub)) gitlabIds.set(sub, 1000 + gitlabIds.size);
  return gitlabIds.get(sub)!;
};

describe.each(databaseKinds)("built-in providers against a real provider on %s", (kind) => {
  let gitlab: OidcProvider;
  let microsoft: OidcProvider;
  let server: TestServer;
  beforeAll(async () => {
    gitlab = await startOidcProvider({
      clientId: "gitlab-app",
      clientSecret: "gitlab-secret",
      endpoints: { authorize: "/oauth/authorize", token: "/oauth/token", userinfo: "/api/v4/user" },
      // GitLab's /api/v4/user: a numeric id, a username and an account state.
      profile: (u) => ({
        id: gitlabId(u.sub),
        username: u.sub,
        state: u.sub.includes("blocked") ? "blocked" : "active",
        avatar_url: `${u.sub}.png`,
      }),
    });
    microsoft = await startOidcProvider({
      clientId: "microsoft-app",
      clientSecret: "microsoft-secret",
      issuerPath: `/${TENANT}/v2.0`,
      endpoints: {
        authorize: `/${TENANT}/oauth2/v2.0/authorize`,
        token: `/${TENANT}/oauth2/v2.0/token`,
        jwks: `/${TENANT}/discovery/v2.0/keys`,
      },
      // Entra ID names the account by oid and the directory by tid.
      claims: (u) => ({ oid: u.sub, tid: TENANT }),
    });
    server = await startTestServer(kind, {
      env: {
        GITLAB_CLIENT_ID: gitlab.clientId,
        GITLAB_CLIENT_SECRET: gitlab.clientSecret,
        GITLAB_ISSUER: gitlab.origin,
        MICROSOFT_CLIENT_ID: microsoft.clientId,
        MICROSOFT_CLIENT_SECRET: microsoft.clientSecret,
        MICROSOFT_AUTHORITY: microsoft.origin,
        MICROSOFT_TENANT_ID: TENANT,
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await gitlab?.close();
    await microsoft?.close();
  });

  const accountsOf = (userId: string) =>
    server.running.database.db.selectFrom("account").selectAll().where("userId", "=", userId).execute();

  describe("GitLab through GITLAB_ISSUER", () => {
    it("sends the browser to the configured GitLab", async () => {
      const res = await server.client().post("/api/auth/sign-in/social", { provider: "gitlab", callbackURL: "/" });
      const url = new URL(res.body.url);
      expect(`${url.origin}${url.pathname}`).toBe(`${gitlab.origin}/oauth/authorize`);
      expect(url.searchParams.get("client_id")).toBe("gitlab-app");
      expect(url.searchParams.get("scope")).toBe("read_user");
      expect(url.searchParams.get("redirect_uri")).toBe(`${server.url}/api/auth/callback/gitlab`);
    });

    it("signs a new user up, then signs the same user in again", async () => {
      const person = { sub: "gl-ada", email: "ada@example.com", emailVerified: true, name: "Ada" };
      gitlab.signInAs(person);
      const first = server.client();
      expect((await socialSignIn(first, "gitlab", { newUserCallbackURL: "/welcome" })).location).toBe("/welcome");
      const user = (await first.get("/api/auth/get-session")).body.user;
      expect(user).toMatchObject({ email: "ada@example.com", name: "Ada", image: "gl-ada.png" });
      expect((await accountsOf(user.id)).map((a) => [a.providerId, a.accountId])).toEqual([
        ["gitlab", String(gitlabId("gl-ada"))],
      ]);

      const again = server.client();
      expect((await socialSignIn(again, "gitlab", { newUserCallbackURL: "/welcome" })).location).toBe("/dashboard");
      expect((await again.get("/api/auth/get-session")).body.user.id).toBe(user.id);
    });

    it("refuses an account GitLab reports as blocked", async () => {
      gitlab.signInAs({ sub: "gl-blocked", email: "blocked@example.com", emailVerified: true });
      const client = server.client();
      const back = await socialSignIn(client, "gitlab");
      expect(redirectError(back)).toBe("unable_to_get_user_info");
      expect((await client.get("/api/auth/get-session")).body).toBeNull();
    });

    it("get-access-token refreshes through GitLab's token endpoint", async () => {
      gitlab.expireNextTokenIn(2);
      gitlab.signInAs({ sub: "gl-bob", email: "bob@example.com", emailVerified: true, name: "Bob" });
      const client = server.client();
      await socialSignIn(client, "gitlab");
      const [account] = (await client.get("/api/auth/list-accounts")).body;
      const res = await client.post("/api/auth/get-access-token", { accountId: account.id });
      expect(res.status).toBe(200);
      expect(gitlab.tokenRequests.at(-1)).toBe("refresh_token");
      expect(gitlab.isLiveAccessToken(res.body.accessToken)).toBe(true);
    });
  });

  describe("Microsoft through MICROSOFT_AUTHORITY and MICROSOFT_TENANT_ID", () => {
    it("sends the browser to the tenant's authorize endpoint", async () => {
      const res = await server.client().post("/api/auth/sign-in/social", { provider: "microsoft", callbackURL: "/" });
      const url = new URL(res.body.url);
      expect(`${url.origin}${url.pathname}`).toBe(`${microsoft.origin}/${TENANT}/oauth2/v2.0/authorize`);
      expect(url.searchParams.get("client_id")).toBe("microsoft-app");
    });

    it("signs in with an ID token from the tenant (POST /sign-in/social with idToken)", async () => {
      const person = { sub: "ms-oid-1", email: "grace@example.com", emailVerified: true, name: "Grace" };
      const client = server.client();
      const res = await client.post("/api/auth/sign-in/social", {
        provider: "microsoft",
        idToken: { token: await microsoft.idTokenFor(person) },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ redirect: false, user: { email: "grace@example.com", name: "Grace" } });
      expect((await client.get("/api/auth/get-session")).body.user.id).toBe(res.body.user.id);
      expect((await accountsOf(res.body.user.id)).map((a) => [a.providerId, a.accountId])).toEqual([
        ["microsoft", "ms-oid-1"],
      ]);
    });

    it("refuses an ID token from another tenant or with a forged signature", async () => {
      const person = { sub: "ms-oid-2", email: "eve@example.com", emailVerified: true };
      for (const token of [
        await microsoft.idTokenFor(person, { tid: "other-tenant" }),
        await microsoft.forgedIdTokenFor(person),
        await microsoft.idTokenFor(person, { aud: "another-app" }),
      ]) {
        const res = await server
          .client()
          .post("/api/auth/sign-in/social", { provider: "microsoft", idToken: { token } });
        expect(res.status).toBe(401);
        expect(res.body.message).toBe("Invalid token");
      }
    });

    it("GitLab has no ID tokens to sign in with", async () => {
      const token = await gitlab.idTokenFor({ sub: "gl-x", email: "x@example.com", emailVerified: true });
      const res = await server.client().post("/api/auth/sign-in/social", { provider: "gitlab", idToken: { token } });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("id_token not supported");
    });
  });
});
