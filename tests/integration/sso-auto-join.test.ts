import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../helpers/databases.js";
import { startDnsServer, type TestDnsServer } from "../helpers/dns-server.js";
import { type OidcProvider, socialSignIn, startOidcProvider } from "../helpers/oidc-provider.js";
import { expectStatus, type OrganizationSetup, setupOrganization } from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

// docs/sso.md "What a verified domain does": someone signing in with an account of a social provider whose
// verified e-mail address is in an organization's verified domain joins that organization as a member
// (the engine's SSO plugin). Only a verified domain, only that organization, never an unverified address.

const ssoBase = (organizationId: string) => `/api/organizations/${organizationId}/sso`;

describe.each(databaseKinds)("joining by verified domain on %s", (kind) => {
  let dns: TestDnsServer;
  let gitlab: OidcProvider;
  let server: TestServer;
  let a: OrganizationSetup;
  let b: OrganizationSetup;
  const stamp = Date.now().toString(36);
  const verified = `verified-${stamp}.example`;
  const pending = `pending-${stamp}.example`;

  beforeAll(async () => {
    dns = await startDnsServer();
    gitlab = await startOidcProvider({
      clientId: "gitlab-app",
      clientSecret: "gitlab-secret",
      endpoints: { authorize: "/oauth/authorize", token: "/oauth/token", userinfo: "/api/v4/user" },
      profile: (u) => ({ id: u.sub.length * 7919 + u.sub.charCodeAt(3), username: u.sub, state: "active" }),
    });
    server = await startTestServer(kind, {
      env: {
        DNS_SERVERS: dns.address,
        GITLAB_CLIENT_ID: gitlab.clientId,
        GITLAB_CLIENT_SECRET: gitlab.clientSecret,
        GITLAB_ISSUER: gitlab.origin,
      },
    });
    a = await setupOrganization(server, "joina");
    b = await setupOrganization(server, "joinb");
    // A verifies its domain; B only claims its own.
    const claim = expectStatus(
      await a.owner.client.post(`${ssoBase(a.organization.id)}/domain`, { domain: verified }),
      201,
    );
    dns.setTxt(claim.body.domain.record.name, [claim.body.domain.record.value]);
    expectStatus(await a.owner.client.post(`${ssoBase(a.organization.id)}/domain/verify`), 200);
    // A new setup lets nobody join until the owner chooses (sso-policy.test.ts); A chooses "member".
    expectStatus(
      await a.owner.client.request("PUT", `${ssoBase(a.organization.id)}/policy`, { autoJoin: "member" }),
      200,
    );
    expectStatus(await b.owner.client.post(`${ssoBase(b.organization.id)}/domain`, { domain: pending }), 201);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await gitlab?.close();
    await dns?.close();
  });

  const membershipsOf = (userId: string) =>
    server.running.database.db
      .selectFrom("member")
      .select(["organizationId", "role"])
      .where("userId", "=", userId)
      .execute();

  async function signInWithGitlab(sub: string, email: string, emailVerified: boolean) {
    gitlab.signInAs({ sub, email, emailVerified, name: sub });
    const client = server.client();
    await socialSignIn(client, "gitlab");
    const session = (await client.get("/api/auth/get-session")).body;
    return session?.user as { id: string } | undefined;
  }

  it("a verified address of the verified domain joins that organization as a member, and only it", async () => {
    const user = await signInWithGitlab("gl-vera", `vera@${verified}`, true);
    expect(user).toBeTruthy();
    expect(await membershipsOf(user!.id)).toEqual([{ organizationId: a.organization.id, role: "member" }]);
  });

  it("an address of a domain that is only claimed joins nothing", async () => {
    const user = await signInWithGitlab("gl-pete", `pete@${pending}`, true);
    expect(user).toBeTruthy();
    expect(await membershipsOf(user!.id)).toEqual([]);
  });

  it("an address the provider does not vouch for joins nothing", async () => {
    // No session (REQUIRE_EMAIL_VERIFICATION), and the account it may have made belongs to no organization.
    expect(await signInWithGitlab("gl-una", `una@${verified}`, false)).toBeUndefined();
    const rows = await server.running.database.db
      .selectFrom("user")
      .innerJoin("member", "member.userId", "user.id")
      .select("member.organizationId")
      .where("user.email", "=", `una@${verified}`)
      .execute();
    expect(rows).toEqual([]);
  });

  it("once the domain is removed, nobody joins through it", async () => {
    expectStatus(await a.owner.client.request("DELETE", `${ssoBase(a.organization.id)}/domain`), 200);
    const user = await signInWithGitlab("gl-rémi", `remi@${verified}`, true);
    expect(user).toBeTruthy();
    expect(await membershipsOf(user!.id)).toEqual([]);
  });
});
