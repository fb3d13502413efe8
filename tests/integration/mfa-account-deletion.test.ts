import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailWithLink, PASSWORD, rows } from "../helpers/auth-flows.js";
import { databaseKinds } from "../helpers/databases.js";
import { addPasskeyRow, enableTotp } from "../helpers/mfa.js";
import { createAdminWithCli, expectStatus, signUpPerson } from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

/** A user's second factors go with the user: deletion never trips over their rows (foreign keys). */
describe.each(databaseKinds)("deleting a user with second factors (%s)", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server?.close());

  it("the user deletes their own account with two-step on", async () => {
    const person = await signUpPerson(server, "mfa-leaver");
    await enableTotp(person.client);
    await addPasskeyRow(server, person.user.id);
    const since = server.mail.messages.length;
    expectStatus(await person.client.post("/api/auth/delete-user", { password: PASSWORD }), 200);
    const { link } = await mailWithLink(server, person.user.email, "/delete-user/callback", since);
    const done = await server.followMailLink(person.client, link);
    expect(done.status).toBeLessThan(400);
    expect(await rows(server, "user", { id: person.user.id })).toEqual([]);
    expect(await rows(server, "twoFactor", { userId: person.user.id })).toEqual([]);
    expect(await rows(server, "passkey", { userId: person.user.id })).toEqual([]);
  });

  it("a site admin removes a user with two-step on", async () => {
    const admin = await createAdminWithCli(server, "mfa-remover");
    const person = await signUpPerson(server, "mfa-removed");
    await enableTotp(person.client);
    await addPasskeyRow(server, person.user.id);
    expectStatus(await admin.client.post("/api/auth/admin/remove-user", { userId: person.user.id }), 200);
    expect(await rows(server, "user", { id: person.user.id })).toEqual([]);
    expect(await rows(server, "twoFactor", { userId: person.user.id })).toEqual([]);
    expect(await rows(server, "passkey", { userId: person.user.id })).toEqual([]);
  });
});
