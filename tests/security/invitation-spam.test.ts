import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Reply } from "../helpers/client.js";
import { realClock, skipAhead } from "../helpers/clock.js";
import { makeUser, organizationOwnedBy, sessionClient } from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { type Setup, setupEnv, setups } from "../helpers/session-fixtures.js";
import { outcome, recordCount, uid } from "./support.js";

// Invitations are mail to any address with text the inviter chose (the organization's name): one
// verified user sent 40 in 0.4 s with a phishing text as the name. src/server/auth/invitation-send-limit.ts
// counts every invitation mail, new or resent, per inviting user and per organization, in one atomic
// step, so a parallel burst gets exactly the allowance; over it, 429 with Retry-After and nothing sent.

const PER_USER = 5;
const PER_ORGANIZATION = 8;
const TOO_MANY_BY_USER = "429 You have sent too many invitations. Please try again later.";
const TOO_MANY_BY_ORGANIZATION = "429 This organization has sent too many invitations. Please try again later.";

function tally(replies: Reply[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of replies) out[outcome(r)] = (out[outcome(r)] ?? 0) + 1;
  return out;
}

const label = (setup: Setup) => (setup === "postgres+redis" ? "postgres+redis" : setup);

describe.each(setups.filter((s) => s.available))("invitation send limits on $title", ({ setup, kind }) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, {
      env: setupEnv(setup, {
        INVITATION_SEND_LIMIT_PER_USER: String(PER_USER),
        INVITATION_SEND_LIMIT_PER_ORGANIZATION: String(PER_ORGANIZATION),
      }).env,
    });
  });
  afterAll(() => server?.close());

  const organizationOf = async (ownerId: string) => (await organizationOwnedBy(server, ownerId, "spam")).id;

  /** Invitation mails written for these addresses (the outbox is written in the request). */
  async function mailsTo(addresses: string[]) {
    const rows = await server.running.database.db
      .selectFrom("outbox")
      .select("recipient")
      .where("kind", "=", "invitation")
      .where("recipient", "in", addresses)
      .execute();
    return rows.length;
  }

  async function invitationsOf(organizationId: string) {
    const rows = await server.running.database.db
      .selectFrom("invitation")
      .select("id")
      .where("organizationId", "=", organizationId)
      .execute();
    return rows.length;
  }

  it(`a burst of 40 parallel invitations from one user gets exactly ${PER_USER} sent; the rest 429 with Retry-After`, async () => {
    const owner = await makeUser(server, `burst-${uid()}@example.com`);
    const organizationId = await organizationOf(owner.id);
    const { client } = await sessionClient(server, owner.id);
    const addresses = Array.from({ length: 40 }, () => `target-${uid()}@example.net`);
    const replies = await Promise.all(
      addresses.map((email) =>
        client.post("/api/auth/organization/invite-member", { organizationId, email, role: "member" }),
      ),
    );
    expect(tally(replies)).toEqual({ "200": PER_USER, [TOO_MANY_BY_USER]: 40 - PER_USER });
    for (const r of replies.filter((r) => r.status === 429)) {
      const retryAfter = Number(r.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(r.body).toEqual({
        code: "TOO_MANY_INVITATIONS",
        message: "You have sent too many invitations. Please try again later.",
        retryAfter,
      });
    }
    expect(await invitationsOf(organizationId)).toBe(PER_USER);
    expect(await mailsTo(addresses)).toBe(PER_USER);
    recordCount("invitations: sends over the limit refused", 40 - PER_USER, label(setup));
  });

  it("refused calls spend nothing: an inviter refused for other reasons still has the whole allowance", async () => {
    const owner = await makeUser(server, `careful-${uid()}@example.com`);
    const organizationId = await organizationOf(owner.id);
    const { client } = await sessionClient(server, owner.id);
    const first = `first-${uid()}@example.net`;
    expect(
      (await client.post("/api/auth/organization/invite-member", { organizationId, email: first, role: "member" }))
        .status,
    ).toBe(200);
    for (let i = 0; i < 2 * PER_USER; i++) {
      const again = await client.post("/api/auth/organization/invite-member", {
        organizationId,
        email: first,
        role: "member",
      });
      expect(outcome(again)).toBe("400 User is already invited to this organization");
      const badRole = await client.post("/api/auth/organization/invite-member", {
        organizationId,
        email: `x-${uid()}@example.net`,
        role: "emperor",
      });
      expect(badRole.status).toBe(400);
    }
    const rest = Array.from({ length: PER_USER - 1 }, () => `rest-${uid()}@example.net`);
    for (const email of rest) {
      const res = await client.post("/api/auth/organization/invite-member", { organizationId, email, role: "member" });
      expect(res.status, res.text).toBe(200);
    }
    const over = await client.post("/api/auth/organization/invite-member", {
      organizationId,
      email: `over-${uid()}@example.net`,
      role: "member",
    });
    expect(outcome(over)).toBe(TOO_MANY_BY_USER);
  });

  it("resending counts like sending: the mail is not sent again once over the limit", async () => {
    const owner = await makeUser(server, `resender-${uid()}@example.com`);
    const organizationId = await organizationOf(owner.id);
    const { client } = await sessionClient(server, owner.id);
    const email = `victim-${uid()}@example.net`;
    const body = { organizationId, email, role: "member" };
    expect((await client.post("/api/auth/organization/invite-member", body)).status).toBe(200);
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => client.post("/api/auth/organization/invite-member", { ...body, resend: true })),
    );
    expect(tally(replies)).toEqual({ "200": PER_USER - 1, [TOO_MANY_BY_USER]: 20 - (PER_USER - 1) });
    expect(await mailsTo([email])).toBe(PER_USER);
    recordCount("invitations: sends over the limit refused", 20 - (PER_USER - 1), label(setup));
  });

  it(`${PER_ORGANIZATION} per organization, however many of its admins send`, async () => {
    const owner = await makeUser(server, `org-owner-${uid()}@example.com`);
    const organizationId = await organizationOf(owner.id);
    const admins = await Promise.all(
      Array.from({ length: 3 }, () => makeUser(server, `org-admin-${uid()}@example.com`)),
    );
    for (const a of admins)
      await server.running.auth.api.addMember({ body: { userId: a.id, organizationId, role: "admin" } });
    const clients = await Promise.all(admins.map((a) => sessionClient(server, a.id)));
    const replies = await Promise.all(
      clients.flatMap(({ client }) =>
        Array.from({ length: PER_USER }, () =>
          client.post("/api/auth/organization/invite-member", {
            organizationId,
            email: `org-target-${uid()}@example.net`,
            role: "member",
          }),
        ),
      ),
    );
    const result = tally(replies);
    expect(result["200"]).toBe(PER_ORGANIZATION);
    expect(result[TOO_MANY_BY_ORGANIZATION]).toBe(3 * PER_USER - PER_ORGANIZATION);
    expect(replies.filter((r) => r.status === 429).every((r) => Number(r.headers.get("retry-after")) > 0)).toBe(true);
    expect(await invitationsOf(organizationId)).toBe(PER_ORGANIZATION);
    // Another organization of the same people is not held back by this one's count.
    const other = await organizationOf(owner.id);
    const { client: ownerClient } = await sessionClient(server, owner.id);
    const elsewhere = await ownerClient.post("/api/auth/organization/invite-member", {
      organizationId: other,
      email: `elsewhere-${uid()}@example.net`,
      role: "member",
    });
    expect(elsewhere.status, elsewhere.text).toBe(200);
    recordCount("invitations: sends over the limit refused", 3 * PER_USER - PER_ORGANIZATION, label(setup));
  });
});

describe.each(setups.filter((s) => s.available))("the invitation window on $title", ({ setup, kind }) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, {
      env: setupEnv(setup, { INVITATION_SEND_LIMIT_PER_USER: "1", INVITATION_SEND_WINDOW: "2" }).env,
    });
  });
  afterAll(() => {
    realClock();
    return server?.close();
  });

  it("the count starts again after INVITATION_SEND_WINDOW; Retry-After says how long", async () => {
    const owner = await makeUser(server, `window-${uid()}@example.com`);
    const org = await organizationOwnedBy(server, owner.id, "window");
    const { client } = await sessionClient(server, owner.id);
    const send = () =>
      client.post("/api/auth/organization/invite-member", {
        organizationId: org.id,
        email: `w-${uid()}@example.net`,
        role: "member",
      });
    expect((await send()).status).toBe(200);
    const refused = await send();
    expect(outcome(refused)).toBe(TOO_MANY_BY_USER);
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(2);
    // Redis expires the count on its own clock, which no test moves: there the window is waited out.
    if (setup === "postgres+redis") await new Promise((r) => setTimeout(r, wait * 1000));
    else skipAhead(wait * 1000);
    expect((await send()).status).toBe(200);
  });
});
