import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "../helpers/client.js";
import { databaseKinds } from "../helpers/databases.js";
import { type OidcProvider, type ProviderUser, socialSignIn, startOidcProvider } from "../helpers/oidc-provider.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

describe.each(databaseKinds)("provider tokens on %s", (kind) => {
  let idp: OidcProvider;
  let server: TestServer;
  beforeAll(async () => {
    idp = await startOidcProvider({ clientId: "tessera-app", clientSecret: "s3cret-for-tests" });
    server = await startTestServer(kind, {
      env: {
        OIDC_PROVIDERS: JSON.stringify([
          {
            id: "acme",
            name: "Acme SSO",
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

  const accountRow = (accountId: string) =>
    server.running.database.db
      .selectFrom("account")
      .selectAll()
      .where("providerId", "=", "acme")
      .where("accountId", "=", accountId)
      .executeTakeFirstOrThrow();

  /** Signs in through the provider; returns the client, the account row and the access token the provider issued. */
  async function signedIn(person: ProviderUser) {
    idp.signInAs(person);
    const client = server.client();
    const back = await socialSignIn(client, "acme");
    expect(back.location).toBe("/dashboard");
    return { client, row: await accountRow(person.sub), issued: idp.issuedAccessTokens.at(-1)! };
  }

  const getAccessToken = (client: TestClient, accountId: string) =>
    client.post("/api/auth/get-access-token", { accountId });

  it("stores provider tokens encrypted, and get-access-token gives back the provider's own", async () => {
    const { client, row, issued } = await signedIn({ sub: "vault-1", email: "vault@example.com", emailVerified: true });
    expect(idp.isLiveAccessToken(issued)).toBe(true);
    // At rest: neither token is what the provider issued, nor anything the provider accepts.
    expect(row.accessToken).toBeTruthy();
    expect(row.accessToken).not.toBe(issued);
    expect(row.accessToken).not.toContain(issued.split(".")[1]);
    expect(idp.isLiveAccessToken(row.accessToken)).toBe(false);
    expect(row.refreshToken).toBeTruthy();

    const res = await getAccessToken(client, row.id);
    expect(res.status).toBe(200);
    expect(res.body.accessToken).toBe(issued);
    expect(new Date(res.body.accessTokenExpiresAt).getTime()).toBeGreaterThan(Date.now() + 3000 * 1000);
    expect(res.body.scopes).toEqual(["openid", "email", "profile"]);
  });

  it("get-access-token does not refresh a token with time left", async () => {
    const { client, row, issued } = await signedIn({ sub: "calm-1", email: "calm@example.com", emailVerified: true });
    const before = idp.tokenRequests.length;
    const res = await getAccessToken(client, row.id);
    expect(res.body.accessToken).toBe(issued);
    expect(idp.tokenRequests.length).toBe(before);
  });

  it("get-access-token refreshes a token that expires in under 5 seconds", async () => {
    idp.expireNextTokenIn(3);
    const { client, row, issued } = await signedIn({ sub: "soon-1", email: "soon@example.com", emailVerified: true });
    expect(new Date(row.accessTokenExpiresAt).getTime() - Date.now()).toBeLessThan(5000);

    const res = await getAccessToken(client, row.id);
    expect(res.status).toBe(200);
    expect(idp.tokenRequests.at(-1)).toBe("refresh_token");
    expect(res.body.accessToken).not.toBe(issued);
    expect(res.body.accessToken).toBe(idp.issuedAccessTokens.at(-1));
    expect(idp.isLiveAccessToken(res.body.accessToken)).toBe(true);
    expect(new Date(res.body.accessTokenExpiresAt).getTime()).toBeGreaterThan(Date.now() + 3000 * 1000);

    // The new token is kept, encrypted: asking again does not refresh again.
    const stored = await accountRow("soon-1");
    expect(stored.accessToken).not.toBe(row.accessToken);
    expect(stored.accessToken).not.toBe(res.body.accessToken);
    const count = idp.tokenRequests.length;
    expect((await getAccessToken(client, row.id)).body.accessToken).toBe(res.body.accessToken);
    expect(idp.tokenRequests.length).toBe(count);
  });

  it("refresh-token gets new tokens from the provider and keeps the rotated refresh token", async () => {
    const { client, row, issued } = await signedIn({ sub: "fresh-1", email: "fresh@example.com", emailVerified: true });
    const first = await client.post("/api/auth/refresh-token", { accountId: row.id });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ providerId: "acme", accountId: row.id });
    expect(first.body.accessToken).not.toBe(issued);
    expect(idp.isLiveAccessToken(first.body.accessToken)).toBe(true);
    expect(first.body.refreshToken).toBeTruthy();

    // The provider rotated the refresh token; only the stored new one works for the next refresh.
    const second = await client.post("/api/auth/refresh-token", { accountId: row.id });
    expect(second.status).toBe(200);
    expect(second.body.accessToken).not.toBe(first.body.accessToken);
    expect(second.body.refreshToken).not.toBe(first.body.refreshToken);
  });

  it("account-info returns what the provider says about the account", async () => {
    const { client, row } = await signedIn({
      sub: "info-1",
      email: "info@example.com",
      emailVerified: true,
      name: "Info Person",
    });
    const res = await client.get("/api/auth/account-info", { accountId: row.id });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: "info@example.com", name: "Info Person", emailVerified: true });
    expect(res.body.account).toEqual({ id: row.id, providerId: "acme", accountId: "info-1" });
    expect(res.body.data.sub).toBe("info-1");
  });

  it("list-accounts shows the linked provider with its scopes and no tokens", async () => {
    const { client, row } = await signedIn({ sub: "list-1", email: "list@example.com", emailVerified: true });
    const res = await client.get("/api/auth/list-accounts");
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    const [account] = res.body;
    expect(account).toMatchObject({ id: row.id, providerId: "acme", accountId: "list-1" });
    expect(account.scopes).toEqual(["openid", "email", "profile"]);
    expect(Number.isNaN(Date.parse(account.createdAt))).toBe(false);
    expect(Number.isNaN(Date.parse(account.updatedAt))).toBe(false);
    expect(res.text).not.toMatch(/accessToken|refreshToken|idToken/);
  });

  it("tokens of another user's account stay out of reach", async () => {
    const { row } = await signedIn({ sub: "owner-1", email: "owner@example.com", emailVerified: true });
    const { client: intruder } = await server.signUp("intruder@example.com");
    for (const path of ["/api/auth/get-access-token", "/api/auth/refresh-token"]) {
      const res = await intruder.post(path, { accountId: row.id });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Account not found");
    }
    const anonymous = await server.client().post("/api/auth/get-access-token", { accountId: row.id });
    expect(anonymous.status).toBe(401);
  });
});
