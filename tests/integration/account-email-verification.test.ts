import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../helpers/databases.js";
import { signUpPerson } from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const STATUS = "/api/account/email-verification";

describe.each(databaseKinds)("GET /api/account/email-verification (%s)", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server?.close());

  it("says when the last link went to the user's own unverified address, and when another may go", async () => {
    expect((await server.client().get(STATUS)).status).toBe(401);
    const person = await signUpPerson(server, "link-status");
    const verified = await person.client.get(STATUS);
    expect(verified.body).toEqual({ email: person.user.email, verified: true, sentAt: null, resendAt: null });
    expect(verified.headers.get("cache-control")).toBe("no-store");

    // A change of address: approved at the old one, confirmed at the new one, which then gets its own link.
    const next = `moved-${person.user.email}`;
    let since = server.mail.messages.length;
    expect((await person.client.post("/api/auth/change-email", { newEmail: next })).status).toBe(200);
    const approve = await server.mail.waitFor(person.user.email, /confirm the change/i, { since });
    await server.followMailLink(person.client, approve.links.find((l) => l.includes("/verify-email"))!);
    const confirm = await server.mail.waitFor(next, /verify your new/i, { since });
    since = server.mail.messages.length;
    const before = Date.now();
    await server.followMailLink(person.client, confirm.links.find((l) => l.includes("/verify-email"))!);
    await server.mail.waitFor(next, /verify/i, { since });

    const status = (await person.client.get(STATUS)).body as Record<string, string>;
    expect(status).toMatchObject({ email: next, verified: false });
    const sentAt = Date.parse(status.sentAt!);
    expect(sentAt).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(status.resendAt!)).toBe(sentAt + 60_000);
  });
});
