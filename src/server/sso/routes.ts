import { Hono } from "hono";
import { AUTO_JOIN_MODES, type AutoJoin } from "../../shared/sso.js";
import type { SessionVariables } from "../auth/session-fast-path.js";
import { fail } from "../errors.js";
import { trustedOrigin } from "../routes/account/trusted-origin.js";
import { isUsable } from "./connection.js";
import { domainRoutes } from "./domain-routes.js";
import { oidcRoutes } from "./oidc-routes.js";
import { policyOf } from "./policy.js";
import { samlRoutes } from "./saml-routes.js";
import { parseOidc, type SsoRouteDeps, ssoSettings } from "./settings.js";

/**
 * An organization's domains, identity provider and policy (docs/sso.md), under
 * /api/organizations/:organizationId/sso. The domains are Tessera's (./domains.ts: each claimed and proven
 * by DNS on its own, one organization per verified domain); the connection lives on the organization's row
 * of the engine's SSO plugin (`ssoProvider`); owners and admins only; everything audited.
 */
export function ssoRoutes(deps: SsoRouteDeps) {
  const h = ssoSettings(deps);
  const app = new Hono<{ Variables: SessionVariables }>();
  app.use("*", trustedOrigin(deps.config), deps.requireSession);
  app.use("*", async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  });

  app.get("/", h.managers, async (c) => {
    const ok = await h.caller(c);
    return c.json(await h.view(c, ok.organizationId));
  });

  // The organization's domains: claim, verify, remove (domain-routes.ts).
  app.route("/", domainRoutes(h));

  // The organization's OpenID Connect identity provider: PUT …/oidc, POST …/oidc/test (oidc-routes.ts).
  app.route("/oidc", oidcRoutes(h));

  // SAML: PUT …/saml (metadata, or entity ID + SSO URL + certificate), POST …/saml/test (saml-routes.ts).
  app.route("/saml", samlRoutes(h));

  // On or off.
  app.put("/enabled", h.managers, async (c) => {
    const ok = await h.caller(c);
    const { organizationId, session, adapter } = ok;
    const body = (await c.req.json().catch(() => null)) as { enabled?: unknown } | null;
    if (typeof body?.enabled !== "boolean") return fail(c, "SSO_CONNECTION_INVALID");
    const row = await h.rowOf(organizationId);
    if (!row) return fail(c, "SSO_DOMAIN_NOT_FOUND");
    if (body.enabled && !parseOidc(row.oidcConfig) && !row.samlConfig) return fail(c, "SSO_CONNECTION_NOT_CONFIGURED");
    if (body.enabled && !row.domainVerified) return fail(c, "SSO_DOMAIN_NOT_VERIFIED");
    await adapter.update({
      model: "ssoProvider",
      where: [{ field: "id", value: row.id }],
      update: { ssoEnabled: body.enabled },
    });
    await h.audit(
      c,
      session,
      body.enabled ? "sso.connection_enabled" : "sso.connection_disabled",
      organizationId,
      row.domain,
    );
    return c.json(await h.view(c, organizationId));
  });

  // ---- The organization's policy (src/server/sso/policy.ts): who joins by domain, "SSO required". ----
  app.put("/policy", h.managers, async (c) => {
    const ok = await h.caller(c);
    const { organizationId, session, adapter } = ok;
    const body = (await c.req.json().catch(() => null)) as { autoJoin?: unknown; ssoRequired?: unknown } | null;
    const autoJoin = body?.autoJoin;
    const ssoRequired = body?.ssoRequired;
    if (
      !body ||
      (autoJoin === undefined && ssoRequired === undefined) ||
      (autoJoin !== undefined && !(AUTO_JOIN_MODES as readonly unknown[]).includes(autoJoin)) ||
      (ssoRequired !== undefined && typeof ssoRequired !== "boolean")
    ) {
      return fail(c, "SSO_POLICY_INVALID");
    }
    const row = await h.rowOf(organizationId);
    if (!row) return fail(c, "SSO_DOMAIN_NOT_FOUND");
    if (ssoRequired === true && !isUsable(row)) return fail(c, "SSO_REQUIRED_NEEDS_CONNECTION");
    const before = await policyOf(adapter, organizationId);
    const update: { ssoAutoJoin?: AutoJoin; ssoRequired?: boolean } = {};
    if (autoJoin !== undefined && autoJoin !== before.autoJoin) update.ssoAutoJoin = autoJoin as AutoJoin;
    if (ssoRequired !== undefined && ssoRequired !== before.ssoRequired) update.ssoRequired = ssoRequired;
    if (Object.keys(update).length > 0) {
      await adapter.update({ model: "organization", where: [{ field: "id", value: organizationId }], update });
    }
    if (update.ssoAutoJoin) {
      await h.audit(c, session, "sso.auto_join_changed", organizationId, row.domain, {
        from: before.autoJoin,
        to: update.ssoAutoJoin,
      });
    }
    if (update.ssoRequired !== undefined) {
      await h.audit(
        c,
        session,
        update.ssoRequired ? "sso.required_enabled" : "sso.required_disabled",
        organizationId,
        row.domain,
      );
    }
    return c.json(await h.view(c, organizationId));
  });
  // ---- end of the policy ----

  return app;
}
