import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "../helpers/client.js";
import { databaseKinds } from "../helpers/databases.js";
import { startDnsServer, type TestDnsServer } from "../helpers/dns-server.js";
import { followProviderRedirect, type OidcProvider, startOidcProvider } from "../helpers/oidc-provider.js";
import { expectStatus, type OrganizationSetup, setupOrganization, signUpPerson } from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

// docs/sso.md "OpenID Connect": an organization's own identity provider (the real OpenID provider the social
// tests use), its verified domain routing the sign-in, and the organization joined — never another one.

const ssoBase = (organizationId: string) => `/api/organizations/${organizationId}/sso`;

describe.each(databaseKinds)("SSO through an organization's OpenID provider on %s", (kind) => {
  let dns: TestDnsServer;
  let idp: OidcProvider;
  let server: TestServer;
  let a: OrganizationSetup;
  let b: OrganizationSetup;
  const stamp = Date.now().toString(36);
  const domainA = `a-${stamp}.example`;
  const domainB = `b-${stamp}.example`;

  async function verifyDomain(org: OrganizationSetup, domain: string) {
    const claim = expectStatus(await org.owner.client.post(`${ssoBase(org.organization.id)}/domain`, { domain }), 201);
    dns.setTxt(claim.body.domain.record.name, [claim.body.domain.record.value]);
    expectStatus(await org.owner.client.post(`${ssoBase(org.organization.id)}/domain/verify`), 200);
  }
  const connect = (org: OrganizationSetup) =>
    org.owner.client.request("PUT", `${ssoBase(org.organization.id)}/oidc`, {
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
    });
  const turn = (org: OrganizationSetup, enabled: boolean) =>
    org.owner.client.request("PUT", `${ssoBase(org.organization.id)}/enabled`, { enabled });

  /** "Continue with SSO" for an address, through the provider, back to Tessera: the final redirect. */
  async function ssoSignIn(client: TestClient, email: string, tamper?: (back: URL) => void) {
    const start = expectStatus(await client.post("/api/sso/sign-in", { email, callbackURL: "/dashboard" }), 200);
    return followProviderRedirect(client, start.body.url, tamper);
  }
  const membershipsOf = (email: string) =>
    server.running.database.db
      .selectFrom("member")
      .innerJoin("user", "user.id", "member.userId")
      .select(["member.organizationId", "member.role"])
      .where("user.email", "=", email)
      .execute();

  beforeAll(async () => {
    dns = await startDnsServer();
    idp = await startOidcProvider({ clientId: "acme-tessera", clientSecret: "acme-secret" });
    server = await startTestServer(kind, {
      // The provider listens on 127.0.0.1: an internal identity provider is allowed by TRUSTED_ORIGINS.
      env: { DNS_SERVERS: dns.address, TRUSTED_ORIGINS: idp.origin },
    });
    a = await setupOrganization(server, "oidca");
    b = await setupOrganization(server, "oidcb");
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await idp?.close();
    await dns?.close();
  });

  it("needs a domain, and a verified one before it can be turned on", async () => {
    expect(expectStatus(await connect(a), 404).body.code).toBe("SSO_DOMAIN_NOT_FOUND");
    expectStatus(await a.owner.client.post(`${ssoBase(a.organization.id)}/domain`, { domain: domainA }), 201);
    const bad = await a.owner.client.request("PUT", `${ssoBase(a.organization.id)}/oidc`, {
      issuer: "not a url",
      clientId: "x",
      clientSecret: "y",
    });
    expect(expectStatus(bad, 400).body.code).toBe("SSO_CONNECTION_INVALID");
    expect(expectStatus(await turn(a, true), 409).body.code).toBe("SSO_CONNECTION_NOT_CONFIGURED");
    const nowhere = await a.owner.client.request("PUT", `${ssoBase(a.organization.id)}/oidc`, {
      issuer: `${idp.origin}/nothing-here`,
      clientId: "x",
      clientSecret: "y",
    });
    expect(expectStatus(nowhere, 422).body.code).toBe("SSO_DISCOVERY_FAILED");
    const saved = expectStatus(await connect(a), 200);
    expect(saved.body.connection).toEqual({
      type: "oidc",
      issuer: idp.issuer,
      clientId: idp.clientId,
      enabled: false,
      redirectUrl: `${server.url}/api/auth/sso/callback/org-${a.organization.id}`,
    });
    expect(JSON.stringify(saved.body)).not.toContain(idp.clientSecret);
    expect(expectStatus(await turn(a, true), 409).body.code).toBe("SSO_DOMAIN_NOT_VERIFIED");
    expect(
      expectStatus(
        await a.member.client.request("PUT", `${ssoBase(a.organization.id)}/enabled`, { enabled: true }),
        403,
      ).body.code,
    ).toBe("FORBIDDEN");
  });

  it("tests the connection from the settings screen", async () => {
    const res = expectStatus(await a.owner.client.post(`${ssoBase(a.organization.id)}/oidc/test`), 200);
    expect(res.body).toMatchObject({ ok: true, issuer: idp.issuer });
    expect(res.body.authorizationEndpoint).toContain(idp.origin);
  });

  it("routes nobody before the domain is verified and the connection on", async () => {
    expect((await server.client().post("/api/sso/check", { email: `ann@${domainA}` })).body).toEqual({
      sso: false,
      required: false,
    });
    const res = await server.client().post("/api/sso/sign-in", { email: `ann@${domainA}` });
    expect(expectStatus(res, 404).body.code).toBe("SSO_NOT_AVAILABLE");
    // The engine's own entry (which routes by domain or organization slug) is closed.
    const direct = await server.client().post("/api/auth/sign-in/sso", { email: `ann@${domainA}`, callbackURL: "/" });
    expect(direct.status).toBe(404);
  });

  it("signs a domain user in and makes them a member of that organization only", async () => {
    const claim = expectStatus(await a.owner.client.get(ssoBase(a.organization.id)), 200).body.domain.record;
    dns.setTxt(claim.name, [claim.value]);
    expectStatus(await a.owner.client.post(`${ssoBase(a.organization.id)}/domain/verify`), 200);
    expect(expectStatus(await turn(a, true), 200).body.connection.enabled).toBe(true);
    expect((await server.client().post("/api/sso/check", { email: `Ann@${domainA.toUpperCase()}` })).body).toEqual({
      sso: true,
      required: false,
    });
    expect((await server.client().post("/api/sso/check", { email: "ann@elsewhere.example" })).body).toEqual({
      sso: false,
      required: false,
    });

    idp.signInAs({ sub: "ann-1", email: `ann@${domainA}`, emailVerified: true, name: "Ann" });
    const client = server.client();
    const start = expectStatus(
      await client.post("/api/sso/sign-in", { email: `ann@${domainA}`, callbackURL: "/dashboard" }),
      200,
    );
    const authorize = new URL(start.body.url);
    expect(`${authorize.origin}`).toBe(idp.origin);
    expect(authorize.searchParams.get("client_id")).toBe(idp.clientId);
    expect(authorize.searchParams.get("login_hint")).toBe(`ann@${domainA}`);
    expect(authorize.searchParams.get("code_challenge")).toBeTruthy();
    const back = await followProviderRedirect(client, start.body.url);
    expect(back.location).toBe("/dashboard");
    const session = (await client.get("/api/auth/get-session")).body;
    expect(session.user.email).toBe(`ann@${domainA}`);
    // Vouched for by the organization's provider on its verified domain: verified, and no mail sent.
    expect(session.user.emailVerified).toBe(true);
    expect(server.mail.messages.filter((m) => JSON.stringify(m).includes(`ann@${domainA}`))).toEqual([]);
    expect(await membershipsOf(`ann@${domainA}`)).toEqual([{ organizationId: a.organization.id, role: "member" }]);

    // Again: the same account, still one membership.
    const again = server.client();
    expect((await ssoSignIn(again, `ann@${domainA}`)).location).toBe("/dashboard");
    expect((await again.get("/api/auth/get-session")).body.user.id).toBe(session.user.id);
    expect(await membershipsOf(`ann@${domainA}`)).toHaveLength(1);

    // A callback URL that leaves the site is not kept: the person lands on the app's own start page.
    for (const callbackURL of ["//evil.example/x", "/\\evil.example", "https://evil.example/", "/..//evil.example"]) {
      const away = server.client();
      const begun = expectStatus(await away.post("/api/sso/sign-in", { email: `ann@${domainA}`, callbackURL }), 200);
      const landed = await followProviderRedirect(away, begun.body.url);
      expect(new URL(landed.location ?? "", server.url).origin, callbackURL).toBe(server.url);
    }
    // And B's data stays closed to her.
    expectStatus(await again.get(`${ssoBase(b.organization.id)}`), 403);
  });

  it("a second organization on the same identity provider cannot take in the first one's people", async () => {
    await verifyDomain(b, domainB);
    expectStatus(await connect(b), 200);
    expectStatus(await turn(b, true), 200);
    // The shared provider says "ann@domainA" through B's connection: refused, no account touched.
    idp.signInAs({ sub: "ann-1", email: `ann@${domainA}`, emailVerified: true, name: "Ann" });
    const client = server.client();
    const back = await ssoSignIn(client, `bea@${domainB}`);
    // The engine refuses to link Ann's account to B's provider (it does not vouch for her domain).
    expect(new URL(back.location!, server.url).searchParams.get("error")).toBe("account not linked");
    expect((await client.get("/api/auth/get-session")).body).toBeNull();
    expect(await membershipsOf(`ann@${domainA}`)).toEqual([{ organizationId: a.organization.id, role: "member" }]);
    // Someone new with an address outside B's domain gets no account either.
    idp.signInAs({ sub: "zed-1", email: "zed@elsewhere.example", emailVerified: true });
    const other = await ssoSignIn(server.client(), `bea@${domainB}`);
    expect(new URL(other.location!, server.url).searchParams.get("error")).toBe("SSO_EMAIL_DOMAIN_MISMATCH");
    const zed = await server.running.database.db
      .selectFrom("user")
      .select("id")
      .where("email", "=", "zed@elsewhere.example")
      .execute();
    expect(zed).toEqual([]);
  });

  it("a flow started for one organization cannot finish at another's callback", async () => {
    idp.signInAs({ sub: "cy-1", email: `cy@${domainA}`, emailVerified: true });
    const client = server.client();
    const back = await ssoSignIn(client, `cy@${domainA}`, (url) => {
      url.pathname = url.pathname.replace(`org-${a.organization.id}`, `org-${b.organization.id}`);
    });
    expect(new URL(back.location!, server.url).searchParams.get("error")).toBeTruthy();
    expect((await client.get("/api/auth/get-session")).body).toBeNull();
    expect(await membershipsOf(`cy@${domainA}`)).toEqual([]);
  });

  it("an existing member of another organization joins only the one whose connection they used", async () => {
    const dora = await signUpPerson(server, "dora", "Dora");
    // Dora is in B already (password account, another address); Ann signs in through A again.
    expect(dora.user.email).not.toContain(domainA);
    idp.signInAs({ sub: "ann-1", email: `ann@${domainA}`, emailVerified: true });
    await ssoSignIn(server.client(), `ann@${domainA}`);
    expect((await membershipsOf(`ann@${domainA}`)).map((m) => m.organizationId)).toEqual([a.organization.id]);
  });

  it("a second verified domain signs in through the same connection; a claimed one routes nothing", async () => {
    const second = `second-${domainA}`;
    const claimed = `claimed-${domainA}`;
    const base = `${ssoBase(a.organization.id)}/domains`;
    const added = expectStatus(await a.owner.client.post(base, { domain: second }), 201);
    const record = (added.body.domains as { name: string; record: { name: string; value: string } }[]).find(
      (d) => d.name === second,
    )!.record;
    dns.setTxt(record.name, [record.value]);
    expectStatus(await a.owner.client.post(`${base}/${second}/verify`), 200);
    expectStatus(await a.owner.client.post(base, { domain: claimed }), 201);
    expect((await server.client().post("/api/sso/check", { email: `fay@${claimed}` })).body.sso).toBe(false);
    expect(
      expectStatus(await server.client().post("/api/sso/sign-in", { email: `fay@${claimed}` }), 404).body.code,
    ).toBe("SSO_NOT_AVAILABLE");

    idp.signInAs({ sub: "gus-1", email: `gus@${second}`, emailVerified: true, name: "Gus" });
    const client = server.client();
    const back = await ssoSignIn(client, `gus@${second}`);
    expect(new URL(back.location!, server.url).searchParams.get("error")).toBeNull();
    expect((await client.get("/api/auth/get-session")).body?.user?.email).toBe(`gus@${second}`);
    expect(await membershipsOf(`gus@${second}`)).toEqual([{ organizationId: a.organization.id, role: "member" }]);

    // The provider answering with an address of the claimed (unverified) domain: no account, no session.
    idp.signInAs({ sub: "fay-1", email: `fay@${claimed}`, emailVerified: true, name: "Fay" });
    const fay = server.client();
    const refused = await ssoSignIn(fay, `gus@${second}`);
    expect(new URL(refused.location!, server.url).searchParams.get("error")).toBe("SSO_EMAIL_DOMAIN_MISMATCH");
    expect((await fay.get("/api/auth/get-session")).body).toBeNull();
    expect(await membershipsOf(`fay@${claimed}`)).toEqual([]);
    expectStatus(await a.owner.client.request("DELETE", `${base}/${claimed}`), 200);
  });

  it("turned off, it routes nobody, and a flow already under way is refused at the callback", async () => {
    idp.signInAs({ sub: "eli-1", email: `eli@${domainA}`, emailVerified: true });
    const client = server.client();
    const start = expectStatus(await client.post("/api/sso/sign-in", { email: `eli@${domainA}` }), 200);
    expect(expectStatus(await turn(a, false), 200).body.connection.enabled).toBe(false);
    const back = await followProviderRedirect(client, start.body.url);
    expect(back.location).toContain("/api/auth/error?error=SSO_NOT_AVAILABLE");
    expect((await client.get("/api/auth/get-session")).body).toBeNull();
    expect(await membershipsOf(`eli@${domainA}`)).toEqual([]);
    expect((await server.client().post("/api/sso/check", { email: `eli@${domainA}` })).body).toEqual({
      sso: false,
      required: false,
    });
  });

  it("is audited", async () => {
    const res = expectStatus(
      await a.owner.client.get("/api/audit", { organizationId: a.organization.id, pageSize: "100" }),
      200,
    );
    const actions = (res.body.events as { action: string }[])
      .map((e) => e.action)
      .filter((x) => x.startsWith("sso.connection"));
    expect(new Set(actions)).toEqual(
      new Set(["sso.connection_saved", "sso.connection_tested", "sso.connection_enabled", "sso.connection_disabled"]),
    );
  });
});
