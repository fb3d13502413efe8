import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../helpers/databases.js";
import { type OidcProvider, socialSignIn, startOidcProvider } from "../helpers/oidc-provider.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

// SPEC §7's shapes for the account calls, where 1.7 takes others (see auth/account-conformance.ts).
describe.each(databaseKinds)("SPEC §7 account call shapes on %s", (kind) => {
  let idp: OidcProvider;
  let server: TestServer;
  beforeAll(async () => {
    idp = await startOidcProvider({ clientId: "tessera-app", clientSecret: "shape-secret" });
    const provider = (id: string) => ({
      id,
      name: id,
      discoveryUrl: idp.discoveryUrl,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
    });
    server = await startTestServer(kind, {
      env: { OIDC_PROVIDERS: JSON.stringify([provider("acme"), provider("other")]) },
    });
  });
  afterAll(async () => {
    await server?.close();
    await idp?.close();
  });

  async function socialUser(sub: string) {
    idp.signInAs({ sub, email: `${sub}@example.com`, emailVerified: true });
    const client = server.client();
    expect((await socialSignIn(client, "acme")).status).toBe(302);
    return client;
  }

  it("list-accounts names the provider as `provider` (and keeps providerId)", async () => {
    const client = await socialUser("lister");
    const accounts = (await client.get("/api/auth/list-accounts")).body;
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ provider: "acme", providerId: "acme", accountId: "lister" });
    expect(Object.keys(accounts[0])).toEqual(
      expect.arrayContaining(["id", "provider", "createdAt", "updatedAt", "accountId", "scopes"]),
    );
  });

  it("get-access-token and refresh-token take {providerId, accountId?}", async () => {
    const client = await socialUser("tokens");
    const byProvider = await client.post("/api/auth/get-access-token", { providerId: "acme" });
    expect(byProvider.status).toBe(200);
    expect(typeof byProvider.body.accessToken).toBe("string");
    const byProviderAccount = await client.post("/api/auth/get-access-token", {
      providerId: "acme",
      accountId: "tokens",
    });
    expect(byProviderAccount.body.accessToken).toBe(byProvider.body.accessToken);

    const refreshed = await client.post("/api/auth/refresh-token", { providerId: "acme" });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.accessToken).not.toBe(byProvider.body.accessToken);

    const unknown = await client.post("/api/auth/get-access-token", { providerId: "other" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe("Account not found");
    // The engine's own shape keeps working.
    const rowId = (await client.get("/api/auth/list-accounts")).body[0].id;
    expect((await client.post("/api/auth/get-access-token", { accountId: rowId })).status).toBe(200);
  });

  it("account-info is POST {accountId} with the provider's account id or the row id", async () => {
    const client = await socialUser("info");
    const byProviderId = await client.post("/api/auth/account-info", { accountId: "info" });
    expect(byProviderId.status, byProviderId.text).toBe(200);
    expect(byProviderId.body.user.email).toBe("info@example.com");
    const rowId = (await client.get("/api/auth/list-accounts")).body[0].id;
    expect((await client.post("/api/auth/account-info", { accountId: rowId })).body.user.email).toBe(
      "info@example.com",
    );
    const foreign = await client.post("/api/auth/account-info", { accountId: "someone-else" });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe("Account not found");
    expect((await server.client().post("/api/auth/account-info", { accountId: "info" })).status).toBe(401);
  });
});
