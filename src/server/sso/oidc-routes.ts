import { DiscoveryError } from "@better-auth/sso";
import { Hono } from "hono";
import type { SessionVariables } from "../auth/session-fast-path.js";
import { errorBody, fail, statusOf } from "../errors.js";
import { connectionInUse } from "./saml-routes.js";
import { parseOidc, type SsoSettings } from "./settings.js";

function engineStatus(error: unknown): { status: number; code?: string } {
  const e = error as { statusCode?: number; status?: number | string; body?: { code?: string } };
  const status = typeof e?.statusCode === "number" ? e.statusCode : 0;
  return { status, code: e?.body?.code };
}

/** PUT / and POST /test, mounted at …/sso/oidc by the organization's SSO routes (routes.ts). */
export function oidcRoutes(h: SsoSettings) {
  const app = new Hono<{ Variables: SessionVariables }>();
  const api = h.auth.api as unknown as {
    updateSSOProvider(input: {
      body: { providerId: string; issuer?: string; oidcConfig?: Record<string, unknown> };
      headers: Headers;
    }): Promise<unknown>;
  };

  // The organization's OpenID Connect identity provider: discovery from the issuer, then stored on the
  // organization's row (the plugin's shape). Saving leaves "on"/"off" as it was.
  app.put("/", h.managers, async (c) => {
    const ok = await h.caller(c);
    const { organizationId, session, adapter } = ok;
    const row = await h.rowOf(organizationId);
    if (!row) return fail(c, "SSO_DOMAIN_NOT_FOUND");
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    const issuer = typeof body?.issuer === "string" ? body.issuer.trim().replace(/\/+$/, "") : "";
    const clientId = typeof body?.clientId === "string" ? body.clientId.trim() : "";
    const current = parseOidc(row.oidcConfig);
    const clientSecret =
      typeof body?.clientSecret === "string" && body.clientSecret !== "" ? body.clientSecret : current?.clientSecret;
    if (
      !/^https?:\/\/[^\s]+$/.test(issuer) ||
      !clientId ||
      clientId.length > 512 ||
      !clientSecret ||
      clientSecret.length > 2048
    ) {
      return fail(c, "SSO_CONNECTION_INVALID");
    }
    let found: Awaited<ReturnType<SsoSettings["discover"]>>;
    try {
      found = await h.discover(issuer);
    } catch (error) {
      if (error instanceof DiscoveryError)
        return c.json(
          { ...errorBody("SSO_DISCOVERY_FAILED"), detail: error.message },
          statusOf("SSO_DISCOVERY_FAILED"),
        );
      throw error;
    }
    const oidcConfig = {
      clientId,
      clientSecret,
      pkce: true,
      discoveryEndpoint: found.discoveryEndpoint,
      authorizationEndpoint: found.authorizationEndpoint,
      tokenEndpoint: found.tokenEndpoint,
      jwksEndpoint: found.jwksEndpoint,
      userInfoEndpoint: found.userInfoEndpoint,
      tokenEndpointAuthentication: found.tokenEndpointAuthentication,
      scopes: ["openid", "email", "profile"],
    };
    if (current) {
      try {
        await api.updateSSOProvider({
          body: { providerId: row.providerId, issuer: found.issuer, oidcConfig },
          headers: c.req.raw.headers,
        });
      } catch (error) {
        if (engineStatus(error).status === 409) return fail(c, "SSO_CONNECTION_IN_USE");
        throw error;
      }
    } else {
      // Replacing a SAML connection: only while nobody has signed in through it (as the plugin's rule).
      if (row.samlConfig && (await connectionInUse(h.auth, row.providerId))) return fail(c, "SSO_CONNECTION_IN_USE");
      // The first connection on the row: stored as the plugin's registration stores it (the plugin
      // updates only a connection that exists).
      await adapter.update({
        model: "ssoProvider",
        where: [{ field: "id", value: row.id }],
        update: {
          issuer: found.issuer,
          oidcConfig: JSON.stringify({ issuer: found.issuer, ...oidcConfig, overrideUserInfo: false }),
          samlConfig: null,
        },
      });
    }
    await h.audit(c, session, "sso.connection_saved", organizationId, row.domain, { issuer: found.issuer, clientId });
    return c.json(await h.view(c, organizationId));
  });

  // "Test": the stored issuer's discovery, now.
  app.post("/test", h.managers, async (c) => {
    const ok = await h.caller(c);
    const { organizationId, session } = ok;
    const row = await h.rowOf(organizationId);
    if (!row) return fail(c, "SSO_DOMAIN_NOT_FOUND");
    if (!parseOidc(row.oidcConfig)) return fail(c, "SSO_CONNECTION_NOT_CONFIGURED");
    try {
      const found = await h.discover(row.issuer);
      await h.audit(c, session, "sso.connection_tested", organizationId, row.domain, { issuer: row.issuer, ok: true });
      return c.json({
        ok: true,
        issuer: found.issuer,
        authorizationEndpoint: found.authorizationEndpoint,
        tokenEndpoint: found.tokenEndpoint,
        jwksEndpoint: found.jwksEndpoint,
      });
    } catch (error) {
      if (!(error instanceof DiscoveryError)) throw error;
      await h.audit(c, session, "sso.connection_tested", organizationId, row.domain, { issuer: row.issuer, ok: false });
      return c.json({ ...errorBody("SSO_DISCOVERY_FAILED"), detail: error.message }, statusOf("SSO_DISCOVERY_FAILED"));
    }
  });

  return app;
}
