import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "../helpers/client.js";
import { databaseKinds } from "../helpers/databases.js";
import { startDnsServer, type TestDnsServer } from "../helpers/dns-server.js";
import {
  followProviderRedirect,
  type OidcProvider,
  redirectError,
  socialSignIn,
  startOidcProvider,
} from "../helpers/oidc-provider.js";
import { expectStatus, type OrganizationSetup, type Person, setupOrganization } from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

// docs/sso.md "Who joins" and "SSO required": the owner's choice for people of the verified domain (nobody,
// an invitation, membership), and an organization that allows its domain no password, no social sign-in —
// only its identity provider (the real OpenID provider of the social tests), site admins exempt.

const ssoBase = (organizationId: string) => `/api/organizations/${organizationId}/sso`;

describe.each(databaseKinds)("the organization's SSO policy on %s", (kind) => {
  let dns: TestDnsServer;
  let gitlab: OidcProvider;
  let idp: OidcProvider;
  let server: TestServer;
  let a: OrganizationSetup;
  let pam: Person & { password: string };
  let root: Person & { password: string };
  let outsider: Person & { password: string };
  let resetToken: string;
  let olgaClient: TestClient;
  const stamp = Date.now().toString(36);
  const domain = `policy-${stamp}.example`;

  const policy = (body: unknown, client: TestClient = a.owner.client) =>
    client.request("PUT", `${ssoBase(a.organization.id)}/policy`, body);
  const membershipsOf = (email: string) =>
    server.running.database.db
      .selectFrom("member")
      .innerJoin("user", "user.id", "member.userId")
      .select(["member.organizationId", "member.role"])
      .where("user.email", "=", email)
      .execute();
  const invitationsOf = (email: string) =>
    server.running.database.db
      .selectFrom("invitation")
      .select(["id", "organizationId", "status", "role"])
      .where("email", "=", email)
      .execute();

  /** A social sign-in (GitLab) with a verified address; the client, signed in or not. */
  async function withGitlab(sub: string, email: string) {
    gitlab.signInAs({ sub, email, emailVerified: true, name: sub });
    const client = server.client();
    const back = await socialSignIn(client, "gitlab");
    const session = (await client.get("/api/auth/get-session")).body;
    return { client, back, user: session?.user as { id: string } | undefined };
  }

  beforeAll(async () => {
    dns = await startDnsServer();
    gitlab = await startOidcProvider({
      clientId: "gitlab-app",
      clientSecret: "gitlab-secret",
      endpoints: { authorize: "/oauth/authorize", token: "/oauth/token", userinfo: "/api/v4/user" },
      profile: (u) => ({ id: u.sub.length * 7919 + u.sub.charCodeAt(3), username: u.sub, state: "active" }),
    });
    idp = await startOidcProvider({ clientId: "policy-tessera", clientSecret: "policy-secret" });
    server = await startTestServer(kind, {
      env: {
        DNS_SERVERS: dns.address,
        TRUSTED_ORIGINS: idp.origin,
        GITLAB_CLIENT_ID: gitlab.clientId,
        GITLAB_CLIENT_SECRET: gitlab.clientSecret,
        GITLAB_ISSUER: gitlab.origin,
      },
    });
    a = await setupOrganization(server, "policya");
    // People of the domain with passwords, before the organization claims it.
    pam = await server.signUp(`pam@${domain}`);
    root = await server.signUp(`root@${domain}`);
    await server.running.database.db
      .updateTable("user")
      .set({ role: "admin" })
      .where("id", "=", root.user.id)
      .execute();
    outsider = await server.signUp(`olaf-${stamp}@elsewhere.example`);
    // A reset link Pam asked for before single sign-on was required.
    const since = server.mail.messages.length;
    await server.client().post("/api/auth/request-password-reset", { email: pam.user.email, redirectTo: "/reset" });
    const mail = await server.mail.waitFor(pam.user.email, /reset/i, { since });
    resetToken = new URL(mail.links.find((l) => l.includes("/reset-password/")) ?? "").pathname.split("/").pop() ?? "";
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await gitlab?.close();
    await idp?.close();
    await dns?.close();
  });

  it("is set by owners and admins only, with a domain, and checks what it is given", async () => {
    expect(expectStatus(await policy({ autoJoin: "member" }), 404).body.code).toBe("SSO_DOMAIN_NOT_FOUND");
    const claim = expectStatus(await a.owner.client.post(`${ssoBase(a.organization.id)}/domain`, { domain }), 201);
    expect(claim.body.policy).toEqual({ autoJoin: "off", ssoRequired: false });
    dns.setTxt(claim.body.domain.record.name, [claim.body.domain.record.value]);
    expectStatus(await a.owner.client.post(`${ssoBase(a.organization.id)}/domain/verify`), 200);
    expect(expectStatus(await policy({ autoJoin: "invite" }, a.member.client), 403).body.code).toBe("FORBIDDEN");
    for (const bad of [{}, { autoJoin: "everyone" }, { autoJoin: null }, { ssoRequired: "yes" }, []]) {
      expect(expectStatus(await policy(bad), 400).body.code, JSON.stringify(bad)).toBe("SSO_POLICY_INVALID");
    }
  });

  it("a new setup lets nobody join by domain", async () => {
    const { user, client } = await withGitlab("gl-olga", `olga@${domain}`);
    expect(user).toBeTruthy();
    olgaClient = client;
    expect(await membershipsOf(`olga@${domain}`)).toEqual([]);
    expect(await invitationsOf(`olga@${domain}`)).toEqual([]);
  });

  it("'invite': one pending invitation, which the person sees and accepts; a declined one is not repeated", async () => {
    const res = expectStatus(await policy({ autoJoin: "invite" }, a.admin.client), 200);
    expect(res.body.policy).toEqual({ autoJoin: "invite", ssoRequired: false });
    const first = await withGitlab("gl-ivy", `ivy@${domain}`);
    expect(await membershipsOf(`ivy@${domain}`)).toEqual([]);
    await withGitlab("gl-ivy", `ivy@${domain}`);
    const invitations = await invitationsOf(`ivy@${domain}`);
    expect(invitations).toEqual([
      { id: invitations[0]?.id, organizationId: a.organization.id, status: "pending", role: "member" },
    ]);
    const mine = expectStatus(await first.client.get("/api/auth/organization/list-user-invitations"), 200);
    expect((mine.body as { id: string }[]).map((i) => i.id)).toEqual([invitations[0]?.id]);
    expectStatus(
      await first.client.post("/api/auth/organization/accept-invitation", { invitationId: invitations[0]?.id }),
      200,
    );
    expect(await membershipsOf(`ivy@${domain}`)).toEqual([{ organizationId: a.organization.id, role: "member" }]);

    const dan = await withGitlab("gl-dan", `dan@${domain}`);
    const [offered] = await invitationsOf(`dan@${domain}`);
    expectStatus(await dan.client.post("/api/auth/organization/reject-invitation", { invitationId: offered?.id }), 200);
    await withGitlab("gl-dan", `dan@${domain}`);
    expect((await invitationsOf(`dan@${domain}`)).map((i) => i.status)).toEqual(["rejected"]);
    expect(await membershipsOf(`dan@${domain}`)).toEqual([]);
  });

  it("'member': joins at once, into that organization only", async () => {
    expectStatus(await policy({ autoJoin: "member" }), 200);
    await withGitlab("gl-mia", `mia@${domain}`);
    expect(await membershipsOf(`mia@${domain}`)).toEqual([{ organizationId: a.organization.id, role: "member" }]);
    expect(await invitationsOf(`mia@${domain}`)).toEqual([]);
  });

  it("an organization that set up its domain before the choice existed keeps joining people as members", async () => {
    await server.running.database.db
      .updateTable("organization")
      .set({ ssoAutoJoin: null })
      .where("id", "=", a.organization.id)
      .execute();
    expect(expectStatus(await a.owner.client.get(ssoBase(a.organization.id)), 200).body.policy.autoJoin).toBe("member");
    await withGitlab("gl-leo", `leo@${domain}`);
    expect(await membershipsOf(`leo@${domain}`)).toEqual([{ organizationId: a.organization.id, role: "member" }]);
    expectStatus(await policy({ autoJoin: "off" }), 200);
    await withGitlab("gl-nia", `nia@${domain}`);
    expect(await membershipsOf(`nia@${domain}`)).toEqual([]);
  });

  it("'SSO required' needs a connection that is on", async () => {
    expect(expectStatus(await policy({ ssoRequired: true }), 409).body.code).toBe("SSO_REQUIRED_NEEDS_CONNECTION");
    expectStatus(
      await a.owner.client.request("PUT", `${ssoBase(a.organization.id)}/oidc`, {
        issuer: idp.issuer,
        clientId: idp.clientId,
        clientSecret: idp.clientSecret,
      }),
      200,
    );
    expect(expectStatus(await policy({ ssoRequired: true }), 409).body.code).toBe("SSO_REQUIRED_NEEDS_CONNECTION");
    expectStatus(await a.owner.client.request("PUT", `${ssoBase(a.organization.id)}/enabled`, { enabled: true }), 200);
    expect(await pamSignIn(pam.password)).toBe(200);
    const on = expectStatus(await policy({ ssoRequired: true }), 200);
    expect(on.body.policy).toEqual({ autoJoin: "off", ssoRequired: true });
    expect((await server.client().post("/api/sso/check", { email: `Pam@${domain}` })).body).toEqual({
      sso: true,
      required: true,
    });
    expect((await server.client().post("/api/sso/check", { email: outsider.user.email })).body).toEqual({
      sso: false,
      required: false,
    });
  });

  async function pamSignIn(password: string) {
    return (await server.client().post("/api/auth/sign-in/email", { email: pam.user.email, password })).status;
  }

  it("refuses every password call for an address of the domain, known or not", async () => {
    const refusedWith = async (path: string, body: unknown, client = server.client()) => {
      const res = await client.post(path, body);
      expect(res.status, path).toBe(403);
      expect(res.body.code, path).toBe("SSO_REQUIRED");
    };
    await refusedWith("/api/auth/sign-in/email", { email: pam.user.email, password: pam.password });
    await refusedWith("/api/auth/sign-in/email", { email: pam.user.email.toUpperCase(), password: "wrong one 123" });
    await refusedWith("/api/auth/sign-in/email", { email: `nobody@${domain}`, password: "wrong one 123" });
    await refusedWith("/api/auth/sign-up/email", { email: `newbie@${domain}`, password: "newbie pass 123", name: "N" });
    const since = server.mail.messages.length;
    await refusedWith("/api/auth/request-password-reset", { email: pam.user.email, redirectTo: "/reset" });
    await refusedWith("/api/auth/forget-password", { email: pam.user.email, redirectTo: "/reset" });
    await refusedWith("/api/auth/reset-password", { token: resetToken, newPassword: "taken over 12345" });
    // Pam's session from before stays (docs/sso.md), but it cannot change her password.
    expect((await pam.client.get("/api/auth/get-session")).body.user.id).toBe(pam.user.id);
    await refusedWith(
      "/api/auth/change-password",
      { currentPassword: pam.password, newPassword: "changed pass 123" },
      pam.client,
    );
    expect(
      await server.running.database.db
        .selectFrom("user")
        .select("id")
        .where("email", "=", `newbie@${domain}`)
        .execute(),
    ).toEqual([]);
    expect(server.mail.messages.slice(since).filter((m) => m.to.includes(pam.user.email))).toEqual([]);
    // Other addresses are not concerned.
    const other = await server.client().post("/api/auth/sign-in/email", {
      email: outsider.user.email,
      password: outsider.password,
    });
    expect(other.status).toBe(200);
  });

  it("refuses social sign-in and adding a password for the domain", async () => {
    const { user, back } = await withGitlab("gl-olga", `olga@${domain}`);
    expect(user).toBeUndefined();
    expect(redirectError(back)).toBe("SSO_REQUIRED");
    // Her session from before the policy stays, but she cannot add a password with it.
    expect((await olgaClient.get("/api/auth/get-session")).body?.user?.email).toBe(`olga@${domain}`);
    const set = await olgaClient.post("/api/account/set-password", { newPassword: "olga pass 12345" });
    expect([set.status, set.body.code]).toEqual([403, "SSO_REQUIRED"]);
  });

  it("the identity provider still signs the domain in, and a site admin of the domain keeps the password", async () => {
    idp.signInAs({ sub: "idp-pam", email: pam.user.email, emailVerified: true, name: "Pam" });
    const client = server.client();
    const start = expectStatus(await client.post("/api/sso/sign-in", { email: pam.user.email, callbackURL: "/" }), 200);
    const back = await followProviderRedirect(client, start.body.url);
    expect(redirectError(back)).toBeNull();
    expect((await client.get("/api/auth/get-session")).body?.user?.id).toBe(pam.user.id);
    // A signed-in SSO session cannot set a password either.
    const set = await client.post("/api/account/set-password", { newPassword: "sso user pass 123" });
    expect([set.status, set.body.code]).toEqual([403, "SSO_REQUIRED"]);

    const admin = await server
      .client()
      .post("/api/auth/sign-in/email", { email: root.user.email, password: root.password });
    expect(admin.status).toBe(200);
  });

  it("turning the connection off brings passwords back; changes are audited", async () => {
    expectStatus(await a.owner.client.request("PUT", `${ssoBase(a.organization.id)}/enabled`, { enabled: false }), 200);
    expect(await pamSignIn(pam.password)).toBe(200);
    expectStatus(await a.owner.client.request("PUT", `${ssoBase(a.organization.id)}/enabled`, { enabled: true }), 200);
    expect(await pamSignIn(pam.password)).toBe(403);
    expectStatus(await policy({ ssoRequired: false }), 200);
    expect(await pamSignIn(pam.password)).toBe(200);

    const res = expectStatus(
      await a.owner.client.get("/api/audit", { organizationId: a.organization.id, pageSize: "100" }),
      200,
    );
    const events = (res.body.events as { action: string; detail: { to?: string } | null }[])
      .filter((e) => e.action === "sso.auto_join_changed" || e.action.startsWith("sso.required_"))
      .map((e) => `${e.action} ${e.detail?.to ?? ""}`.trim());
    expect(events.sort()).toEqual(
      [
        "sso.auto_join_changed invite",
        "sso.auto_join_changed member",
        "sso.auto_join_changed off",
        "sso.required_enabled",
        "sso.required_disabled",
      ].sort(),
    );
  });
});
