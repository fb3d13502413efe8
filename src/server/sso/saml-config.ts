import { X509Certificate } from "node:crypto";
import * as samlify from "samlify";
import type { SamlCertificate, SamlConnection, SamlSpValues } from "../../shared/sso.js";
import { AUTH_BASE_PATH } from "../auth/options.js";
import { type ErrorBody, errorBody, statusOf } from "../errors.js";
import type { SsoProviderRow } from "./connection.js";

/**
 * A SAML connection as it is stored on the organization's row (docs/sso.md "SAML"): built from the IdP's
 * metadata (or entity ID, SSO URL and certificate) in the plugin's registration shape, read back as the
 * plugin's samlify reads it, and shown to the settings screen. The calls are saml-routes.ts; saml.ts guards
 * the plugin's endpoints.
 */

const REDIRECT_BINDING = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";
const EMAIL_NAME_ID = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";
/** The plugin's own limit for metadata documents (DEFAULT_MAX_SAML_METADATA_SIZE). */
const MAX_METADATA = 100 * 1024;

/** The service provider's (Tessera's) values for one organization, as its IdP is told them. */
export function spValues(baseURL: string, providerId: string): SamlSpValues {
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

/** A certificate as the settings screen lists it, valid or not today. */
export function describe(cert: X509Certificate, now = Date.now()): SamlCertificate {
  const notBefore = new Date(cert.validFrom);
  const notAfter = new Date(cert.validTo);
  return {
    subject: cert.subject.replace(/\n/g, ", "),
    notBefore: notBefore.toISOString(),
    notAfter: notAfter.toISOString(),
    valid: notBefore.getTime() <= now && now <= notAfter.getTime(),
  };
}

export interface IdpFacts {
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
export function idpFacts(config: SamlStored): IdpFacts | Refusal {
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
export function samlConnectionView(row: SsoProviderRow, baseURL: string): SamlConnection | null {
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
export function configFrom(body: Record<string, unknown> | null, spEntityId: string): SamlStored | Refusal {
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
