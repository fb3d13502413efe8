import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../helpers/auth-flows.js";
import { databaseKinds } from "../helpers/databases.js";
import { enableTotp } from "../helpers/mfa.js";
import { sessionOf, signUpPerson } from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

describe.each(databaseKinds)("two-factor sign-in with an authenticator app (%s)", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server?.close());

  it("asks for the code after the password and signs in only with it", async () => {
    const person = await signUpPerson(server, "totp");
    const { app } = await enableTotp(person.client);
    expect((await sessionOf(person.client)).user).toMatchObject({ twoFactorEnabled: true });

    const { client, res } = await signIn(server, person.user.email);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ twoFactorRedirect: true });
    expect(client.sessionCookie).toBeUndefined();
    expect((await client.get("/api/auth/get-session")).body).toBeNull();

    const verified = await client.post("/api/auth/two-factor/verify-totp", { code: app.code(1) });
    expect(verified.status).toBe(200);
    expect((await sessionOf(client)).user.email).toBe(person.user.email);
  });
});
