import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../helpers/databases.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

// SPEC §7: POST /unlink-account {providerId, accountId?}; better-auth 1.7 requires its own row id instead.
describe.each(databaseKinds)("POST /unlink-account on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server?.close());

  /** Links a social account row to the user, as a completed GitHub/Google sign-in would. */
  async function link(userId: string, providerId: string, accountId: string): Promise<string> {
    const ctx = await server.running.auth.$context;
    const row = await ctx.internalAdapter.linkAccount({ userId, providerId, accountId });
    return row.id;
  }

  async function providers(client: Awaited<ReturnType<TestServer["signUp"]>>["client"]) {
    const res = await client.get("/api/auth/list-accounts");
    expect(res.status).toBe(200);
    return (res.body as { providerId: string; accountId: string }[])
      .map((a) => `${a.providerId}:${a.accountId}`)
      .sort();
  }

  it("without accountId, unlinks the user's one account of that provider", async () => {
    const { client, user } = await server.signUp("unlink-one@example.com");
    await link(user.id, "github", "gh-1001");
    const res = await client.post("/api/auth/unlink-account", { providerId: "github" });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ status: true });
    expect(await providers(client)).toEqual([`credential:${user.id}`]);
  });

  it("with several accounts of that provider, asks for accountId (400) and unlinks nothing", async () => {
    const { client, user } = await server.signUp("unlink-two@example.com");
    await link(user.id, "github", "gh-2001");
    await link(user.id, "github", "gh-2002");
    const res = await client.post("/api/auth/unlink-account", { providerId: "github" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: "ACCOUNT_ID_REQUIRED",
      message: "Several accounts of this provider are linked; give accountId to choose one",
    });
    expect(await providers(client)).toHaveLength(3);
  });

  it("accepts the provider's account id (or the row id) as accountId", async () => {
    const { client, user } = await server.signUp("unlink-pick@example.com");
    await link(user.id, "github", "gh-3001");
    const rowId = await link(user.id, "github", "gh-3002");
    const byProviderId = await client.post("/api/auth/unlink-account", { providerId: "github", accountId: "gh-3001" });
    expect(byProviderId.status, byProviderId.text).toBe(200);
    expect(await providers(client)).toEqual([`credential:${user.id}`, "github:gh-3002"]);
    const byRowId = await client.post("/api/auth/unlink-account", { providerId: "github", accountId: rowId });
    expect(byRowId.status, byRowId.text).toBe(200);
    expect(await providers(client)).toEqual([`credential:${user.id}`]);
  });

  it("refuses an accountId that belongs to another provider", async () => {
    const { client, user } = await server.signUp("unlink-mismatch@example.com");
    const rowId = await link(user.id, "github", "gh-4001");
    const res = await client.post("/api/auth/unlink-account", { providerId: "google", accountId: rowId });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Account not found");
    expect(await providers(client)).toHaveLength(2);
  });

  it("keeps the engine's answers: last account, unknown provider, signed out", async () => {
    const { client } = await server.signUp("unlink-last@example.com");
    const last = await client.post("/api/auth/unlink-account", { providerId: "credential" });
    expect(last.status).toBe(400);
    expect(last.body.message).toBe("You can't unlink your last account");

    const { client: other, user } = await server.signUp("unlink-none@example.com");
    await link(user.id, "github", "gh-5001");
    const none = await other.post("/api/auth/unlink-account", { providerId: "google" });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe("Account not found");

    const signedOut = await server.client().post("/api/auth/unlink-account", { providerId: "github" });
    expect(signedOut.status).toBe(401);
  });
});
