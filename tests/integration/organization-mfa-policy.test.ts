import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD } from "../helpers/auth-flows.js";
import { databaseKinds } from "../helpers/databases.js";
import { authenticatorFor, enableTotp } from "../helpers/mfa.js";
import {
  createOrganization,
  expectStatus,
  invite,
  type Person,
  setupOrganization,
  signUpPerson,
} from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const api = (path: string) => `/api/auth/organization/${path}`;
const MFA_REQUIRED = {
  status: 403,
  code: "MFA_REQUIRED",
  message: "This organization requires two-step verification. Turn it on in your security settings to continue.",
};
const outcome = (res: { status: number; body?: any }) => ({
  status: res.status,
  code: res.body?.code,
  message: res.body?.message,
});

async function policyEvents(owner: Person, organizationId: string) {
  const res = expectStatus(
    await owner.client.get("/api/audit", { organizationId, action: "organization.mfa_policy_changed" }),
    200,
  );
  return (res.body.events as { action: string; actorId: string; detail: unknown }[]).map((e) => ({
    actorId: e.actorId,
    detail: e.detail,
  }));
}

// docs/mfa.md "Organization policy": who may change it, its audit events, invitations, turning two-step off.
describe.each(databaseKinds)("organization two-step policy on %s", { timeout: 120_000 }, (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    // The cookie cache on: a session read from the cookie must not let a member through either.
    server = await startTestServer(kind, { env: { SESSION_COOKIE_CACHE_MAX_AGE: "300" } });
  });
  afterAll(() => server?.close());

  it("is off for a new organization and is changed only by owners and admins who have two-step on", async () => {
    const org = await setupOrganization(server, "policy");
    const id = org.organization.id;
    const created = expectStatus(await org.owner.client.get(api("get-organization"), { organizationId: id }), 200);
    expect(created.body.requireMfa).toBe(false);

    const turnOn = (p: Person) => p.client.post(api("update"), { organizationId: id, data: { requireMfa: true } });
    // Requiring it while one's own account would not meet it: refused, nothing changed.
    expect(outcome(await turnOn(org.owner))).toEqual({
      status: 403,
      code: "MFA_POLICY_NEEDS_OWN_MFA",
      message: "Turn on two-step verification for your own account before requiring it for an organization.",
    });
    await enableTotp(org.member.client);
    expect(outcome(await turnOn(org.member))).toMatchObject({
      status: 403,
      message: "You are not allowed to update this organization",
    });
    expect(await policyEvents(org.owner, id)).toEqual([]);

    await enableTotp(org.admin.client);
    const on = expectStatus(await turnOn(org.admin), 200);
    expect(on.body.requireMfa).toBe(true);
    // The owner, without two-step, is now held back like anyone else.
    expect(outcome(await org.owner.client.get(api("get-organization"), { organizationId: id }))).toEqual(MFA_REQUIRED);

    // The same value again, or another field, is no policy change.
    expectStatus(await turnOn(org.admin), 200);
    expectStatus(await org.admin.client.post(api("update"), { organizationId: id, data: { name: "Renamed" } }), 200);
    expectStatus(await org.admin.client.post(api("update"), { organizationId: id, data: { requireMfa: false } }), 200);
    expectStatus(await org.owner.client.get(api("get-organization"), { organizationId: id }), 200);
    expect(await policyEvents(org.admin, id)).toEqual([
      { actorId: org.admin.user.id, detail: { from: true, to: false } },
      { actorId: org.admin.user.id, detail: { from: false, to: true } },
    ]);
  });

  it("creating an organization that requires it needs two-step on oneself", async () => {
    const plain = await signUpPerson(server, "policy-create");
    const slug = `mfa-${Date.now().toString(36)}`;
    const refused = await plain.client.post(api("create"), { name: "Strict", slug, requireMfa: true });
    expect(outcome(refused)).toMatchObject({ status: 403, code: "MFA_POLICY_NEEDS_OWN_MFA" });
    expect((await plain.client.post(api("check-slug"), { slug })).status).toBe(200);
    await enableTotp(plain.client);
    const created = await createOrganization(plain.client, "strict", { requireMfa: true });
    expect(created.requireMfa).toBe(true);
  });

  it("an invitation to it is shown, and accepted only once two-step is on", async () => {
    const owner = await signUpPerson(server, "policy-inviter");
    await enableTotp(owner.client);
    const organization = await createOrganization(owner.client, "strict-invite", { requireMfa: true });
    const guest = await signUpPerson(server, "policy-guest");
    const invitation = await invite(owner.client, organization.id, guest.user.email, "member");

    const shown = expectStatus(await guest.client.get(api("get-invitation"), { id: invitation.id }), 200);
    expect(shown.body).toMatchObject({ organizationName: organization.name, organizationRequiresMfa: true });
    const accept = () => guest.client.post(api("accept-invitation"), { invitationId: invitation.id });
    expect(outcome(await accept())).toEqual(MFA_REQUIRED);
    const pending = expectStatus(await guest.client.get(api("list-user-invitations")), 200);
    expect(pending.body.map((i: { id: string; status: string }) => [i.id, i.status])).toEqual([
      [invitation.id, "pending"],
    ]);

    await enableTotp(guest.client);
    const accepted = expectStatus(await accept(), 200);
    expect(accepted.body.member.userId).toBe(guest.user.id);
  });

  it("turning two-step off cuts access at once, on every session; leaving and the list still work", async () => {
    const org = await setupOrganization(server, "policy-off");
    const id = org.organization.id;
    await enableTotp(org.owner.client);
    await enableTotp(org.member.client);
    expectStatus(await org.owner.client.post(api("update"), { organizationId: id, data: { requireMfa: true } }), 200);

    // A second device of the member, signed in with both steps before the change.
    const other = server.client();
    const signIn = expectStatus(
      await other.post("/api/auth/sign-in/email", { email: org.member.user.email, password: PASSWORD }),
      200,
    );
    expect(signIn.body.twoFactorRedirect).toBe(true);
    const uri = expectStatus(
      await org.member.client.post("/api/auth/two-factor/get-totp-uri", { password: PASSWORD }),
      200,
    );
    expectStatus(
      // The next period's code: the current one confirmed the setup and is spent (single use).
      await other.post("/api/auth/two-factor/verify-totp", { code: authenticatorFor(uri.body.totpURI).code(1) }),
      200,
    );
    for (const client of [org.member.client, other]) {
      expectStatus(await client.get(api("list-members"), { organizationId: id }), 200);
      expectStatus(await client.post(api("set-active"), { organizationId: id }), 200);
    }

    expectStatus(await org.member.client.post("/api/auth/two-factor/disable", { password: PASSWORD }), 200);
    for (const client of [org.member.client, other]) {
      expect(outcome(await client.get(api("list-members"), { organizationId: id }))).toEqual(MFA_REQUIRED);
      // No organization named: the active one counts.
      expect(outcome(await client.get(api("get-active-member")))).toEqual(MFA_REQUIRED);
      expect(outcome(await client.get(`/api/organizations/${id}/team-members`))).toEqual(MFA_REQUIRED);
    }
    // Their organizations still list it (the web app leads them to the setup from there).
    const list = expectStatus(await org.member.client.get(api("list")), 200);
    expect(list.body.find((o: { id: string }) => o.id === id)).toMatchObject({ requireMfa: true });
    // The admin, who never had two-step, is held back too; the owner is not.
    expect(outcome(await org.admin.client.get(`/api/audit`, { organizationId: id }))).toEqual(MFA_REQUIRED);
    expectStatus(await org.owner.client.get(`/api/audit`, { organizationId: id }), 200);
    // Letting go of the active organization and leaving it are allowed.
    expectStatus(await org.member.client.post(api("set-active"), { organizationId: null }), 200);
    expectStatus(await org.member.client.post(api("leave"), { organizationId: id }), 200);
    const members = expectStatus(await org.owner.client.get(api("list-members"), { organizationId: id }), 200);
    expect(members.body.members.map((m: { userId: string }) => m.userId)).not.toContain(org.member.user.id);
  });

  it("the member list shows each member's two-step method and passkeys", async () => {
    const org = await setupOrganization(server, "policy-list");
    const id = org.organization.id;
    await enableTotp(org.admin.client);
    expectStatus(
      await org.member.client.post("/api/auth/two-factor/enable", { password: PASSWORD, method: "otp" }),
      200,
    );
    const expected = {
      [org.owner.user.id]: { twoFactor: null, passkeys: 0 },
      [org.admin.user.id]: { twoFactor: "totp", passkeys: 0 },
      [org.member.user.id]: { twoFactor: "otp", passkeys: 0 },
    };
    const byUser = (members: { userId: string; mfa: unknown }[]) =>
      Object.fromEntries(members.map((m) => [m.userId, m.mfa]));
    const list = expectStatus(await org.member.client.get(api("list-members"), { organizationId: id }), 200);
    expect(byUser(list.body.members)).toEqual(expected);
    const full = expectStatus(await org.owner.client.get(api("get-full-organization"), { organizationId: id }), 200);
    expect(byUser(full.body.members)).toEqual(expected);
    // Exact at every read: turning it off shows at once.
    expectStatus(await org.admin.client.post("/api/auth/two-factor/disable", { password: PASSWORD }), 200);
    const again = expectStatus(await org.owner.client.get(api("list-members"), { organizationId: id }), 200);
    expect(byUser(again.body.members)[org.admin.user.id]).toEqual({ twoFactor: null, passkeys: 0 });
  });

  it("someone outside the organization hears the engine's refusal, not its policy", async () => {
    const owner = await signUpPerson(server, "policy-outside-owner");
    await enableTotp(owner.client);
    const organization = await createOrganization(owner.client, "strict-outside", { requireMfa: true });
    const outsider = await signUpPerson(server, "policy-outsider");
    const res = await outsider.client.get(api("list-members"), { organizationId: organization.id });
    expect(outcome(res)).toMatchObject({ status: 403, message: "You are not a member of this organization" });
  });
});
