import { Hono } from "hono";
import type { Auth } from "../auth/auth.js";
import type { SessionVariables } from "../auth/session-fast-path.js";
import { errorBody, fail, statusOf } from "../errors.js";
import { configFrom, describe, type IdpFacts, idpFacts, parseSaml, spValues } from "./saml-config.js";
import type { SsoSettings } from "./settings.js";

/** Whether people have signed in through the organization's connection (their accounts name it). */
export async function connectionInUse(auth: Auth, providerId: string): Promise<boolean> {
  const { adapter } = await auth.$context;
  return !!(await adapter.findOne({ model: "account", where: [{ field: "providerId", value: providerId }] }));
}

/** PUT / and POST /test, mounted at …/sso/saml by the organization's SSO routes. */
export function samlRoutes(h: SsoSettings) {
  const app = new Hono<{ Variables: SessionVariables }>();

  // Save (or replace an OpenID Connect connection with) a SAML connection; "on"/"off" stays as it was.
  app.put("/", h.managers, async (c) => {
    const ok = await h.caller(c);
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
  app.post("/test", h.managers, async (c) => {
    const ok = await h.caller(c);
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
