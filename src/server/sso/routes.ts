import { DiscoveryError, discoverOIDCConfig } from "@better-auth/sso";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import type { AuditAction } from "../audit/actions.js";
import type { Auth } from "../auth/auth.js";
import { MFA_REQUIRED, refusedByMfaPolicy } from "../auth/organization-mfa-policy.js";
import { sameSitePath } from "../auth/redirect-url-rules.js";
import { type SessionVariables, sessionOf } from "../auth/session-fast-path.js";
import type { Config } from "../config.js";
import { trustedOrigin } from "../routes/account/trusted-origin.js";
import type { EventRecorder } from "../webhooks/events.js";
import { isUsable, SSO_NOT_AVAILABLE, type SsoProviderRow, ssoProviderId, verificationRecordName } from "./plugin.js";
import {
  AUTO_JOIN_MODES,
  type AutoJoin,
  NEW_SETUP_AUTO_JOIN,
  policyOf,
  SSO_POLICY_INVALID,
  SSO_REQUIRED_NEEDS_CONNECTION,
  ssoRequiredFor,
} from "./policy.js";

/**
 * An organization's verified domain (docs/sso.md "Verified domains"), under
 * /api/organizations/:organizationId/sso. The domain lives on the organization's row of the engine's SSO
 * plugin (`ssoProvider`), whose DNS check proves it; Tessera adds who may claim it (owners and admins),
 * that a domain is verified for one organization only, and the audit log.
 */

export interface SsoRouteDeps {
  auth: Auth;
  requireSession: MiddlewareHandler<{ Variables: SessionVariables }>;
  config: Pick<Config, "baseURL" | "trustedOrigins">;
  events: EventRecorder;
  clientAddress(c: Context): string | null;
}

const FORBIDDEN = { code: "FORBIDDEN", message: "You are not allowed to access resource" } as const;
const ERR = {
  invalid: { code: "SSO_DOMAIN_INVALID", message: "Enter a domain name such as example.com" },
  exists: { code: "SSO_DOMAIN_EXISTS", message: "The organization already has a domain; remove it first" },
  taken: { code: "SSO_DOMAIN_TAKEN", message: "This domain is verified by another organization" },
  notFound: { code: "SSO_DOMAIN_NOT_FOUND", message: "The organization has no domain" },
  verified: { code: "SSO_DOMAIN_ALREADY_VERIFIED", message: "The domain is already verified" },
  notVerified: { code: "SSO_DOMAIN_NOT_VERIFIED", message: "Verify the domain first" },
  notConfigured: { code: "SSO_CONNECTION_NOT_CONFIGURED", message: "Set up the identity provider first" },
  invalidConnection: {
    code: "SSO_CONNECTION_INVALID",
    message: "Enter the identity provider's issuer URL, client ID and client secret",
  },
  discovery: {
    code: "SSO_DISCOVERY_FAILED",
    message: "The identity provider's OpenID configuration could not be read from the issuer",
  },
  inUse: {
    code: "SSO_CONNECTION_IN_USE",
    message: "People have signed in through this identity provider; remove the domain to start over with another one",
  },
  recordMissing: {
    code: "SSO_DOMAIN_RECORD_NOT_FOUND",
    message: "The DNS TXT record was not found; publish it and try again (DNS changes can take a while)",
  },
} as const;
const ID = /^[A-Za-z0-9_-]{1,128}$/;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** A domain as it is stored: lower case, no trailing dot, at least two labels, the last not numeric. */
export function normalizeDomain(input: unknown): string | null {
  if (typeof input !== "string") return null;
  const domain = input.trim().toLowerCase().replace(/\.$/, "");
  if (domain.length > 253) return null;
  const labels = domain.split(".");
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return null;
  if (/^[0-9]+$/.test(labels[labels.length - 1] as string)) return null;
  return domain;
}

type OidcStored = {
  issuer: string;
  clientId: string;
  clientSecret?: string;
  discoveryEndpoint?: string;
  authorizationEndpoint?: string;
  tokenEndpoint?: string;
  jwksEndpoint?: string;
  userInfoEndpoint?: string;
};

type Api = {
  updateSSOProvider(input: {
    body: { providerId: string; issuer?: string; oidcConfig?: Record<string, unknown> };
    headers: Headers;
  }): Promise<unknown>;
  requestDomainVerification(input: {
    body: { providerId: string };
    headers: Headers;
  }): Promise<{ domainVerificationToken: string }>;
  verifyDomain(input: { body: { providerId: string }; headers: Headers }): Promise<unknown>;
  deleteSSOProvider(input: { body: { providerId: string }; headers: Headers }): Promise<unknown>;
};

function engineStatus(error: unknown): { status: number; code?: string } {
  const e = error as { statusCode?: number; status?: number | string; body?: { code?: string } };
  const status = typeof e?.statusCode === "number" ? e.statusCode : 0;
  return { status, code: e?.body?.code };
}

export function ssoRoutes(deps: SsoRouteDeps) {
  const { auth, events, config } = deps;
  const api = auth.api as unknown as Api;
  const app = new Hono<{ Variables: SessionVariables }>();
  app.use("*", trustedOrigin(config), deps.requireSession);
  app.use("*", async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  });

  async function allow(c: Context<{ Variables: SessionVariables }>) {
    const session = sessionOf(c);
    const organizationId = c.req.param("organizationId") ?? "";
    if (!ID.test(organizationId)) return c.json(FORBIDDEN, 403);
    const { adapter } = await auth.$context;
    const member = await adapter.findOne<{ role: string }>({
      model: "member",
      where: [
        { field: "organizationId", value: organizationId },
        { field: "userId", value: session.user.id },
      ],
    });
    if (member && (await refusedByMfaPolicy(adapter, session.user.id, organizationId))) {
      return c.json(MFA_REQUIRED, 403);
    }
    // Owners and admins (the engine's plugin checks the same roles again on its own calls).
    const roles = (member?.role ?? "").split(",").map((r) => r.trim());
    if (!roles.includes("owner") && !roles.includes("admin")) return c.json(FORBIDDEN, 403);
    return { session, organizationId, adapter };
  }

  async function rowOf(organizationId: string): Promise<SsoProviderRow | null> {
    const { adapter } = await auth.$context;
    return adapter.findOne<SsoProviderRow>({
      model: "ssoProvider",
      where: [{ field: "providerId", value: ssoProviderId(organizationId) }],
    });
  }

  /** Another organization's row with this domain verified, if any. */
  async function verifiedElsewhere(organizationId: string, domain: string) {
    const { adapter } = await auth.$context;
    const rows = await adapter.findMany<SsoProviderRow>({
      model: "ssoProvider",
      where: [{ field: "domain", value: domain }],
    });
    return rows.some((r) => r.domainVerified && r.organizationId !== organizationId);
  }

  async function view(c: Context, organizationId: string) {
    const row = await rowOf(organizationId);
    const { adapter } = await auth.$context;
    // Without a domain, what a claim would start from (a claim stores it; docs/sso.md "Who joins").
    const policy = await policyOf(adapter, organizationId, row ? undefined : NEW_SETUP_AUTO_JOIN);
    if (!row) return { domain: null, connection: null, redirectUrl: null, policy };
    const verified = !!row.domainVerified;
    let record: { type: "TXT"; name: string; value: string } | null = null;
    if (!verified) {
      // The plugin's pending proof: the same token while it lives (7 days), then a new one.
      const { domainVerificationToken } = await api.requestDomainVerification({
        body: { providerId: row.providerId },
        headers: c.req.raw.headers,
      });
      const name = verificationRecordName(organizationId, row.domain);
      record = { type: "TXT", name, value: `${name.split(".")[0]}=${domainVerificationToken}` };
    }
    const oidc = parseOidc(row.oidcConfig);
    return {
      domain: { name: row.domain, verified, record },
      connection: oidc
        ? {
            type: "oidc" as const,
            issuer: row.issuer,
            clientId: oidc.clientId,
            enabled: !!row.ssoEnabled,
            redirectUrl: `${config.baseURL}/api/auth/sso/callback/${row.providerId}`,
          }
        : null,
      redirectUrl: `${config.baseURL}/api/auth/sso/callback/${row.providerId}`,
      policy,
    };
  }

  function parseOidc(json: string | null | undefined): OidcStored | null {
    if (!json) return null;
    try {
      return JSON.parse(json) as OidcStored;
    } catch {
      return null;
    }
  }

  /** The issuer's discovery document, read through the plugin (its SSRF rules: see docs/sso.md). */
  async function discover(issuer: string) {
    const context = await auth.$context;
    return discoverOIDCConfig({ issuer, isTrustedOrigin: (url: string) => context.isTrustedOrigin(url) });
  }

  async function audit(
    c: Context,
    session: ReturnType<typeof sessionOf>,
    action: AuditAction,
    organizationId: string,
    domain: string,
    extra: object = {},
  ) {
    await events.record({
      action,
      actorId: session.user.id,
      actorEmail: session.user.email,
      targetType: "sso_domain",
      targetId: domain,
      organizationId,
      ipAddress: deps.clientAddress(c),
      userAgent: c.req.header("user-agent")?.slice(0, 512) ?? null,
      detail: JSON.stringify({ domain, ...extra }),
    });
  }

  app.get("/", async (c) => {
    const ok = await allow(c);
    if (ok instanceof Response) return ok;
    return c.json(await view(c, ok.organizationId));
  });

  // Claim a domain: the answer carries the TXT record to publish.
  app.post("/domain", async (c) => {
    const ok = await allow(c);
    if (ok instanceof Response) return ok;
    const { organizationId, session, adapter } = ok;
    const body = (await c.req.json().catch(() => null)) as { domain?: unknown } | null;
    const domain = normalizeDomain(body?.domain);
    if (!domain) return c.json(ERR.invalid, 400);
    if (await rowOf(organizationId)) return c.json(ERR.exists, 409);
    if (await verifiedElsewhere(organizationId, domain)) return c.json(ERR.taken, 409);
    await adapter.create({
      model: "ssoProvider",
      data: {
        providerId: ssoProviderId(organizationId),
        // No identity provider yet: the connection (issuer, protocol) is set up on this row later.
        issuer: "",
        domain,
        domainVerified: false,
        organizationId,
        userId: session.user.id,
      },
    });
    // A new setup starts with nobody joining by domain until the owner chooses (docs/sso.md "Who joins").
    const org = await adapter.findOne<{ ssoAutoJoin?: string | null }>({
      model: "organization",
      where: [{ field: "id", value: organizationId }],
    });
    if (!org?.ssoAutoJoin) {
      await adapter.update({
        model: "organization",
        where: [{ field: "id", value: organizationId }],
        update: { ssoAutoJoin: NEW_SETUP_AUTO_JOIN },
      });
    }
    await audit(c, session, "sso.domain_added", organizationId, domain);
    return c.json(await view(c, organizationId), 201);
  });

  // Check the TXT record now (the plugin resolves it through DNS_SERVERS or the system's resolver).
  app.post("/domain/verify", async (c) => {
    const ok = await allow(c);
    if (ok instanceof Response) return ok;
    const { organizationId, session } = ok;
    const row = await rowOf(organizationId);
    if (!row) return c.json(ERR.notFound, 404);
    if (row.domainVerified) return c.json(ERR.verified, 409);
    if (await verifiedElsewhere(organizationId, row.domain)) return c.json(ERR.taken, 409);
    // The pending proof exists (the screen showed it); make sure, for a caller that never looked.
    await api.requestDomainVerification({ body: { providerId: row.providerId }, headers: c.req.raw.headers });
    try {
      await api.verifyDomain({ body: { providerId: row.providerId }, headers: c.req.raw.headers });
    } catch (error) {
      const { status, code } = engineStatus(error);
      if (status === 502 && code === "DOMAIN_VERIFICATION_FAILED") {
        await audit(c, session, "sso.domain_verification_failed", organizationId, row.domain);
        return c.json(ERR.recordMissing, 422);
      }
      if (status === 409) return c.json(ERR.verified, 409);
      throw error;
    }
    // Two organizations racing on the same domain: the first verified keeps it.
    if (await verifiedElsewhere(organizationId, row.domain)) {
      const { adapter } = await auth.$context;
      await adapter.update({
        model: "ssoProvider",
        where: [{ field: "id", value: row.id }],
        update: { domainVerified: false },
      });
      return c.json(ERR.taken, 409);
    }
    await audit(c, session, "sso.domain_verified", organizationId, row.domain);
    return c.json(await view(c, organizationId));
  });

  // Remove the domain (and with it whatever connection the row held).
  app.delete("/domain", async (c) => {
    const ok = await allow(c);
    if (ok instanceof Response) return ok;
    const { organizationId, session } = ok;
    const row = await rowOf(organizationId);
    if (!row) return c.json(ERR.notFound, 404);
    await api.deleteSSOProvider({ body: { providerId: row.providerId }, headers: c.req.raw.headers });
    await audit(c, session, "sso.domain_removed", organizationId, row.domain);
    return c.json(await view(c, organizationId));
  });

  // The organization's OpenID Connect identity provider: discovery from the issuer, then stored on the
  // organization's row (the plugin's shape). Saving leaves "on"/"off" as it was.
  app.put("/oidc", async (c) => {
    const ok = await allow(c);
    if (ok instanceof Response) return ok;
    const { organizationId, session, adapter } = ok;
    const row = await rowOf(organizationId);
    if (!row) return c.json(ERR.notFound, 404);
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
      return c.json(ERR.invalidConnection, 400);
    }
    let found: Awaited<ReturnType<typeof discover>>;
    try {
      found = await discover(issuer);
    } catch (error) {
      if (error instanceof DiscoveryError) return c.json({ ...ERR.discovery, detail: error.message }, 422);
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
        if (engineStatus(error).status === 409) return c.json(ERR.inUse, 409);
        throw error;
      }
    } else {
      // The first connection on the row: stored as the plugin's registration stores it (the plugin
      // updates only a connection that exists).
      await adapter.update({
        model: "ssoProvider",
        where: [{ field: "id", value: row.id }],
        update: {
          issuer: found.issuer,
          oidcConfig: JSON.stringify({ issuer: found.issuer, ...oidcConfig, overrideUserInfo: false }),
        },
      });
    }
    await audit(c, session, "sso.connection_saved", organizationId, row.domain, { issuer: found.issuer, clientId });
    return c.json(await view(c, organizationId));
  });

  // "Test": the stored issuer's discovery, now.
  app.post("/oidc/test", async (c) => {
    const ok = await allow(c);
    if (ok instanceof Response) return ok;
    const { organizationId, session } = ok;
    const row = await rowOf(organizationId);
    if (!row) return c.json(ERR.notFound, 404);
    if (!parseOidc(row.oidcConfig)) return c.json(ERR.notConfigured, 409);
    try {
      const found = await discover(row.issuer);
      await audit(c, session, "sso.connection_tested", organizationId, row.domain, { issuer: row.issuer, ok: true });
      return c.json({
        ok: true,
        issuer: found.issuer,
        authorizationEndpoint: found.authorizationEndpoint,
        tokenEndpoint: found.tokenEndpoint,
        jwksEndpoint: found.jwksEndpoint,
      });
    } catch (error) {
      if (!(error instanceof DiscoveryError)) throw error;
      await audit(c, session, "sso.connection_tested", organizationId, row.domain, { issuer: row.issuer, ok: false });
      return c.json({ ...ERR.discovery, detail: error.message }, 422);
    }
  });

  // On or off.
  app.put("/enabled", async (c) => {
    const ok = await allow(c);
    if (ok instanceof Response) return ok;
    const { organizationId, session, adapter } = ok;
    const body = (await c.req.json().catch(() => null)) as { enabled?: unknown } | null;
    if (typeof body?.enabled !== "boolean") return c.json(ERR.invalidConnection, 400);
    const row = await rowOf(organizationId);
    if (!row) return c.json(ERR.notFound, 404);
    if (body.enabled && !parseOidc(row.oidcConfig)) return c.json(ERR.notConfigured, 409);
    if (body.enabled && !row.domainVerified) return c.json(ERR.notVerified, 409);
    await adapter.update({
      model: "ssoProvider",
      where: [{ field: "id", value: row.id }],
      update: { ssoEnabled: body.enabled },
    });
    await audit(
      c,
      session,
      body.enabled ? "sso.connection_enabled" : "sso.connection_disabled",
      organizationId,
      row.domain,
    );
    return c.json(await view(c, organizationId));
  });

  // ---- The organization's policy (src/server/sso/policy.ts): who joins by domain, "SSO required". ----
  app.put("/policy", async (c) => {
    const ok = await allow(c);
    if (ok instanceof Response) return ok;
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
      return c.json(SSO_POLICY_INVALID, 400);
    }
    const row = await rowOf(organizationId);
    if (!row) return c.json(ERR.notFound, 404);
    if (ssoRequired === true && !isUsable(row)) return c.json(SSO_REQUIRED_NEEDS_CONNECTION, 409);
    const before = await policyOf(adapter, organizationId);
    const update: { ssoAutoJoin?: AutoJoin; ssoRequired?: boolean } = {};
    if (autoJoin !== undefined && autoJoin !== before.autoJoin) update.ssoAutoJoin = autoJoin as AutoJoin;
    if (ssoRequired !== undefined && ssoRequired !== before.ssoRequired) update.ssoRequired = ssoRequired;
    if (Object.keys(update).length > 0) {
      await adapter.update({ model: "organization", where: [{ field: "id", value: organizationId }], update });
    }
    if (update.ssoAutoJoin) {
      await audit(c, session, "sso.auto_join_changed", organizationId, row.domain, {
        from: before.autoJoin,
        to: update.ssoAutoJoin,
      });
    }
    if (update.ssoRequired !== undefined) {
      await audit(
        c,
        session,
        update.ssoRequired ? "sso.required_enabled" : "sso.required_disabled",
        organizationId,
        row.domain,
      );
    }
    return c.json(await view(c, organizationId));
  });
  // ---- end of the policy ----

  return app;
}

export interface SsoSignInDeps {
  auth: Auth;
  config: Pick<Config, "baseURL" | "trustedOrigins">;
}

/**
 * The sign-in screen's side (docs/sso.md "Signing in"), under /api/sso: whether an address signs in with
 * single sign-on, and the start of that sign-in. Only a verified domain with a connection that is on.
 */
export function ssoSignInRoutes({ auth, config }: SsoSignInDeps) {
  const app = new Hono();
  app.use("*", trustedOrigin(config));

  async function usableRowFor(email: unknown): Promise<SsoProviderRow | null> {
    if (typeof email !== "string" || email.length > 320) return null;
    const at = email.lastIndexOf("@");
    const domain = at > 0 ? normalizeDomain(email.slice(at + 1)) : null;
    if (!domain) return null;
    const { adapter } = await auth.$context;
    const rows = await adapter.findMany<SsoProviderRow>({
      model: "ssoProvider",
      where: [{ field: "domain", value: domain }],
    });
    return rows.find(isUsable) ?? null;
  }

  app.post("/check", async (c) => {
    const body = (await c.req.json().catch(() => null)) as { email?: unknown } | null;
    const sso = !!(await usableRowFor(body?.email));
    // `required`: the organization allows no password for this address (the screen hides the password field).
    const { adapter } = await auth.$context;
    return c.json({ sso, required: sso && (await ssoRequiredFor(adapter, body?.email)) });
  });

  // The browser goes to the answer's url (the organization's identity provider); the state cookie rides along.
  app.post("/sign-in", async (c) => {
    const body = (await c.req.json().catch(() => null)) as { email?: unknown; callbackURL?: unknown } | null;
    const row = await usableRowFor(body?.email);
    if (!row) return c.json(SSO_NOT_AVAILABLE, 404);
    // Handed to the engine from the server, where its origin check does not run: only a path of this site.
    const callbackURL = sameSitePath(body?.callbackURL, config.baseURL) ?? "/";
    const api = auth.api as unknown as {
      signInSSO(input: { body: Record<string, unknown>; headers: Headers; asResponse: true }): Promise<Response>;
    };
    return api.signInSSO({
      body: {
        providerId: row.providerId,
        providerType: "oidc",
        callbackURL,
        errorCallbackURL: "/sign-in",
        loginHint: body?.email,
      },
      headers: c.req.raw.headers,
      asResponse: true,
    });
  });

  return app;
}
