import { type Context, Hono, type MiddlewareHandler } from "hono";
import type { AuditAction } from "../audit/actions.js";
import type { Auth } from "../auth/auth.js";
import { MFA_REQUIRED, refusedByMfaPolicy } from "../auth/organization-mfa-policy.js";
import { type SessionVariables, sessionOf } from "../auth/session-fast-path.js";
import type { Config } from "../config.js";
import { trustedOrigin } from "../routes/account/trusted-origin.js";
import type { EventRecorder } from "../webhooks/events.js";
import { ssoProviderId, verificationRecordName } from "./plugin.js";

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

interface ProviderRow {
  id: string;
  providerId: string;
  organizationId: string | null;
  domain: string;
  domainVerified?: boolean | null;
  issuer: string;
  oidcConfig?: string | null;
  samlConfig?: string | null;
}

type Api = {
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

  async function rowOf(organizationId: string): Promise<ProviderRow | null> {
    const { adapter } = await auth.$context;
    return adapter.findOne<ProviderRow>({
      model: "ssoProvider",
      where: [{ field: "providerId", value: ssoProviderId(organizationId) }],
    });
  }

  /** Another organization's row with this domain verified, if any. */
  async function verifiedElsewhere(organizationId: string, domain: string) {
    const { adapter } = await auth.$context;
    const rows = await adapter.findMany<ProviderRow>({
      model: "ssoProvider",
      where: [{ field: "domain", value: domain }],
    });
    return rows.some((r) => r.domainVerified && r.organizationId !== organizationId);
  }

  async function view(c: Context, organizationId: string) {
    const row = await rowOf(organizationId);
    if (!row) return { domain: null };
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
    return { domain: { name: row.domain, verified, record } };
  }

  async function audit(
    c: Context,
    session: ReturnType<typeof sessionOf>,
    action: AuditAction,
    organizationId: string,
    domain: string,
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
      detail: JSON.stringify({ domain }),
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

  return app;
}
