import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "../helpers/client.js";
import { databaseKinds } from "../helpers/databases.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

// SPEC §4: a missing, unknown or expired social sign-in state redirects to the error page
// with error=please_restart_the_process (better-auth 1.7 says state_not_found / state_mismatch).
describe.each(databaseKinds)("social callback state on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, {
      env: { GITHUB_CLIENT_ID: "tessera-test-client", GITHUB_CLIENT_SECRET: "tessera-test-secret" },
    });
  });
  afterAll(() => server?.close());

  /** Starts a GitHub sign-in as a browser would; returns the state sent to GitHub. */
  async function startSignIn(client: TestClient, extra: Record<string, string> = {}) {
    const res = await client.post("/api/auth/sign-in/social", { provider: "github", callbackURL: "/", ...extra });
    expect(res.status, res.text).toBe(200);
    const state = new URL(res.body.url).searchParams.get("state");
    expect(state).toBeTruthy();
    expect(client.cookies.has("tessera.state")).toBe(true);
    return state as string;
  }

  function expectRestart(location: string | null, target = `${server.auth}/error`) {
    expect(location).toBeTruthy();
    const url = new URL(location as string, server.url);
    expect(`${url.origin}${url.pathname}`).toBe(target);
    expect(url.searchParams.get("error")).toBe("please_restart_the_process");
  }

  it("sends a callback without state to the error page with please_restart_the_process", async () => {
    const res = await server.client().get("/api/auth/callback/github", { code: "abc" });
    expect(res.status).toBe(302);
    expectRestart(res.location);
    const page = await server.client().get(res.location as string);
    expect(page.text).toContain("please_restart_the_process");
  });

  it("does the same for a state it never issued", async () => {
    const res = await server.client().get("/api/auth/callback/github", { code: "abc", state: "bogus-state" });
    expect(res.status).toBe(302);
    expectRestart(res.location);
  });

  it("does the same for a form_post callback (POST) with an unknown state", async () => {
    const post = await server.client().request("POST", "/api/auth/callback/github", "code=abc&state=bogus", {
      "Content-Type": "application/x-www-form-urlencoded",
    });
    expect(post.status).toBe(302);
    const res = await server.client().get(post.location as string);
    expect(res.status).toBe(302);
    expectRestart(res.location);
  });

  it("does the same for an expired state, honouring the errorCallbackURL given at sign-in", async () => {
    const client = server.client();
    const state = await startSignIn(client, { errorCallbackURL: "/sign-in/failed" });
    await expireState(server, state);
    const res = await client.get("/api/auth/callback/github", { code: "abc", state });
    expect(res.status).toBe(302);
    expect(res.location).toMatch(/^\/sign-in\/failed\?/);
    expectRestart(res.location, `${server.url}/sign-in/failed`);
  });

  it("sends an expired state without errorCallbackURL to the error page", async () => {
    const client = server.client();
    const state = await startSignIn(client);
    await expireState(server, state);
    const res = await client.get("/api/auth/callback/github", { code: "abc", state });
    expect(res.status).toBe(302);
    expectRestart(res.location);
  });

  it("leaves other callback errors alone (a provider's access_denied)", async () => {
    const client = server.client();
    const state = await startSignIn(client, { errorCallbackURL: "/sign-in/failed" });
    const res = await client.get("/api/auth/callback/github", { state, error: "access_denied" });
    expect(res.status).toBe(302);
    const url = new URL(res.location as string, server.url);
    expect(url.pathname).toBe("/sign-in/failed");
    expect(url.searchParams.get("error")).toBe("access_denied");
  });
});

/** Ages the stored sign-in state past its 10 minutes, as the engine stores it (row and payload). */
async function expireState(server: TestServer, state: string) {
  const { db } = server.running.database;
  const identifier = `auth-state:${state}`;
  const row = await db.selectFrom("verification").selectAll().where("identifier", "=", identifier).executeTakeFirst();
  expect(row, "state row").toBeDefined();
  const past = new Date(Date.now() - 60_000);
  const value = JSON.parse(row?.value as string);
  value.expiresAt = past.getTime();
  await db
    .updateTable("verification")
    .set({ value: JSON.stringify(value), expiresAt: server.kind === "sqlite" ? past.toISOString() : past })
    .where("identifier", "=", identifier)
    .execute();
}
