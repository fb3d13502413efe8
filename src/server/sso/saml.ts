import { X509Certificate } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { Hono } from "hono";
import * as samlify from "samlify";
import type { AuditAction } from "../../shared/audit-actions.js";
import type { ErrorCode } from "../../shared/error-codes.js";
import type { Auth } from "../auth/auth.js";
import { AUTH_BASE_PATH } from "../auth/options.js";
import type { SessionVariables, sessionOf } from "../auth/session-fast-path.js";
import { type ErrorBody, errorBody, fail, statusOf } from "../errors.js";
import { isUsable, type SsoProviderRow } from "./connection.js";

/**
 * SAML 2.0 connections (docs/sso.md "SAML"), on the engine's `@better-auth/sso` plugin, which checks the
 * responses itself: the assertion's signature against the IdP's certificate (the only assertion, signed as
 * a whole: no signature wrapping), audience, recipient and destination, NotBefore/NotOnOrAfter within the
 * clock skew, InResponseTo against the request it sent (so no IdP-initiated sign-in), and each assertion
 * ID only once. Tessera adds here what the plugin leaves to the application: the connection saved on the
 * organization's row from the IdP's metadata (or entity ID, SSO URL and certificate), the settings calls,
 * which of the plugin's SAML endpoints are served at all, and where a refused response lands.
 */

const REDIRECT_BINDING = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";
const EMAIL_NAME_ID = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";
/** The plugin's own limit for metadata documents (DEFAULT_MAX_SAML_METADATA_SIZE). */
const MAX_METADATA = 100 * 1024;
const PROVIDER_ID = /^org-[A-Za-z0-9_-]{1,128}$/;

/** Where a refused SAML response sends the person: the app's error page, with one of these codes. */
export const SAML_SIGN_IN_ERRORS = {
  invalid: "SAML_RESPONSE_INVALID",
  replayed: "SAML_RESPONSE_REPLAYED",
  idpInitiated: "SAML_IDP_INITIATED",
  unknownRequest: "SAML_REQUEST_UNKNOWN",
} as const satisfies Record<string, ErrorCode>;

/** The service provider's (Tessera's) values for one organization, as its IdP is told them. */
export function spValues(baseURL: string, providerId: string) {
  const spMetadataUrl = `${baseURL}${AUTH_BASE_PATH}/sso/saml2/sp/metadata?providerId=${encodeURIComponent(providerId)}`;
  return {
    // Its own per organization: an assertion meant for one organization's entity is refused by another's.
    spEntityId: spMetadataUrl,
    acsUrl: `${baseURL}${AUTH_BASE_PATH}/sso/saml2/sp/acs/${providerId}`,
    spMetadataUrl,
  };
}

interface SamlStored {
  issuer: string;
  entryPoint: string;
  cert?: string;
  idpMetadata: { metadata?: string; entityID?: string; cert?: string; singleSignOnService?: unknown[] };
  wantAssertionsSigned: true;
  authnRequestsSigned: false;
  identifierFormat: string;
}

export function parseSaml(json: string | null | undefined): SamlStored | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as SamlStored;
  } catch {
    return null;
  }
}

interface CertificateInfo {
  subject: string;
  notBefore: string;
  notAfter: string;
  valid: boolean;
}

function certificateOf(text: string): X509Certificate | null {
  const body = text
    .replace(/-----(BEGIN|END) CERTIFICATE-----/g, "")
    .replace(/\s+/g, "")
    .trim();
  if (!body || !/^[A-Za-z0-9+/]+={0,2}$/.test(body)) return null;
  try {
    return new X509Certificate(Buffer.from(body, "base64"));
  } catch {
    return null;
  }
}

function pemOf(cert: X509Certificate): string {
  return cert.toString().trim();
}

function describe(cert: X509Certificate, now = Date.now()): CertificateInfo {
  const notBefore = new Date(cert.validFrom);
  const notAfter = new Date(cert.validTo);
  return {
    subject: cert.subject.replace(/\n/g, ", "),
    notBefore: notBefore.toISOString(),
    notAfter: notAfter.toISOString(),
    valid: notBefore.getTime() <= now && now <= notAfter.getTime(),
  };
}

interface IdpFacts {
  entityId: string;
  ssoUrl: string;
  certificates: X509Certificate[];
}

type RefusalCode = "SAML_CONNECTION_INVALID" | "SAML_METADATA_INVALID" | "SAML_CERTIFICATE_INVALID";
type Refusal = { error: ErrorBody<RefusalCode> & { detail?: string }; status: 400 };
const refuse = (code: RefusalCode, detail?: string): Refusal => ({
  error: { ...errorBody(code), ...(detail ? { detail } : {}) },
  status: statusOf(code) as 400,
});

/** The IdP as the plugin will build it from the stored config (samlify), and what Tessera needs of it. */
function idpFacts(config: SamlStored): IdpFacts | Refusal {
  let idp: ReturnType<typeof samlify.IdentityProvider>;
  try {
    idp = config.idpMetadata.metadata
      ? samlify.IdentityProvider({ metadata: config.idpMetadata.metadata })
      : samlify.IdentityProvider({
          entityID: config.idpMetadata.entityID,
          singleSignOnService: [{ Binding: REDIRECT_BINDING, Location: config.entryPoint }],
          signingCert: config.idpMetadata.cert,
        });
  } catch (error) {
    return refuse("SAML_METADATA_INVALID", error instanceof Error ? error.message : String(error));
  }
  const meta = idp.entityMeta;
  const entityId = meta.getEntityID();
  if (typeof entityId !== "string" || !entityId) return refuse("SAML_METADATA_INVALID", "no IdP entityID");
  const sso = meta.getSingleSignOnService("redirect");
  if (typeof sso !== "string" || !/^https?:\/\//.test(sso)) {
    return refuse("SAML_METADATA_INVALID", "no SingleSignOnService with the HTTP-Redirect binding");
  }
  if (meta.isWantAuthnRequestsSigned()) {
    return refuse(
      "SAML_METADATA_INVALID",
      "the IdP wants signed AuthnRequests (WantAuthnRequestsSigned); turn that off",
    );
  }
  const raw = meta.getX509Certificate("signing");
  const texts = (Array.isArray(raw) ? raw : [raw]).filter((t): t is string => typeof t === "string" && t !== "");
  if (texts.length === 0) return refuse("SAML_METADATA_INVALID", "no signing certificate (KeyDescriptor use=signing)");
  const certificates: X509Certificate[] = [];
  for (const text of texts) {
    const cert = certificateOf(text);
    if (!cert) return refuse("SAML_CERTIFICATE_INVALID");
    certificates.push(cert);
  }
  return { entityId, ssoUrl: sso, certificates };
}

/** The connection as the settings screen shows it. */
export function samlConnectionView(row: SsoProviderRow, baseURL: string) {
  const config = parseSaml(row.samlConfig);
  if (!config) return null;
  const facts = idpFacts(config);
  return {
    type: "saml" as const,
    enabled: !!row.ssoEnabled,
    idpEntityId: "entityId" in facts ? facts.entityId : (config.idpMetadata.entityID ?? null),
    ssoUrl: "entityId" in facts ? facts.ssoUrl : config.entryPoint,
    certificates: "entityId" in facts ? facts.certificates.map((c) => describe(c)) : [],
    fromMetadata: !!config.idpMetadata.metadata,
    ...spValues(baseURL, row.providerId),
  };
}

/** A request's body → the config the plugin reads (its registration's shape), or why not. */
function configFrom(body: Record<string, unknown> | null, spEntityId: string): SamlStored | Refusal {
  const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");
  const metadata = text(body?.metadata);
  const common = {
    issuer: spEntityId,
    // Required by the plugin's settings: assertions must be signed (checked against the IdP's certificate).
    wantAssertionsSigned: true as const,
    authnRequestsSigned: false as const,
    identifierFormat: EMAIL_NAME_ID,
  };
  if (metadata) {
    if (metadata.length > MAX_METADATA) return refuse("SAML_METADATA_INVALID", "larger than 100 KB");
    const probe = { ...common, entryPoint: "", idpMetadata: { metadata } };
    const facts = idpFacts(probe);
    if (!("entityId" in facts)) return facts;
    return { ...probe, entryPoint: facts.ssoUrl };
  }
  const entityId = text(body?.entityId);
  const ssoUrl = text(body?.ssoUrl);
  const certificate = text(body?.certificate);
  if (!entityId || entityId.length > 1024 || !/^https?:\/\/[^\s]+$/.test(ssoUrl) || ssoUrl.length > 2048) {
    return refuse("SAML_CONNECTION_INVALID");
  }
  if (certificate.length > 16 * 1024) return refuse("SAML_CERTIFICATE_INVALID");
  const cert = certificateOf(certificate);
  if (!cert) return refuse("SAML_CERTIFICATE_INVALID");
  const pem = pemOf(cert);
  const config = {
    ...common,
    entryPoint: ssoUrl,
    cert: pem,
    idpMetadata: {
      entityID: entityId,
      cert: pem,
      singleSignOnService: [{ Binding: REDIRECT_BINDING, Location: ssoUrl }],
    },
  };
  const facts = idpFacts(config);
  return "entityId" in facts ? config : facts;
}

/** What the organization's settings routes (src/server/sso/routes.ts) lend the SAML ones. */
export interface SamlRouteHelpers {
  auth: Auth;
  baseURL: string;
  allow(c: Context<{ Variables: SessionVariables }>): Promise<
    | Response
    | {
        session: ReturnType<typeof sessionOf>;
        organizationId: string;
      }
  >;
  rowOf(organizationId: string): Promise<SsoProviderRow | null>;
  view(c: Context, organizationId: string): Promise<unknown>;
  audit(
    c: Context,
    session: ReturnType<typeof sessionOf>,
    action: AuditAction,
    organizationId: string,
    domain: string,
    extra?: object,
  ): Promise<void>;
}

/** Whether people have signed in through the organization's connection (their accounts name it). */
export async function connectionInUse(auth: Auth, providerId: string): Promise<boolean> {
  const { adapter } = await auth.$context;
  return !!(await adapter.findOne({ model: "account", where: [{ field: "providerId", value: providerId }] }));
}

/** PUT / and POST /test, mounted at …/sso/saml by the organization's SSO routes. */
export function samlRoutes(h: SamlRouteHelpers) {
  const app = new Hono<{ Variables: SessionVariables }>();

  // Save (or replace an OpenID Connect connection with) a SAML connection; "on"/"off" stays as it was.
  app.put("/", async (c) => {
    const ok = await h.allow(c);
    if (ok instanceof Response) return ok;
    const { organizationId, session } = ok;
    const row = await h.rowOf(organizationId);
    if (!row) return fail(c, "SSO_DOMAIN_NOT_FOUND");
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    const { spEntityId } = spValues(h.baseURL, row.providerId);
    const config = configFrom(body, spEntityId);
    if ("error" in config) return c.json(config.error, config.status);
    const facts = idpFacts(config) as IdpFacts;
    // The same rule as the plugin's own updates: once people signed in through the connection, it cannot
    // be pointed at another identity provider (a new certificate from the same IdP entity is fine).
    const current = parseSaml(row.samlConfig);
    const currentFacts = current ? idpFacts(current) : null;
    const sameIdp = !!currentFacts && "entityId" in currentFacts && currentFacts.entityId === facts.entityId;
    if (!sameIdp && (await connectionInUse(h.auth, row.providerId))) return fail(c, "SSO_CONNECTION_IN_USE");
    const { adapter } = await h.auth.$context;
    await adapter.update({
      model: "ssoProvider",
      where: [{ field: "id", value: row.id }],
      // One connection per organization: saving SAML replaces an OpenID Connect one.
      update: { issuer: spEntityId, samlConfig: JSON.stringify(config), oidcConfig: null },
    });
    await h.audit(c, session, "sso.connection_saved", organizationId, row.domain, {
      protocol: "saml",
      idpEntityId: facts.entityId,
    });
    return c.json(await h.view(c, organizationId));
  });

  // "Test": the stored metadata parses, and the signing certificate is valid today.
  app.post("/test", async (c) => {
    const ok = await h.allow(c);
    if (ok instanceof Response) return ok;
    const { organizationId, session } = ok;
    const row = await h.rowOf(organizationId);
    if (!row) return fail(c, "SSO_DOMAIN_NOT_FOUND");
    const config = parseSaml(row.samlConfig);
    if (!config) return fail(c, "SSO_CONNECTION_NOT_CONFIGURED");
    const facts = idpFacts(config);
    const record = (pass: boolean, extra: object = {}) =>
      h.audit(c, session, "sso.connection_tested", organizationId, row.domain, {
        protocol: "saml",
        ok: pass,
        ...extra,
      });
    if (!("entityId" in facts)) {
      await record(false);
      // Checking the saved connection: its refusal is 422 (saving answers the same code 400).
      return c.json(facts.error, 422);
    }
    const certificates = facts.certificates.map((cert) => describe(cert));
    if (!certificates.some((cert) => cert.valid)) {
      await record(false, { idpEntityId: facts.entityId });
      return c.json({ ...errorBody("SAML_CERTIFICATE_EXPIRED"), certificates }, statusOf("SAML_CERTIFICATE_EXPIRED"));
    }
    await record(true, { idpEntityId: facts.entityId });
    return c.json({ ok: true, idpEntityId: facts.entityId, ssoUrl: facts.ssoUrl, certificates });
  });

  return app;
}

/** A refused response's error from the plugin (its `error` and `error_description`) as Tessera's code. */
export function samlSignInError(error: string, description: string): ErrorCode {
  const text = `${error} ${description}`.toLowerCase();
  if (error === "SSO_EMAIL_DOMAIN_MISMATCH" || error === "account_not_linked") return "SSO_EMAIL_DOMAIN_MISMATCH";
  if (error === "SSO_NOT_AVAILABLE") return "SSO_NOT_AVAILABLE";
  if (error === "unsolicited_response") return SAML_SIGN_IN_ERRORS.idpInitiated;
  if (error === "replay_detected") return SAML_SIGN_IN_ERRORS.replayed;
  if (error === "invalid_state" || text.includes("request id") || text.includes("provider mismatch")) {
    return SAML_SIGN_IN_ERRORS.unknownRequest;
  }
  return SAML_SIGN_IN_ERRORS.invalid;
}

/**
 * In front of the plugin's SAML endpoints (`/api/auth/sso/saml2/*`), which identity providers post to from
 * anywhere: only the SP metadata of an organization that saved a SAML connection (it holds nothing secret
 * and the IdP's administrator needs it to set the connection up), and the assertion consumer service of
 * an organization whose SAML connection is on. Everything else (single logout, the GET variant of the
 * ACS, other providers) is 404. A refused response ends on the app's error page with Tessera's code.
 */
export function samlGate({ auth, baseURL }: { auth: Auth; baseURL: string }): MiddlewareHandler {
  const notFound = (c: Context) => fail(c, "NOT_FOUND");
  const errorPage = (code: string) => `${baseURL}/error?error=${encodeURIComponent(code)}`;

  async function rowOf(providerId: string | undefined): Promise<SsoProviderRow | null> {
    if (!providerId || !PROVIDER_ID.test(providerId)) return null;
    const { adapter } = await auth.$context;
    return adapter.findOne<SsoProviderRow>({
      model: "ssoProvider",
      where: [{ field: "providerId", value: providerId }],
    });
  }

  return async (c, next) => {
    const path = c.req.path.slice(`${AUTH_BASE_PATH}/sso/saml2`.length);
    if (path === "/sp/metadata" && c.req.method === "GET") {
      const ids = c.req.queries("providerId") ?? [];
      const row = ids.length === 1 ? await rowOf(ids[0]) : null;
      if (!row?.samlConfig || !row.domainVerified) return notFound(c);
      return next();
    }
    const acs = /^\/sp\/acs\/([^/]+)$/.exec(path);
    if (!acs || c.req.method !== "POST") return notFound(c);
    const row = await rowOf(acs[1]);
    if (!row?.samlConfig) return notFound(c);
    // Turned off (or the domain no longer verified): a sign-in under way ends here, nothing is read.
    if (!isUsable(row)) return c.redirect(errorPage("SSO_NOT_AVAILABLE"), 302);
    await next();
    const res = c.res;
    const location = res.headers.get("location");
    let landing: URL | null = null;
    try {
      landing = location ? new URL(location, baseURL) : null;
    } catch {
      landing = null;
    }
    const error = landing?.searchParams.get("error");
    if (res.status >= 300 && res.status < 400 && landing && !error) return; // signed in
    const code = error ? samlSignInError(error, landing?.searchParams.get("error_description") ?? "") : null;
    const headers = new Headers(res.headers);
    headers.delete("content-type");
    headers.delete("content-length");
    headers.set("location", errorPage(code ?? SAML_SIGN_IN_ERRORS.invalid));
    // Cleared first: Hono's setter would otherwise copy the engine's headers (its Location) onto ours.
    c.res = undefined;
    c.res = new Response(null, { status: 302, headers });
  };
}
