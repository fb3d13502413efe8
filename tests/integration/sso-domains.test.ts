import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateSsoDomains } from "../../src/server/db/sso-domains-migration.js";
import { databaseKinds } from "../helpers/databases.js";
import { startDnsServer, type TestDnsServer } from "../helpers/dns-server.js";
import { expectStatus, type OrganizationSetup, setupOrganization } from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

// docs/sso.md "Verified domains": an owner claims a domain, publishes the TXT record Tessera shows, and
// Tessera checks it through the DNS servers of DNS_SERVERS (here a real DNS server on 127.0.0.1).

const ssoBase = (organizationId: string) => `/api/organizations/${organizationId}/sso`;

describe.each(databaseKinds)("verified domains on %s", (kind) => {
  let dns: TestDnsServer;
  let server: TestServer;
  let a: OrganizationSetup;
  let b: OrganizationSetup;
  const domain = `acme-${Date.now().toString(36)}.example`;

  beforeAll(async () => {
    dns = await startDnsServer();
    server = await startTestServer(kind, { env: { DNS_SERVERS: dns.address } });
    a = await setupOrganization(server, "ssoa");
    b = await setupOrganization(server, "ssob");
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await dns?.close();
  });

  it("has no domain at first; members and outsiders may not look", async () => {
    const res = expectStatus(await a.owner.client.get(ssoBase(a.organization.id)), 200);
    // A new setup: nobody joins by domain until the owner chooses; passwords allowed.
    expect(res.body).toEqual({
      domains: [],
      domain: null,
      connection: null,
      redirectUrl: null,
      policy: { autoJoin: "off", ssoRequired: false },
    });
    expect((await a.member.client.get(ssoBase(a.organization.id))).body.code).toBe("FORBIDDEN");
    expectStatus(await b.owner.client.get(ssoBase(a.organization.id)), 403);
    expectStatus(await b.owner.client.post(`${ssoBase(a.organization.id)}/domain`, { domain }), 403);
    expectStatus(await server.client().get(ssoBase(a.organization.id)), 401);
  });

  it("refuses what is not a domain", async () => {
    for (const bad of ["", "localhost", "not a domain", "127.0.0.1", "-x.example", "a..example", 42]) {
      const res = expectStatus(await a.owner.client.post(`${ssoBase(a.organization.id)}/domain`, { domain: bad }), 400);
      expect(res.body.code).toBe("SSO_DOMAIN_INVALID");
    }
  });

  it("claims, is refused until the TXT record is there, then verifies", async () => {
    const claimed = expectStatus(
      await a.admin.client.post(`${ssoBase(a.organization.id)}/domain`, { domain: ` ${domain.toUpperCase()}. ` }),
      201,
    );
    expect(claimed.body.domain.name).toBe(domain);
    expect(claimed.body.domain.verified).toBe(false);
    const record = claimed.body.domain.record;
    expect(record.type).toBe("TXT");
    expect(record.name).toBe(`_tessera-org-${a.organization.id}.${domain}`);
    expect(record.value).toMatch(new RegExp(`^_tessera-org-${a.organization.id}=[A-Za-z0-9_-]{24}$`));
    // The same record while it lives.
    const again = expectStatus(await a.owner.client.get(ssoBase(a.organization.id)), 200);
    expect(again.body.domain.record).toEqual(record);
    const exists = await a.owner.client.post(`${ssoBase(a.organization.id)}/domains`, { domain });
    expect(expectStatus(exists, 409).body.code).toBe("SSO_DOMAIN_EXISTS");

    // Nothing published: 422, and the DNS server was asked.
    const before = dns.asked.length;
    const missing = expectStatus(await a.owner.client.post(`${ssoBase(a.organization.id)}/domain/verify`), 422);
    expect(missing.body.code).toBe("SSO_DOMAIN_RECORD_NOT_FOUND");
    expect(dns.asked.slice(before)).toContain(record.name.toLowerCase());
    // A wrong value is no proof either.
    dns.setTxt(record.name, [`${record.value.split("=")[0]}=wrong`]);
    expectStatus(await a.owner.client.post(`${ssoBase(a.organization.id)}/domain/verify`), 422);
    // Another organization claiming it does not see A's proof, and A's record does not verify B.
    const bClaim = expectStatus(await b.owner.client.post(`${ssoBase(b.organization.id)}/domain`, { domain }), 201);
    expect(bClaim.body.domain.record.name).not.toBe(record.name);

    dns.setTxt(record.name, ["v=spf1 -all", record.value]);
    const verified = expectStatus(await a.owner.client.post(`${ssoBase(a.organization.id)}/domain/verify`), 200);
    expect(verified.body.domain).toEqual({ name: domain, verified: true, record: null });
    const twice = expectStatus(await a.owner.client.post(`${ssoBase(a.organization.id)}/domain/verify`), 409);
    expect(twice.body.code).toBe("SSO_DOMAIN_ALREADY_VERIFIED");
  });

  it("a domain verified by one organization cannot be verified or claimed by another", async () => {
    // B's pending claim, even with B's own record published.
    const state = expectStatus(await b.owner.client.get(ssoBase(b.organization.id)), 200);
    dns.setTxt(state.body.domain.record.name, [state.body.domain.record.value]);
    const taken = expectStatus(await b.owner.client.post(`${ssoBase(b.organization.id)}/domain/verify`), 409);
    expect(taken.body.code).toBe("SSO_DOMAIN_TAKEN");
    expectStatus(await b.owner.client.request("DELETE", `${ssoBase(b.organization.id)}/domain`), 200);
    const claim = expectStatus(await b.owner.client.post(`${ssoBase(b.organization.id)}/domain`, { domain }), 409);
    expect(claim.body.code).toBe("SSO_DOMAIN_TAKEN");
  });

  it("the engine's own management calls are not reachable over HTTP", async () => {
    const calls = [
      "/api/auth/sso/verify-domain",
      "/api/auth/sso/request-domain-verification",
      "/api/auth/sso/register",
      "/api/auth/sso/update-provider",
      "/api/auth/sso/delete-provider",
    ];
    for (const path of calls) {
      const res = await b.owner.client.post(path, { providerId: `org-${a.organization.id}`, domain });
      expect(res.status, path).toBe(404);
    }
  });

  it("is audited, and removing the domain ends it", async () => {
    expectStatus(await a.owner.client.request("DELETE", `${ssoBase(a.organization.id)}/domain`), 200);
    expect(expectStatus(await a.owner.client.get(ssoBase(a.organization.id)), 200).body).toEqual({
      domains: [],
      domain: null,
      connection: null,
      redirectUrl: null,
      policy: { autoJoin: "off", ssoRequired: false },
    });
    expect(
      expectStatus(await a.owner.client.request("DELETE", `${ssoBase(a.organization.id)}/domain`), 404).body.code,
    ).toBe("SSO_DOMAIN_NOT_FOUND");
    const res = expectStatus(
      await a.owner.client.get("/api/audit", { organizationId: a.organization.id, pageSize: "100" }),
      200,
    );
    const actions = (res.body.events as { action: string; targetId: string | null }[])
      .filter((e) => e.action.startsWith("sso."))
      .map((e) => `${e.action} ${e.targetId}`);
    expect(actions.sort()).toEqual(
      [
        `sso.domain_added ${domain}`,
        `sso.domain_verification_failed ${domain}`,
        `sso.domain_verification_failed ${domain}`,
        `sso.domain_verified ${domain}`,
        `sso.domain_removed ${domain}`,
      ].sort(),
    );
  });

  it("has several domains, each with its own record, verified and removed on its own, at most 10", async () => {
    const base = `${ssoBase(a.organization.id)}/domains`;
    const second = `second-${domain}`;
    const third = `third-${domain}`;
    const first = expectStatus(await a.owner.client.post(base, { domain }), 201);
    dns.setTxt(first.body.domains[0].record.name, [first.body.domains[0].record.value]);
    expectStatus(await a.owner.client.post(`${base}/${domain}/verify`), 200);
    const claimed = expectStatus(await a.owner.client.post(base, { domain: second }), 201);
    expectStatus(await a.owner.client.post(base, { domain: third }), 201);
    const byName = (body: {
      domains: { name: string; verified: boolean; record: { name: string; value: string } }[];
    }) => Object.fromEntries(body.domains.map((d) => [d.name, d]));
    const secondRecord = byName(claimed.body)[second]!.record;
    expect(secondRecord.name).toBe(`_tessera-org-${a.organization.id}.${second}`);
    // Its own token: the first domain's record does not prove the second.
    dns.setTxt(secondRecord.name, [first.body.domains[0].record.value]);
    const missing = expectStatus(await a.owner.client.post(`${base}/${second}/verify`), 422);
    expect(missing.body.code).toBe("SSO_DOMAIN_RECORD_NOT_FOUND");
    dns.setTxt(secondRecord.name, [secondRecord.value]);
    const verified = expectStatus(await a.owner.client.post(`${base}/${second}/verify`), 200);
    expect(verified.body.domains.map((d: { name: string; verified: boolean }) => [d.name, d.verified])).toEqual([
      [domain, true],
      [second, true],
      [third, false],
    ]);
    // The engine's connection row routes only the verified ones.
    const row = await server.running.database.db
      .selectFrom("ssoProvider")
      .select(["domain", "domainVerified"])
      .where("organizationId", "=", a.organization.id)
      .executeTakeFirstOrThrow();
    expect(row.domain).toBe([domain, second].sort().join(","));
    expect(!!row.domainVerified).toBe(true);
    // The single-domain calls need the domain named once there are several.
    expect(
      expectStatus(await a.owner.client.request("DELETE", `${ssoBase(a.organization.id)}/domain`), 400).body.code,
    ).toBe("SSO_DOMAIN_INVALID");
    expect(expectStatus(await a.owner.client.post(`${base}/nowhere.example/verify`), 404).body.code).toBe(
      "SSO_DOMAIN_NOT_FOUND",
    );
    // Up to ten.
    for (let i = 3; i < 10; i++) expectStatus(await a.owner.client.post(base, { domain: `d${i}-${domain}` }), 201);
    const full = expectStatus(await a.owner.client.post(base, { domain: `d10-${domain}` }), 409);
    expect(full.body.code).toBe("SSO_DOMAIN_LIMIT");
    // Removing one leaves the others as they were.
    const removed = expectStatus(await a.owner.client.request("DELETE", `${base}/${domain}`), 200);
    expect(byName(removed.body)[second]?.verified).toBe(true);
    expect(byName(removed.body)[domain]).toBeUndefined();
    const after = await server.running.database.db
      .selectFrom("ssoProvider")
      .select("domain")
      .where("organizationId", "=", a.organization.id)
      .executeTakeFirstOrThrow();
    expect(after.domain).toBe(second);
    // B may now claim the removed one; the second stays A's.
    expectStatus(await b.owner.client.post(`${ssoBase(b.organization.id)}/domains`, { domain }), 201);
    expect((await b.owner.client.post(`${ssoBase(b.organization.id)}/domains`, { domain: second })).body.code).toBe(
      "SSO_DOMAIN_TAKEN",
    );
    for (const d of removed.body.domains as { name: string }[]) {
      expectStatus(await a.owner.client.request("DELETE", `${base}/${d.name}`), 200);
    }
    expectStatus(await b.owner.client.request("DELETE", `${ssoBase(b.organization.id)}/domains/${domain}`), 200);
  });

  it("moves a domain set up before several were possible into its own row, its pending record still valid", async () => {
    const db = server.running.database.db;
    const c = await setupOrganization(server, "ssoc");
    const legacyVerified = `legacy-${domain}`;
    const legacyPending = `legacy-pending-${domain}`;
    // As the single-domain version stored them: the domain on the connection row, the token per row.
    const legacyRow = (organizationId: string, d: string, verified: boolean) => ({
      id: `legacy-${organizationId}`,
      providerId: `org-${organizationId}`,
      issuer: "",
      domain: d,
      domainVerified: kind === "postgres" ? verified : verified ? 1 : 0,
      organizationId,
      userId: c.owner.user.id,
    });
    await db
      .insertInto("ssoProvider")
      .values(legacyRow(c.organization.id, legacyVerified, true))
      .execute();
    await db
      .insertInto("ssoProvider")
      .values(legacyRow(b.organization.id, legacyPending, false))
      .execute();
    const pending = expectStatus(await b.owner.client.get(ssoBase(b.organization.id)), 200);
    expect(pending.body.domains).toEqual([]);
    const legacyToken = "LegacyToken0123456789abc";
    const now = new Date();
    await db
      .insertInto("verification")
      .values({
        id: `legacy-token-${b.organization.id}`,
        identifier: `_tessera-org-${b.organization.id}`,
        value: legacyToken,
        expiresAt:
          kind === "postgres" ? new Date(Date.now() + 86_400_000) : new Date(Date.now() + 86_400_000).toISOString(),
        createdAt: kind === "postgres" ? now : now.toISOString(),
        updatedAt: kind === "postgres" ? now : now.toISOString(),
      })
      .execute();

    await migrateSsoDomains(db, kind);
    await migrateSsoDomains(db, kind); // once more: nothing changes

    const moved = expectStatus(await c.owner.client.get(ssoBase(c.organization.id)), 200);
    expect(moved.body.domains).toEqual([{ name: legacyVerified, verified: true, record: null }]);
    const waiting = expectStatus(await b.owner.client.get(ssoBase(b.organization.id)), 200);
    expect(waiting.body.domains).toHaveLength(1);
    expect(waiting.body.domains[0].record.value).toBe(`_tessera-org-${b.organization.id}=${legacyToken}`);
    dns.setTxt(waiting.body.domains[0].record.name, [legacyToken]);
    expectStatus(await b.owner.client.post(`${ssoBase(b.organization.id)}/domains/${legacyPending}/verify`), 200);
    // One organization per verified domain, now kept by the database too.
    await expect(
      db
        .insertInto("ssoDomain")
        .values({
          id: "second-owner",
          organizationId: a.organization.id,
          domain: legacyVerified,
          verified: kind === "postgres" ? true : 1,
        })
        .execute(),
    ).rejects.toThrow();
    expectStatus(await c.owner.client.request("DELETE", `${ssoBase(c.organization.id)}/domain`), 200);
    expectStatus(await b.owner.client.request("DELETE", `${ssoBase(b.organization.id)}/domain`), 200);
  });

  it("deleting the organization frees its verified domain", async () => {
    const owner = a.owner.client;
    const state = expectStatus(await owner.post(`${ssoBase(a.organization.id)}/domain`, { domain }), 201);
    dns.setTxt(state.body.domain.record.name, [state.body.domain.record.value]);
    expectStatus(await owner.post(`${ssoBase(a.organization.id)}/domain/verify`), 200);
    expect((await b.owner.client.post(`${ssoBase(b.organization.id)}/domain`, { domain })).body.code).toBe(
      "SSO_DOMAIN_TAKEN",
    );
    expectStatus(await owner.post("/api/auth/organization/delete", { organizationId: a.organization.id }), 200);
    expectStatus(await b.owner.client.post(`${ssoBase(b.organization.id)}/domain`, { domain }), 201);
  });
});
