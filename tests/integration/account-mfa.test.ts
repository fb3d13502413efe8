import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD } from "../helpers/auth-flows.js";
import { databaseKinds } from "../helpers/databases.js";
import { enableTotp } from "../helpers/mfa.js";
import { signUpPerson } from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const MFA = "/api/account/mfa";

describe.each(databaseKinds)("GET /api/account/mfa (%s)", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server?.close());

  it("answers the signed-in user's own second factors, and 401 without a session", async () => {
    expect((await server.client().get(MFA)).status).toBe(401);
    const person = await signUpPerson(server, "own-mfa");
    expect((await person.client.get(MFA)).body).toEqual({ twoFactor: null, passkeys: 0 });
    // Started but not confirmed with a code: still off.
    expect((await person.client.post("/api/auth/two-factor/enable", { password: PASSWORD })).status).toBe(200);
    expect((await person.client.get(MFA)).body).toEqual({ twoFactor: null, passkeys: 0 });

    const app = await signUpPerson(server, "own-mfa-app");
    await enableTotp(app.client);
    const res = await app.client.get(MFA);
    expect(res.body).toEqual({ twoFactor: "totp", passkeys: 0 });
    expect(res.headers.get("cache-control")).toBe("no-store");

    const mail = await signUpPerson(server, "own-mfa-otp");
    expect((await mail.client.post("/api/auth/two-factor/enable", { password: PASSWORD, method: "otp" })).status).toBe(
      200,
    );
    expect((await mail.client.get(MFA)).body).toEqual({ twoFactor: "otp", passkeys: 0 });
  });
});
