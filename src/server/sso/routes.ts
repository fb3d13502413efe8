import { DiscoveryError, discoverOIDCConfig } from "@better-auth/sso";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import type { AuditAction } from "../audit/actions.js";
import type { Auth } from "../auth/auth.js";
import { refusedByMfaPolicy } from "../auth/organization-mfa-policy.js";
import { sameSitePath } from "../auth/redirect-url-rules.js";
import { type SessionVariables, sessionOf } from "../auth/session-fast-path.js";
import { countAttempt } from "../auth/window-counter.js";
import type { Config } from "../config.js";
import { errorBody, fail, statusOf } from "../errors.js";
import { trustedOrigin } from "../routes/account/trusted-origin.js";
import { tooManyRequests } from "../routes/authorize.js";
import type { EventRecorder } from "../webhooks/events.js";
import { isUsable, type SsoProviderRow, ssoProviderId } from "./connection.js";
import {
  domainsOf,
  MAX_DOMAINS_PER_ORGANIZATION,
  pendingToken,
  providerRowForEmail,
  type SsoDomainRow,
  syncProviderDomains,
  tokenIdentifier,
  txtPublished,
  txtRecord,
  verifiedOwnerOf,
} from "./domains.js";
import { AUTO_JOIN_MODES, type AutoJoin, NEW_SETUP_AUTO_JOIN, policyOf, ssoRequiredFor } from "./policy.js";
import { connectionInUse, samlConnectionView, samlRoutes, spValues } from "./saml.js";

/**
 * An organization's domains, identity provider and policy (docs/sso.md), under
 * /api/organizations/:organizationId/sso. The domains are Tessera's (./domains.ts: each claimed and proven
 * by DNS on its own, one organization per verified domain); the connection lives on the organization's row
 * of the engine's SSO plugin (`ssoProvider`); owners and admins only; everything audited.
 */

export interface SsoRouteDeps {
  auth: Auth;
  requireSession: MiddlewareHandler<{ Variables: SessionVariables }>;
  config: Pick<Config, "baseURL" | "trustedOrigins">;
  events: EventRecorder;
  clientAddress(c: Context): string | null;
}

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
    if (!ID.test(organizationId)) return fail(c, "FORBIDDEN");
    const { adapter } = await auth.$context;
    const member = await adapter.findOne<{ role: string }>({
      model: "member",
      where: [
        { field: "organizationId", value: organizationId },
        { field: "userId", value: session.user.id },
      ],
    });
    if (member && (await refusedByMfaPolicy(adapter, session.user.id, organizationId))) {
      return fail(c, "MFA_REQUIRED");
    }
    // Owners and admins (the engine's plugin checks the same roles again on its own calls).
    const roles = (member?.role ?? "").split(",").map((r) => r.trim());
    if (!roles.includes("owner") && !roles.includes("admin")) return fail(c, "FORBIDDEN");
    return { session, organizationId, adapter };
  }

  async function rowOf(organizationId: string): Promise<SsoProviderRow | null> {
    const { adapter } = await auth.$context;
    return adapter.findOne<SsoProviderRow>({
      model: "ssoProvider",
      where: [{ field: "providerId", value: ssoProviderId(organizationId) }],
    });
  }

  /** Another organization has this domain verified. */
  async function verifiedElsewhere(organizationId: string, domain: string) {
    const { adapter } = await auth.$context;
    const owner = await verifiedOwnerOf(adapter, domain);
    return owner !== null && owner !== organizationId;
  }

  async function view(_c: Context, organizationId: string) {
    const row = await rowOf(organizationId);
    const context = await auth.$context;
    const { adapter } = context;
    // Without a domain, what a claim would start from (a claim stores it; docs/sso.md "Who joins").
    const policy = await policyOf(adapter, organizationId, row ? undefined : NEW_SETUP_AUTO_JOIN);
    if (!row) return { domains: [], domain: null, connection: null, redirectUrl: null, policy };
    const domains = [];
    for (const d of await domainsOf(adapter, organizationId)) {
      // A pending domain's proof: the same token while it lives (7 days), then a new one.
      const record = d.verified
        ? null
        : txtRecord(organizationId, d.domain, await pendingToken(context.internalAdapter, organizationId, d.domain));
      domains.push({ name: d.domain, verified: !!d.verified, record });
    }
    const oidc = parseOidc(row.oidcConfig);
    return {
      domains,
      // The first of them (verified first): the answer of the single-domain API, kept for its callers.
      domain: domains[0] ?? null,
      // SAML (src/server/sso/saml.ts) when the row holds a SAML connection.
      connection: row.samlConfig
        ? samlConnectionView(row, config.baseURL)
        : oidc
          ? {
              type: "oidc" as const,
              issuer: row.issuer,
              clientId: oidc.clientId,
              enabled: !!row.ssoEnabled,
              redirectUrl: `${config.baseURL}/api/auth/sso/callback/${row.providerId}`,
            }
          : null,
      redirectUrl: `${config.baseURL}/api/auth/sso/callback/${row.providerId}`,
      // What a SAML IdP is given (src/server/sso/saml.ts), shown before a SAML connection is saved too.
      samlSp: spValues(config.baseURL, row.providerId),
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

  // ---- The organization's domains (./domains.ts): claim, verify, remove, each on its own. ----

  /** The domain a call is about: the path's, the body's, or (single-domain callers) the only one. */
  async function namedDomain(c: Context, organizationId: string): Promise<string | Response> {
    const param = c.req.param("domain");
    if (param !== undefined) return normalizeDomain(decodeURIComponent(param)) ?? fail(c, "SSO_DOMAIN_INVALID");
    const body = (await c.req.json().catch(() => null)) as { domain?: unknown } | null;
    if (body?.domain !== undefined) return normalizeDomain(body.domain) ?? fail(c, "SSO_DOMAIN_INVALID");
    const { adapter } = await auth.$context;
    const domains = await domainsOf(adapter, organizationId);
    if (domains.length === 0) return fail(c, "SSO_DOMAIN_NOT_FOUND");
    if (domains.length > 1) return fail(c, "SSO_DOMAIN_INVALID");
    return (domains[0] as SsoDomainRow).domain;
  }

  async function domainRow(organizationId: string, domain: string) {
    const { adapter } = await auth.$context;
    return adapter.findOne<SsoDomainRow>({
      model: "ssoDomain",
      where: [
        { field: "organizationId", value: organizationId },
        { field: "domain", value: domain },
      ],
    });
  }

  // Claim a domain: the answer carries its TXT record to publish.
  const claim = async (c: Context<{ Variables: SessionVariables }>) => {
    const ok = await allow(c);
    if (ok instanceof Response) return ok;
    const { organizationId, session, adapter } = ok;
    const body = (await c.req.json().catch(() => null)) as { domain?: unknown } | null;
    const domain = normalizeDomain(body?.domain);
    if (!domain) return fail(c, "SSO_DOMAIN_INVALID");
    if (await domainRow(organizationId, domain)) return fail(c, "SSO_DOMAIN_EXISTS");
    if (await verifiedElsewhere(organizationId, domain)) return fail(c, "SSO_DOMAIN_TAKEN");
    if ((await domainsOf(adapter, organizationId)).length >= MAX_DOMAINS_PER_ORGANIZATION) {
      return fail(c, "SSO_DOMAIN_LIMIT", MAX_DOMAINS_PER_ORGANIZATION);
    }
    let row = await rowOf(organizationId);
    if (!row) {
      row = await adapter.create<Record<string, unknown>, SsoProviderRow>({
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
    }
    await adapter.create({
      model: "ssoDomain",
      data: { organizationId, domain, verified: false, createdBy: session.user.id },
    });
    await syncProviderDomains(adapter, organizationId, row);
    await audit(c, session, "sso.domain_added", organizationId, domain);
    return c.json(await view(c, organizationId), 201);
  };
  app.post("/domains", claim);
  app.post("/domain", claim);

  // Check a domain's TXT record now (through DNS_SERVERS or the system's resolver).
  const verify = async (c: Context<{ Variables: SessionVariables }>) => {
    const ok = await allow(c);
    if (ok instanceof Response) return ok;
    const { organizationId, session, adapter } = ok;
    const domain = await namedDomain(c, organizationId);
    if (domain instanceof Response) return domain;
    const pending = await domainRow(organizationId, domain);
    const row = await rowOf(organizationId);
    if (!pending || !row) return fail(c, "SSO_DOMAIN_NOT_FOUND");
    if (pending.verified) return fail(c, "SSO_DOMAIN_ALREADY_VERIFIED");
    if (await verifiedElsewhere(organizationId, domain)) return fail(c, "SSO_DOMAIN_TAKEN");
    const { internalAdapter } = await auth.$context;
    const token = await pendingToken(internalAdapter, organizationId, domain);
    if (!(await txtPublished(organizationId, domain, token))) {
      await audit(c, session, "sso.domain_verification_failed", organizationId, domain);
      return fail(c, "SSO_DOMAIN_RECORD_NOT_FOUND");
    }
    try {
      await adapter.update({
        model: "ssoDomain",
        where: [{ field: "id", value: pending.id }],
        update: { verified: true },
      });
    } catch (error) {
      // Two organizations verifying the same domain at once: the unique index keeps the first.
      if (await verifiedElsewhere(organizationId, domain)) return fail(c, "SSO_DOMAIN_TAKEN");
      throw error;
    }
    await internalAdapter.deleteVerificationByIdentifier(tokenIdentifier(organizationId, domain));
    await syncProviderDomains(adapter, organizationId, row);
    await audit(c, session, "sso.domain_verified", organizationId, domain);
    return c.json(await view(c, organizationId));
  };
  app.post("/domains/:domain/verify", verify);
  app.post("/domain/verify", verify);

  // Remove a domain: nobody signs in or joins through it any more. The last one takes the connection along.
  const remove = async (c: Context<{ Variables: SessionVariables }>) => {
    const ok = await allow(c);
    if (ok instanceof Response) return ok;
    const { organizationId, session, adapter } = ok;
    const domain = await namedDomain(c, organizationId);
    if (domain instanceof Response) return domain;
    const found = await domainRow(organizationId, domain);
    const row = await rowOf(organizationId);
    if (!found || !row) return fail(c, "SSO_DOMAIN_NOT_FOUND");
    await adapter.delete({ model: "ssoDomain", where: [{ field: "id", value: found.id }] });
    const { internalAdapter } = await auth.$context;
    await internalAdapter.deleteVerificationByIdentifier(tokenIdentifier(organizationId, domain));
    if ((await domainsOf(adapter, organizationId)).length === 0) {
      await api.deleteSSOProvider({ body: { providerId: row.providerId }, headers: c.req.raw.headers });
    } else {
      await syncProviderDomains(adapter, organizationId, row);
    }
    await audit(c, session, "sso.domain_removed", organizationId, domain);
    return c.json(await view(c, organizationId));
  };
  app.delete("/domains/:domain", remove);
  app.delete("/domain", remove);
  // ---- end of the domains ----

  // The organization's OpenID Connect identity provider: discovery from the issuer, then stored on the
  // organization's row (the plugin's shape). Saving leaves "on"/"off" as it was.
  app.put("/oidc", async (c) => {
    const ok = await allow(c);
    if (ok instanceof Response) return ok;
    const { organizationId, session, adapter } = ok;
    const row = await rowOf(organizationId);
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
    let found: Awaited<ReturnType<typeof discover>>;
    try {
      found = await discover(issuer);
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
      if (row.samlConfig && (await connectionInUse(auth, row.providerId))) return fail(c, "SSO_CONNECTION_IN_USE");
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
    await audit(c, session, "sso.connection_saved", organizationId, row.domain, { issuer: found.issuer, clientId });
    return c.json(await view(c, organizationId));
  });

  // "Test": the stored issuer's discovery, now.
  app.post("/oidc/test", async (c) => {
    const ok = await allow(c);
    if (ok instanceof Response) return ok;
    const { organizationId, session } = ok;
    const row = await rowOf(organizationId);
    if (!row) return fail(c, "SSO_DOMAIN_NOT_FOUND");
    if (!parseOidc(row.oidcConfig)) return fail(c, "SSO_CONNECTION_NOT_CONFIGURED");
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
      return c.json({ ...errorBody("SSO_DISCOVERY_FAILED"), detail: error.message }, statusOf("SSO_DISCOVERY_FAILED"));
    }
  });

  // SAML: PUT …/saml (metadata, or entity ID + SSO URL + certificate), POST …/saml/test (src/server/sso/saml.ts).
  app.route("/saml", samlRoutes({ auth, baseURL: config.baseURL, allow, rowOf, view, audit }));

  // On or off.
  app.put("/enabled", async (c) => {
    const ok = await allow(c);
    if (ok instanceof Response) return ok;
    const { organizationId, session, adapter } = ok;
    const body = (await c.req.json().catch(() => null)) as { enabled?: unknown } | null;
    if (typeof body?.enabled !== "boolean") return fail(c, "SSO_CONNECTION_INVALID");
    const row = await rowOf(organizationId);
    if (!row) return fail(c, "SSO_DOMAIN_NOT_FOUND");
    if (body.enabled && !parseOidc(row.oidcConfig) && !row.samlConfig) return fail(c, "SSO_CONNECTION_NOT_CONFIGURED");
    if (body.enabled && !row.domainVerified) return fail(c, "SSO_DOMAIN_NOT_VERIFIED");
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
      return fail(c, "SSO_POLICY_INVALID");
    }
    const row = await rowOf(organizationId);
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
  config: Pick<Config, "baseURL" | "trustedOrigins" | "rateLimitEnabled">;
  /** The client's address (the socket's, or a TRUSTED_PROXIES hop's), which the limit counts. */
  clientAddress: (c: Context) => string | null;
}

/** Calls per client address to /api/sso/* (docs/behaviour.md "Rate limits"): the engine's limit never sees them. */
export const SSO_LOOKUP_LIMIT = { model: "signInThrottle", max: 20, windowSeconds: 60 } as const;

/**
 * The sign-in screen's side (docs/sso.md "Signing in"), under /api/sso: whether an address signs in with
 * single sign-on, and the start of that sign-in. Only a verified domain with a connection that is on.
 */
export function ssoSignInRoutes({ auth, config, clientAddress }: SsoSignInDeps) {
  const app = new Hono();
  app.use("*", trustedOrigin(config));
  // Which domains sign in with SSO, and starting sign-ins (each a state row), are not free for the asking.
  if (config.rateLimitEnabled) {
    app.use("*", async (c, next) => {
      const context = (await auth.$context) as unknown as Parameters<typeof countAttempt>[0];
      const verdict = await countAttempt(context, `sso:${clientAddress(c) ?? "unknown"}`, SSO_LOOKUP_LIMIT);
      return verdict.allowed ? next() : tooManyRequests(c, verdict.retryAfter);
    });
  }

  async function usableRowFor(email: unknown): Promise<SsoProviderRow | null> {
    if (typeof email !== "string" || email.length > 320) return null;
    const { adapter } = await auth.$context;
    const row = await providerRowForEmail(adapter, email);
    return isUsable(row) ? row : null;
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
    if (!row) return fail(c, "SSO_NOT_AVAILABLE");
    // Handed to the engine from the server, where its origin check does not run: only a path of this site.
    const callbackURL = sameSitePath(body?.callbackURL, config.baseURL) ?? "/";
    const api = auth.api as unknown as {
      signInSSO(input: { body: Record<string, unknown>; headers: Headers; asResponse: true }): Promise<Response>;
    };
    return api.signInSSO({
      body: {
        providerId: row.providerId,
        providerType: row.samlConfig ? "saml" : "oidc",
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
