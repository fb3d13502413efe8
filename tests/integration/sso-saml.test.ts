// Long, one subject: SAML sign-in, its refusals and isolation, sharing one IdP and server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Reply, TestClient } from "../helpers/client.js";
import { databaseKinds } from "../helpers/databases.js";
import { startDnsServer, type TestDnsServer } from "../helpers/dns-server.js";
import { expectStatus, type OrganizationSetup, setupOrganization } from "../helpers/org-fixtures.js";
import { type Answer, makeKeyPair, type PostedForm, type SamlIdp, startSamlIdp } from "../helpers/saml-idp.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

// docs/sso.md "SAML": an organization's SAML 2.0 identity provider (a real one, built with samlify, over
// HTTP), its verified domain routing the sign-in, and the checks every response must pass: signed
// assertion, audience, recipient, time, one use, an answer to our own request — and never another
// organization.

const ssoBase = (organizationId: string) => `/api/organizations/${organizationId}/sso`;
const SIGNATURE = /<ds:Signature[\s\S]*?<\/ds:Signature>/g;
const ASSERTION = /<saml:Assertion[\s\S]*<\/saml:Assertion>/;

/** An unsigned copy of the response's assertion that names someone else (the attacker's assertion). */
function evilAssertion(xml: string, victim: string, id = "_evil") {
  const signed = ASSERTION.exec(xml)?.[0];
  if (!signed) throw new Error("no assertion");
  return signed
    .replace(SIGNATURE, "")
    .replace(/ ID="[^"]+"/, ` ID="${id}"`)
    .replace(/(<saml:NameID[^>]*>)[^<]*/, `$1${victim}`)
    .replace(/(<saml:AttributeValue[^>]*>)[^<]*/, `$1${victim}`);
}

describe.each(databaseKinds)("SSO through an organization's SAML identity provider on %s", (kind) => {
  let dns: TestDnsServer;
  let idp: SamlIdp;
  let server: TestServer;
  let a: OrganizationSetup;
  let b: OrganizationSetup;
  const stamp = Date.now().toString(36);
  const domainA = `sa-${stamp}.example`;
  const domainB = `sb-${stamp}.example`;

  async function verifyDomain(org: OrganizationSetup, domain: string) {
    const claim = expectStatus(await org.owner.client.post(`${ssoBase(org.organization.id)}/domain`, { domain }), 201);
    dns.setTxt(claim.body.domain.record.name, [claim.body.domain.record.value]);
    expectStatus(await org.owner.client.post(`${ssoBase(org.organization.id)}/domain/verify`), 200);
  }
  const saveSaml = (org: OrganizationSetup, body: Record<string, unknown>) =>
    org.owner.client.request("PUT", `${ssoBase(org.organization.id)}/saml`, body);
  const turn = (org: OrganizationSetup, enabled: boolean) =>
    org.owner.client.request("PUT", `${ssoBase(org.organization.id)}/enabled`, { enabled });
  const acsOf = (org: OrganizationSetup) => `${server.url}/api/auth/sso/saml2/sp/acs/org-${org.organization.id}`;
  const entityOf = (org: OrganizationSetup) =>
    `${server.url}/api/auth/sso/saml2/sp/metadata?providerId=org-${org.organization.id}`;

  /** The IdP's form, posted by the browser (cross-site, from the IdP's page) to the form's action. */
  function post(client: TestClient, form: PostedForm) {
    const fields = new URLSearchParams({ SAMLResponse: form.SAMLResponse });
    if (form.RelayState) fields.set("RelayState", form.RelayState);
    return client.request("POST", form.action, fields.toString(), {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: idp.origin,
    });
  }
  /** "Continue with SSO" → the IdP (answering as told) → its form, not yet posted. */
  async function startAndAnswer(client: TestClient, email: string, answer: Answer = {}) {
    const start = expectStatus(await client.post("/api/sso/sign-in", { email, callbackURL: "/dashboard" }), 200);
    idp.answerNext({ email, ...answer });
    return idp.follow(start.body.url);
  }
  async function samlSignIn(client: TestClient, email: string, answer: Answer = {}) {
    return post(client, await startAndAnswer(client, email, answer));
  }
  /** The app's error page the response ended on, by its code. */
  function errorOf(reply: Reply) {
    expect(reply.status, reply.text).toBe(302);
    const landing = new URL(reply.location ?? "", server.url);
    expect(landing.origin + landing.pathname).toBe(`${server.url}/error`);
    return landing.searchParams.get("error");
  }
  const signedIn = async (client: TestClient) => (await client.get("/api/auth/get-session")).body;
  const membershipsOf = (email: string) =>
    server.running.database.db
      .selectFrom("member")
      .innerJoin("user", "user.id", "member.userId")
      .select(["member.organizationId", "member.role"])
      .where("user.email", "=", email)
      .execute();
  const userExists = async (email: string) =>
    (await server.running.database.db.selectFrom("user").select("id").where("email", "=", email).execute()).length > 0;

  beforeAll(async () => {
    dns = await startDnsServer();
    idp = await startSamlIdp();
    server = await startTestServer(kind, { env: { DNS_SERVERS: dns.address } });
    a = await setupOrganization(server, "samla");
    b = await setupOrganization(server, "samlb");
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await idp?.close();
    await dns?.close();
  });

  it("is set up from the IdP's metadata by an owner, and shows the SP values to copy", async () => {
    expect(expectStatus(await saveSaml(a, { metadata: idp.metadata }), 404).body.code).toBe("SSO_DOMAIN_NOT_FOUND");
    await verifyDomain(a, domainA);
    expect(expectStatus(await saveSaml(a, { metadata: "<nope/>" }), 400).body.code).toBe("SAML_METADATA_INVALID");
    expect(expectStatus(await saveSaml(a, { metadata: "not xml at all" }), 400).body.code).toBe(
      "SAML_METADATA_INVALID",
    );
    expect(expectStatus(await saveSaml(a, {}), 400).body.code).toBe("SAML_CONNECTION_INVALID");
    const badCert = { entityId: idp.entityId, ssoUrl: idp.ssoUrl, certificate: "-----BEGIN CERTIFICATE-----\nAAAA\n" };
    expect(expectStatus(await saveSaml(a, badCert), 400).body.code).toBe("SAML_CERTIFICATE_INVALID");
    expect(
      expectStatus(
        await a.member.client.request("PUT", `${ssoBase(a.organization.id)}/saml`, { metadata: idp.metadata }),
        403,
      ).body.code,
    ).toBe("FORBIDDEN");
    // Before anything is saved, no SAML endpoint answers for the organization.
    expect((await fetch(entityOf(a))).status).toBe(404);

    // The values to give the IdP are shown before anything is saved.
    expect(expectStatus(await a.owner.client.get(ssoBase(a.organization.id)), 200).body.samlSp).toEqual({
      spEntityId: entityOf(a),
      acsUrl: acsOf(a),
      spMetadataUrl: entityOf(a),
    });
    const saved = expectStatus(await saveSaml(a, { metadata: idp.metadata }), 200);
    expect(saved.body.connection).toMatchObject({
      type: "saml",
      enabled: false,
      idpEntityId: idp.entityId,
      ssoUrl: idp.ssoUrl,
      fromMetadata: true,
      spEntityId: entityOf(a),
      acsUrl: acsOf(a),
      spMetadataUrl: entityOf(a),
    });
    expect(saved.body.connection.certificates).toHaveLength(1);
    expect(saved.body.connection.certificates[0]).toMatchObject({ subject: "CN=Test SAML IdP", valid: true });

    // The SP metadata, for the IdP's administrator: Tessera's entity, its ACS, signed assertions wanted.
    const metadata = await fetch(entityOf(a));
    expect(metadata.status).toBe(200);
    const xml = await metadata.text();
    expect(xml).toContain(`entityID="${entityOf(a).replace(/&/g, "&amp;")}"`);
    expect(xml).toContain(`Location="${acsOf(a)}"`);
    expect(xml).toContain('WantAssertionsSigned="true"');
    idp.trust(xml);
  });

  it("tests the connection: the metadata parses and the signing certificate is valid today", async () => {
    const res = expectStatus(await a.owner.client.post(`${ssoBase(a.organization.id)}/saml/test`), 200);
    expect(res.body).toMatchObject({ ok: true, idpEntityId: idp.entityId, ssoUrl: idp.ssoUrl });
    // An expired certificate (entered by hand): saved, but the test says so.
    const old = await makeKeyPair("CN=Old IdP", new Date("2020-01-01"), new Date("2021-01-01"));
    const manual = { entityId: idp.entityId, ssoUrl: idp.ssoUrl, certificate: old.certificate };
    expect(expectStatus(await saveSaml(a, manual), 200).body.connection).toMatchObject({
      fromMetadata: false,
      idpEntityId: idp.entityId,
      certificates: [{ subject: "CN=Old IdP", valid: false, notAfter: "2021-01-01T00:00:00.000Z" }],
    });
    const failed = expectStatus(await a.owner.client.post(`${ssoBase(a.organization.id)}/saml/test`), 422);
    expect(failed.body.code).toBe("SAML_CERTIFICATE_EXPIRED");
    expectStatus(await saveSaml(a, { metadata: idp.metadata }), 200);
  });

  it("routes nobody and accepts no assertion before the connection is on", async () => {
    expect((await server.client().post("/api/sso/check", { email: `ann@${domainA}` })).body).toEqual({
      sso: false,
      required: false,
    });
    // A response posted to the ACS of a connection that is off is not read.
    const form = await idp.respond(entityOf(a), { email: `ann@${domainA}`, inResponseTo: "_x" });
    const client = server.client();
    expect(errorOf(await post(client, form))).toBe("SSO_NOT_AVAILABLE");
    expect(await signedIn(client)).toBeNull();
  });

  it("signs a domain user in (SP-initiated) and makes them a member of that organization only", async () => {
    expect(expectStatus(await turn(a, true), 200).body.connection).toMatchObject({ type: "saml", enabled: true });
    expect((await server.client().post("/api/sso/check", { email: `ann@${domainA}` })).body).toEqual({
      sso: true,
      required: false,
    });
    const client = server.client();
    const start = expectStatus(
      await client.post("/api/sso/sign-in", { email: `ann@${domainA}`, callbackURL: "/dashboard" }),
      200,
    );
    const authn = new URL(start.body.url);
    expect(authn.origin + authn.pathname).toBe(idp.ssoUrl);
    expect(authn.searchParams.get("SAMLRequest")).toBeTruthy();
    idp.answerNext({ email: `ann@${domainA}`, name: "Ann Example" });
    const form = await idp.follow(start.body.url);
    expect(form.action).toBe(acsOf(a));
    const back = await post(client, form);
    expect(back.status, back.text).toBe(302);
    expect(back.location).toBe("/dashboard");
    const session = await signedIn(client);
    expect(session.user.email).toBe(`ann@${domainA}`);
    expect(session.user.emailVerified).toBe(true);
    expect(session.user.name).toBe("Ann Example");
    expect(await membershipsOf(`ann@${domainA}`)).toEqual([{ organizationId: a.organization.id, role: "member" }]);

    // An existing member signs in again: the same account, one membership.
    const again = server.client();
    expect((await samlSignIn(again, `ann@${domainA}`)).location).toBe("/dashboard");
    expect((await signedIn(again)).user.id).toBe(session.user.id);
    expect(await membershipsOf(`ann@${domainA}`)).toHaveLength(1);
    // And B stays closed to her.
    expectStatus(await again.get(ssoBase(b.organization.id)), 403);
  });

  it("an existing password account of the domain is signed in and joins", async () => {
    const dan = await server.signUp(`dan@${domainA}`, { name: "Dan" });
    const client = server.client();
    expect((await samlSignIn(client, `dan@${domainA}`)).location).toBe("/dashboard");
    expect((await signedIn(client)).user.id).toBe(dan.user.id);
    expect(await membershipsOf(`dan@${domainA}`)).toEqual([{ organizationId: a.organization.id, role: "member" }]);
  });

  describe("refuses", () => {
    async function refused(email: string, answer: Answer) {
      const client = server.client();
      const code = errorOf(await samlSignIn(client, email, answer));
      expect(await signedIn(client)).toBeNull();
      expect(await userExists(email)).toBe(false);
      return code;
    }

    it("an assertion without a signature", async () => {
      const tamper = (xml: string) => xml.replace(SIGNATURE, "");
      expect(await refused(`u1@${domainA}`, { tamper })).toBe("SAML_RESPONSE_INVALID");
    });

    it("a response whose assertion is not signed (only the Response is)", async () => {
      expect(await refused(`u2@${domainA}`, { sign: "response" })).toBe("SAML_RESPONSE_INVALID");
    });

    it("an assertion signed with another key", async () => {
      const rogue = await makeKeyPair("CN=Test SAML IdP");
      expect(await refused(`u3@${domainA}`, { signingKey: rogue })).toBe("SAML_RESPONSE_INVALID");
    });

    it("an assertion edited after signing", async () => {
      const tamper = (xml: string) => xml.replace(`u4@${domainA}`, `boss@${domainA}`);
      expect(await refused(`u4@${domainA}`, { tamper })).toBe("SAML_RESPONSE_INVALID");
      expect(await userExists(`boss@${domainA}`)).toBe(false);
    });

    it("an assertion for another audience", async () => {
      expect(await refused(`u5@${domainA}`, { audience: "https://other-sp.example/saml" })).toBe(
        "SAML_RESPONSE_INVALID",
      );
    });

    it("a wrong recipient or destination", async () => {
      expect(await refused(`u6@${domainA}`, { recipient: "https://other-sp.example/acs" })).toBe(
        "SAML_RESPONSE_INVALID",
      );
      expect(await refused(`u7@${domainA}`, { destination: "https://other-sp.example/acs" })).toBe(
        "SAML_RESPONSE_INVALID",
      );
    });

    it("an assertion expired, or not valid yet, beyond the 5-minute clock skew (within it, accepted)", async () => {
      const minutes = (n: number) => new Date(Date.now() + n * 60_000);
      expect(await refused(`u8@${domainA}`, { notBefore: minutes(-20), notOnOrAfter: minutes(-6) })).toBe(
        "SAML_RESPONSE_INVALID",
      );
      expect(await refused(`u9@${domainA}`, { notBefore: minutes(6), notOnOrAfter: minutes(20) })).toBe(
        "SAML_RESPONSE_INVALID",
      );
      const late = server.client();
      const ok = await samlSignIn(late, `u10@${domainA}`, { notBefore: minutes(-20), notOnOrAfter: minutes(-3) });
      expect(ok.location).toBe("/dashboard");
    });

    it("a replayed response, and a second use of an assertion ID", async () => {
      const first = server.client();
      const form = await startAndAnswer(first, `rey@${domainA}`);
      expect((await post(first, form)).location).toBe("/dashboard");
      // The same response again (its request was answered already).
      const thief = server.client();
      expect(errorOf(await post(thief, form))).toBe("SAML_REQUEST_UNKNOWN");
      expect(await signedIn(thief)).toBeNull();
      // A new request answered with an assertion whose ID was used: the plugin's replay store.
      const assertionId = /<saml:Assertion[^>]* ID="([^"]+)"/.exec(form.xml)?.[1];
      const again = server.client();
      expect(errorOf(await samlSignIn(again, `rey@${domainA}`, { assertionId }))).toBe("SAML_RESPONSE_REPLAYED");
      expect(await signedIn(again)).toBeNull();
    });

    it("an IdP-initiated (unsolicited) response, with a clear message", async () => {
      const form = await idp.respond(entityOf(a), { email: `ivy@${domainA}`, inResponseTo: null });
      const client = server.client();
      expect(errorOf(await post(client, form))).toBe("SAML_IDP_INITIATED");
      expect(await signedIn(client)).toBeNull();
      expect(await userExists(`ivy@${domainA}`)).toBe(false);
    });

    it("an address outside the organization's verified domain", async () => {
      expect(await refused(`u11@${domainA}`, { email: "zed@elsewhere.example" })).toBe("SSO_EMAIL_DOMAIN_MISMATCH");
      expect(await userExists("zed@elsewhere.example")).toBe(false);
    });

    describe("XML signature wrapping", () => {
      const victim = `boss@${domainA}`;
      async function wrapped(email: string, wrap: (xml: string) => string) {
        const client = server.client();
        const code = errorOf(await samlSignIn(client, email, { tamper: wrap }));
        expect(await signedIn(client)).toBeNull();
        expect(await userExists(victim)).toBe(false);
        expect(await userExists(email)).toBe(false);
        return code;
      }

      it("an evil assertion placed before the signed one", async () => {
        const code = await wrapped(`w1@${domainA}`, (xml) => {
          const signed = ASSERTION.exec(xml)?.[0] as string;
          return xml.replace(signed, evilAssertion(xml, victim) + signed);
        });
        expect(code).toBe("SAML_RESPONSE_INVALID");
      });

      it("an evil assertion placed after the signed one (a cloned Response with a second Assertion)", async () => {
        const code = await wrapped(`w2@${domainA}`, (xml) => {
          const signed = ASSERTION.exec(xml)?.[0] as string;
          return xml.replace(signed, signed + evilAssertion(xml, victim));
        });
        expect(code).toBe("SAML_RESPONSE_INVALID");
      });

      it("the signed assertion moved into samlp:Extensions, an evil one in its place", async () => {
        const code = await wrapped(`w3@${domainA}`, (xml) => {
          const signed = ASSERTION.exec(xml)?.[0] as string;
          const evil = evilAssertion(xml, victim);
          return xml
            .replace(signed, evil)
            .replace("<samlp:Status>", `<samlp:Extensions>${signed}</samlp:Extensions><samlp:Status>`);
        });
        expect(code).toBe("SAML_RESPONSE_INVALID");
      });

      it("the signed assertion moved into the evil assertion's ds:Object, the signature kept (same ID)", async () => {
        const code = await wrapped(`w4@${domainA}`, (xml) => {
          const signed = ASSERTION.exec(xml)?.[0] as string;
          const id = /<saml:Assertion[^>]* ID="([^"]+)"/.exec(signed)?.[1] as string;
          const signature = signed.match(SIGNATURE)?.[0] as string;
          const original = signed.replace(SIGNATURE, "");
          const evil = evilAssertion(xml, victim, `${id}`).replace(
            "</saml:Issuer>",
            `</saml:Issuer>${signature.replace("</ds:Signature>", `<ds:Object>${original}</ds:Object></ds:Signature>`)}`,
          );
          return xml.replace(signed, evil);
        });
        expect(code).toBe("SAML_RESPONSE_INVALID");
      });

      it("the whole signed Response wrapped inside a new Response naming the victim", async () => {
        const code = await wrapped(`w5@${domainA}`, (xml) => {
          const inner = xml.replace(/^<\?xml[^>]*>/, "");
          const evil = evilAssertion(xml, victim);
          const open = /^<samlp:Response[^>]*>/.exec(inner)?.[0] as string;
          const issuer = /<saml:Issuer>[^<]*<\/saml:Issuer>/.exec(inner)?.[0] as string;
          return `${open.replace(/ ID="[^"]+"/, ' ID="_outer"')}${issuer}<samlp:Extensions>${inner}</samlp:Extensions><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${evil}</samlp:Response>`;
        });
        expect(code).toBe("SAML_RESPONSE_INVALID");
      });
    });
  });

  describe("one organization never reaches another", () => {
    beforeAll(async () => {
      // B uses the same IdP (a shared, multi-tenant IdP), entered by hand.
      await verifyDomain(b, domainB);
      const saved = expectStatus(
        await saveSaml(b, { entityId: idp.entityId, ssoUrl: idp.ssoUrl, certificate: idp.keys.certificate }),
        200,
      );
      idp.trust(await (await fetch(saved.body.connection.spMetadataUrl)).text());
      expectStatus(await turn(b, true), 200);
    });

    it("a response meant for A, posted to B's ACS, is refused", async () => {
      const client = server.client();
      const form = await startAndAnswer(client, `cy@${domainA}`);
      expect(errorOf(await post(client, { ...form, action: acsOf(b) }))).toBe("SAML_RESPONSE_INVALID");
      expect(await signedIn(client)).toBeNull();
      expect(await membershipsOf(`cy@${domainA}`)).toEqual([]);
      // Without the request binding (unsolicited), the audience is A's, not B's.
      const unsolicited = await idp.respond(entityOf(a), { email: `cy@${domainA}`, acsUrl: acsOf(b) });
      expect(errorOf(await post(server.client(), unsolicited))).toBe("SAML_RESPONSE_INVALID");
      expect(await userExists(`cy@${domainA}`)).toBe(false);
    });

    it("a response meant for A with B's audience and recipient is refused at B (request was A's)", async () => {
      const client = server.client();
      const form = await startAndAnswer(client, `cy@${domainA}`, {
        audience: entityOf(b),
        recipient: acsOf(b),
        destination: acsOf(b),
        acsUrl: acsOf(b),
      });
      expect(errorOf(await post(client, form))).toBe("SAML_REQUEST_UNKNOWN");
      expect(await membershipsOf(`cy@${domainA}`)).toEqual([]);
    });

    it("B's IdP saying an address of A's domain signs nobody in and joins nobody to B", async () => {
      const client = server.client();
      const back = await samlSignIn(client, `bea@${domainB}`, { email: `ann@${domainA}` });
      expect(errorOf(back)).toBe("SSO_EMAIL_DOMAIN_MISMATCH");
      expect(await signedIn(client)).toBeNull();
      expect(await membershipsOf(`ann@${domainA}`)).toEqual([{ organizationId: a.organization.id, role: "member" }]);
      const zed = await samlSignIn(server.client(), `bea@${domainB}`, { email: "zed@elsewhere.example" });
      expect(errorOf(zed)).toBe("SSO_EMAIL_DOMAIN_MISMATCH");
      expect(await userExists("zed@elsewhere.example")).toBe(false);
    });

    it("B's own people join B only", async () => {
      const client = server.client();
      expect((await samlSignIn(client, `bea@${domainB}`)).location).toBe("/dashboard");
      expect(await membershipsOf(`bea@${domainB}`)).toEqual([{ organizationId: b.organization.id, role: "member" }]);
    });
  });

  it("only the SP metadata and the ACS of an organization are served; the rest of /sso/saml2 is 404", async () => {
    for (const [method, path] of [
      ["GET", "/api/auth/sso/saml2/sp/metadata?providerId=org-nothing"],
      [
        "GET",
        `/api/auth/sso/saml2/sp/metadata?providerId=org-${a.organization.id}&providerId=org-${b.organization.id}`,
      ],
      ["GET", `/api/auth/sso/saml2/sp/acs/org-${a.organization.id}`],
      ["POST", "/api/auth/sso/saml2/sp/acs/org-nothing"],
      ["POST", `/api/auth/sso/saml2/sp/slo/org-${a.organization.id}`],
      ["GET", `/api/auth/sso/saml2/logout/org-${a.organization.id}`],
    ] as const) {
      const res = await fetch(server.url + path, {
        method,
        headers: { origin: idp.origin, "content-type": "application/x-www-form-urlencoded" },
        body: method === "POST" ? "SAMLResponse=PHNhbWxwOlJlc3BvbnNlLz4%3D" : undefined,
        redirect: "manual",
      });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    // Garbage posted to a live ACS ends on the error page, not in a 500.
    const garbage = await server.client().request("POST", acsOf(a), "SAMLResponse=PHNhbWxwOlJlc3BvbnNlLz4%3D", {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: idp.origin,
    });
    expect(errorOf(garbage)).toBe("SAML_RESPONSE_INVALID");
    const empty = await server.client().request("POST", acsOf(a), "", {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: idp.origin,
    });
    expect(errorOf(empty)).toBe("SAML_RESPONSE_INVALID");
  });

  it("turned off, a sign-in under way is refused at the ACS", async () => {
    const client = server.client();
    const form = await startAndAnswer(client, `eli@${domainA}`);
    expectStatus(await turn(a, false), 200);
    expect(errorOf(await post(client, form))).toBe("SSO_NOT_AVAILABLE");
    expect(await signedIn(client)).toBeNull();
    expect(await userExists(`eli@${domainA}`)).toBe(false);
  });

  it("switching to OpenID Connect after people signed in through SAML is refused; all of it is audited", async () => {
    const res = await a.owner.client.request("PUT", `${ssoBase(a.organization.id)}/oidc`, {
      issuer: "https://issuer.invalid",
      clientId: "x",
      clientSecret: "y",
    });
    // Discovery is tried first; an unreachable issuer is refused before anything is changed.
    expect([409, 422]).toContain(res.status);
    // A different IdP entity over SAML is refused while people signed in through this one.
    const other = await makeKeyPair("CN=Other IdP");
    const moved = await saveSaml(a, {
      entityId: "https://other-idp.example",
      ssoUrl: idp.ssoUrl,
      certificate: other.certificate,
    });
    expect(expectStatus(moved, 409).body.code).toBe("SSO_CONNECTION_IN_USE");
    // A new certificate from the same IdP entity is fine (rotation).
    expectStatus(
      await saveSaml(a, { entityId: idp.entityId, ssoUrl: idp.ssoUrl, certificate: other.certificate }),
      200,
    );
    const audit = expectStatus(
      await a.owner.client.get("/api/audit", { organizationId: a.organization.id, pageSize: "100" }),
      200,
    );
    const actions = (audit.body.events as { action: string }[])
      .map((e) => e.action)
      .filter((x) => x.startsWith("sso.connection"));
    expect(new Set(actions)).toEqual(
      new Set(["sso.connection_saved", "sso.connection_tested", "sso.connection_enabled", "sso.connection_disabled"]),
    );
  });
});
