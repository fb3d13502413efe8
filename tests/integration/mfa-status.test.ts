import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { meetsMfaPolicy, mfaStatusOf } from "../../src/server/auth/mfa-status.js";
import { PASSWORD } from "../helpers/auth-flows.js";
import { databaseKinds } from "../helpers/databases.js";
import { enableTotp } from "../helpers/mfa.js";
import { signUpPerson } from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

describe.each(databaseKinds)("second factors of a user (%s)", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server?.close());

  it("tells an authenticator app, an e-mail code, an unconfirmed app and none apart", async () => {
    const app = await signUpPerson(server, "status-app");
    await enableTotp(app.client);
    const otp = await signUpPerson(server, "status-otp");
    expect((await otp.client.post("/api/auth/two-factor/enable", { password: PASSWORD, method: "otp" })).status).toBe(
      200,
    );
    const pending = await signUpPerson(server, "status-pending");
    expect((await pending.client.post("/api/auth/two-factor/enable", { password: PASSWORD })).status).toBe(200);
    const none = await signUpPerson(server, "status-none");

    const ids = [app, otp, pending, none].map((p) => p.user.id);
    const status = await mfaStatusOf(server.running.database.db, ids);
    expect(ids.map((id) => status.get(id))).toEqual([
      { twoFactor: "totp", passkeys: 0 },
      { twoFactor: "otp", passkeys: 0 },
      { twoFactor: null, passkeys: 0 },
      { twoFactor: null, passkeys: 0 },
    ]);
    expect(ids.map((id) => meetsMfaPolicy(status.get(id)!))).toEqual([true, true, false, false]);
  });
});
