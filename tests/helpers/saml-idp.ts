import { webcrypto } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { inflateRawSync } from "node:zlib";
import * as x509 from "@peculiar/x509";
import * as samlify from "samlify";

/**
 * A SAML 2.0 identity provider for tests, built on samlify (the library the engine's SSO plugin uses on
 * the other side), over real HTTP: `/sso` takes the AuthnRequest (HTTP-Redirect binding), parses it with
 * samlify and answers with an auto-posting form carrying the signed Response (HTTP-POST binding), as a
 * real IdP does; `/metadata` is its metadata. What the next response says can be changed (`answer`), and
 * its XML edited after signing (`tamper`) to build the attacks a test needs.
 */

const POST = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST";
const REDIRECT = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";
const EMAIL_FORMAT = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";
const RSA = {
  name: "RSASSA-PKCS1-v1_5",
  hash: "SHA-256",
  publicExponent: new Uint8Array([1, 0, 1]),
  modulusLength: 2048,
};

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

export interface KeyPair {
  /** PKCS#8 PEM. */
  privateKey: string;
  /** The self-signed certificate, PEM. */
  certificate: string;
}

/** An RSA key and a self-signed certificate valid from `notBefore` to `notAfter` (default: ±1 day). */
export async function makeKeyPair(
  name = "CN=Test SAML IdP",
  notBefore = new Date(Date.now() - 86_400_000),
  notAfter = new Date(Date.now() + 86_400_000),
): Promise<KeyPair> {
  const keys = (await webcrypto.subtle.generateKey(RSA, true, ["sign", "verify"])) as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: Date.now().toString(16),
    name,
    notBefore,
    notAfter,
    signingAlgorithm: RSA,
    keys,
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey("pkcs8", keys.privateKey)).toString("base64");
  const lines = pkcs8.match(/.{1,64}/g)?.join("\n");
  return {
    privateKey: `-----BEGIN PRIVATE KEY-----\n${lines}\n-----END PRIVATE KEY-----`,
    certificate: cert.toString("pem"),
  };
}

/** What the next response says; every field defaults to what a well-behaved IdP would send. */
export interface Answer {
  email?: string;
  /** The person's name (a displayName attribute). */
  name?: string;
  /** The request it answers; `null`: none (an IdP-initiated, unsolicited response). */
  inResponseTo?: string | null;
  audience?: string;
  /** SubjectConfirmationData Recipient. */
  recipient?: string;
  /** Response Destination. */
  destination?: string;
  notBefore?: Date;
  notOnOrAfter?: Date;
  /** The assertion's ID (default: a new one). */
  assertionId?: string;
  /** Which elements carry a signature (default: the assertion, as the SP's metadata asks). */
  sign?: "assertion" | "response" | "both";
  /** Sign with this key instead of the IdP's (its certificate goes in KeyInfo; the SP does not know it). */
  signingKey?: KeyPair;
  /** Post the form to this URL instead of the ACS in the SP's metadata. */
  acsUrl?: string;
  /** Edit the signed XML before it is encoded. */
  tamper?: (xml: string) => string;
}

export interface PostedForm {
  action: string;
  SAMLResponse: string;
  RelayState: string | null;
  /** The decoded Response XML. */
  xml: string;
}

export interface SamlIdp {
  origin: string;
  entityId: string;
  ssoUrl: string;
  metadata: string;
  keys: KeyPair;
  /** Trust a service provider by its metadata (what an IdP administrator does with Tessera's metadata URL). */
  trust(spMetadata: string): void;
  /** What the next answer from /sso says (reset after one answer). */
  answerNext(answer: Answer): void;
  /** Open the AuthnRequest URL as a browser would, and read the auto-posting form the IdP returns. */
  follow(url: string): Promise<PostedForm>;
  /** A signed response for a service provider without a request (IdP-initiated) or for a given one. */
  respond(spEntityId: string, answer?: Answer, relayState?: string | null): Promise<PostedForm>;
  close(): Promise<void>;
}

function replaceTags(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (all, key: string) => (key in values ? (values[key] as string) : all));
}

function escapeXml(text: string) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

export async function startSamlIdp(options: { entityId?: string } = {}): Promise<SamlIdp> {
  const keys = await makeKeyPair();
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const entityId = options.entityId ?? `${origin}/metadata`;
  const ssoUrl = `${origin}/sso`;
  const identityProvider = (pair: KeyPair) =>
    samlify.IdentityProvider({
      entityID: entityId,
      privateKey: pair.privateKey,
      signingCert: pair.certificate,
      singleSignOnService: [{ Binding: REDIRECT, Location: ssoUrl }],
      nameIDFormat: [EMAIL_FORMAT],
      wantAuthnRequestsSigned: false,
    });
  const idp = identityProvider(keys);
  const metadata = idp.getMetadata();
  const spMetadataByEntity = new Map<string, string>();
  let next: Answer = {};

  async function respond(spEntityId: string, answer: Answer = {}, relayState: string | null = null) {
    const spMetadata = spMetadataByEntity.get(spEntityId);
    if (!spMetadata) throw new Error(`unknown service provider ${spEntityId}`);
    const trusted = samlify.ServiceProvider({ metadata: spMetadata });
    const acs = trusted.entityMeta.getAssertionConsumerService("post") as string;
    const sign = answer.sign ?? "assertion";
    // The SP as this answer treats it: which parts samlify signs follows the SP's settings.
    const sp = samlify.ServiceProvider({
      entityID: spEntityId,
      assertionConsumerService: [{ Binding: POST, Location: acs }],
      wantAssertionsSigned: sign !== "response",
      wantMessageSigned: sign === "both",
    });
    const now = new Date();
    const notBefore = answer.notBefore ?? new Date(now.getTime() - 60_000);
    const notOnOrAfter = answer.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000);
    const email = answer.email ?? "someone@example.com";
    const signer = answer.signingKey ? identityProvider(answer.signingKey) : idp;
    const created = await signer.createLoginResponse(
      sp,
      { extract: {} } as never,
      "post",
      { email },
      (template: string) => {
        const id = `_${webcrypto.randomUUID()}`;
        let context = template;
        if (answer.inResponseTo === null || answer.inResponseTo === undefined) {
          context = context.replace(/ InResponseTo="\{InResponseTo\}"/g, "");
        }
        context = replaceTags(context, {
          ID: id,
          AssertionID: answer.assertionId ?? `_${webcrypto.randomUUID()}`,
          Destination: escapeXml(answer.destination ?? acs),
          Audience: escapeXml(answer.audience ?? spEntityId),
          SubjectRecipient: escapeXml(answer.recipient ?? acs),
          Issuer: escapeXml(entityId),
          IssueInstant: now.toISOString(),
          StatusCode: "urn:oasis:names:tc:SAML:2.0:status:Success",
          ConditionsNotBefore: notBefore.toISOString(),
          ConditionsNotOnOrAfter: notOnOrAfter.toISOString(),
          SubjectConfirmationDataNotOnOrAfter: notOnOrAfter.toISOString(),
          NameIDFormat: EMAIL_FORMAT,
          NameID: escapeXml(email),
          InResponseTo: escapeXml(answer.inResponseTo ?? ""),
          AuthnStatement: `<saml:AuthnStatement AuthnInstant="${now.toISOString()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`,
          AttributeStatement: `<saml:AttributeStatement><saml:Attribute Name="email"><saml:AttributeValue xsi:type="xs:string">${escapeXml(email)}</saml:AttributeValue></saml:Attribute>${answer.name ? `<saml:Attribute Name="displayName"><saml:AttributeValue xsi:type="xs:string">${escapeXml(answer.name)}</saml:AttributeValue></saml:Attribute>` : ""}</saml:AttributeStatement>`,
        });
        return { id, context };
      },
    );
    let xml = Buffer.from(created.context, "base64").toString("utf8");
    if (answer.tamper) xml = answer.tamper(xml);
    return {
      action: answer.acsUrl ?? acs,
      SAMLResponse: Buffer.from(xml).toString("base64"),
      RelayState: relayState,
      xml,
    };
  }

  /** The AuthnRequest of a Redirect-binding URL: its issuer (the SP) and its ID, as samlify reads it. */
  async function readRequest(url: URL) {
    const encoded = url.searchParams.get("SAMLRequest");
    if (!encoded) throw new Error("no SAMLRequest");
    const xml = inflateRawSync(Buffer.from(encoded, "base64")).toString("utf8");
    const issuer = /<(?:\w+:)?Issuer[^>]*>([^<]+)<\/(?:\w+:)?Issuer>/.exec(xml)?.[1];
    const spMetadata = issuer ? spMetadataByEntity.get(issuer.replace(/&amp;/g, "&")) : undefined;
    if (!issuer || !spMetadata) throw new Error(`AuthnRequest from an unknown service provider: ${issuer}`);
    const sp = samlify.ServiceProvider({ metadata: spMetadata });
    const parsed = await idp.parseLoginRequest(sp, "redirect", {
      query: Object.fromEntries(url.searchParams),
      octetString: "",
    } as never);
    return { spEntityId: sp.entityMeta.getEntityID(), id: parsed.extract.request?.id as string };
  }

  async function answerRequest(url: URL): Promise<PostedForm> {
    const answer = next;
    next = {};
    const request = await readRequest(url);
    return respond(
      request.spEntityId,
      { ...answer, inResponseTo: answer.inResponseTo === undefined ? request.id : answer.inResponseTo },
      url.searchParams.get("RelayState"),
    );
  }

  server.on("request", async (req, res) => {
    const url = new URL(req.url ?? "/", origin);
    try {
      if (url.pathname === "/metadata") {
        res.writeHead(200, { "content-type": "application/xml" }).end(metadata);
        return;
      }
      if (url.pathname !== "/sso") {
        res.writeHead(404).end();
        return;
      }
      const form = await answerRequest(url);
      const field = (name: string, value: string) =>
        `<input type="hidden" name="${name}" value="${escapeXml(value)}"/>`;
      res
        .writeHead(200, { "content-type": "text/html; charset=utf-8" })
        .end(
          `<!doctype html><html><body onload="document.forms[0].submit()"><p>Test IdP: signing in</p>` +
            `<form method="post" action="${escapeXml(form.action)}">${field("SAMLResponse", form.SAMLResponse)}` +
            `${form.RelayState ? field("RelayState", form.RelayState) : ""}<noscript><button>Continue</button></noscript></form></body></html>`,
        );
    } catch (error) {
      res
        .writeHead(400, { "content-type": "text/plain" })
        .end(error instanceof Error ? (error.stack ?? String(error)) : String(error));
    }
  });

  return {
    origin,
    entityId,
    ssoUrl,
    metadata,
    keys,
    trust(spMetadata) {
      const sp = samlify.ServiceProvider({ metadata: spMetadata });
      spMetadataByEntity.set(sp.entityMeta.getEntityID(), spMetadata);
    },
    answerNext(answer) {
      next = answer;
    },
    async follow(url) {
      const res = await fetch(url, { redirect: "manual" });
      const html = await res.text();
      if (res.status !== 200) throw new Error(`IdP refused the request: ${res.status} ${html}`);
      const value = (name: string) =>
        new RegExp(`name="${name}" value="([^"]*)"`)
          .exec(html)?.[1]
          ?.replace(/&quot;/g, '"')
          .replace(/&amp;/g, "&");
      const action = /action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, "&") ?? "";
      const SAMLResponse = value("SAMLResponse") ?? "";
      return {
        action,
        SAMLResponse,
        RelayState: value("RelayState") ?? null,
        xml: Buffer.from(SAMLResponse, "base64").toString("utf8"),
      };
    },
    respond,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
