import { type Context, Hono } from "hono";
import type { SessionVariables } from "../auth/session-fast-path.js";
import { fail } from "../errors.js";
import { type SsoProviderRow, ssoProviderId } from "./connection.js";
import {
  domainsOf,
  MAX_DOMAINS_PER_ORGANIZATION,
  pendingToken,
  type SsoDomainRow,
  syncProviderDomains,
  tokenIdentifier,
  txtPublished,
} from "./domains.js";
import { NEW_SETUP_AUTO_JOIN } from "./policy.js";
import type { SsoSettings } from "./settings.js";

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** A domain as it is stored: lower case, no trailing dot, at least two labels, the last not numeric. */
function normalizeDomain(input: unknown): string | null {
  if (typeof input !== "string") return null;
  const domain = input.trim().toLowerCase().replace(/\.$/, "");
  if (domain.length > 253) return null;
  const labels = domain.split(".");
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return null;
  if (/^[0-9]+$/.test(labels[labels.length - 1] as string)) return null;
  return domain;
}

/**
 * The organization's domains (./domains.ts): claim, verify, remove, each on its own, under
 * /api/organizations/:organizationId/sso; "/domain" is the single-domain API, kept for its callers.
 */
export function domainRoutes(h: SsoSettings) {
  const app = new Hono<{ Variables: SessionVariables }>();
  const api = h.auth.api as unknown as {
    deleteSSOProvider(input: { body: { providerId: string }; headers: Headers }): Promise<unknown>;
  };

  /** The domain a call is about: the path's, the body's, or (single-domain callers) the only one. */
  async function namedDomain(c: Context, organizationId: string): Promise<string | Response> {
    const param = c.req.param("domain");
    if (param !== undefined) return normalizeDomain(decodeURIComponent(param)) ?? fail(c, "SSO_DOMAIN_INVALID");
    const body = (await c.req.json().catch(() => null)) as { domain?: unknown } | null;
    if (body?.domain !== undefined) return normalizeDomain(body.domain) ?? fail(c, "SSO_DOMAIN_INVALID");
    const { adapter } = await h.auth.$context;
    const domains = await domainsOf(adapter, organizationId);
    if (domains.length === 0) return fail(c, "SSO_DOMAIN_NOT_FOUND");
    if (domains.length > 1) return fail(c, "SSO_DOMAIN_INVALID");
    return (domains[0] as SsoDomainRow).domain;
  }

  async function domainRow(organizationId: string, domain: string) {
    const { adapter } = await h.auth.$context;
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
    const ok = await h.caller(c);
    const { organizationId, session, adapter } = ok;
    const body = (await c.req.json().catch(() => null)) as { domain?: unknown } | null;
    const domain = normalizeDomain(body?.domain);
    if (!domain) return fail(c, "SSO_DOMAIN_INVALID");
    if (await domainRow(organizationId, domain)) return fail(c, "SSO_DOMAIN_EXISTS");
    if (await h.verifiedElsewhere(organizationId, domain)) return fail(c, "SSO_DOMAIN_TAKEN");
    if ((await domainsOf(adapter, organizationId)).length >= MAX_DOMAINS_PER_ORGANIZATION) {
      return fail(c, "SSO_DOMAIN_LIMIT", MAX_DOMAINS_PER_ORGANIZATION);
    }
    let row = await h.rowOf(organizationId);
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
    await h.audit(c, session, "sso.domain_added", organizationId, domain);
    return c.json(await h.view(c, organizationId), 201);
  };
  app.post("/domains", h.managers, claim);
  app.post("/domain", h.managers, claim);

  // Check a domain's TXT record now (through DNS_SERVERS or the system's resolver).
  const verify = async (c: Context<{ Variables: SessionVariables }>) => {
    const ok = await h.caller(c);
    const { organizationId, session, adapter } = ok;
    const domain = await namedDomain(c, organizationId);
    if (domain instanceof Response) return domain;
    const pending = await domainRow(organizationId, domain);
    const row = await h.rowOf(organizationId);
    if (!pending || !row) return fail(c, "SSO_DOMAIN_NOT_FOUND");
    if (pending.verified) return fail(c, "SSO_DOMAIN_ALREADY_VERIFIED");
    if (await h.verifiedElsewhere(organizationId, domain)) return fail(c, "SSO_DOMAIN_TAKEN");
    const { internalAdapter } = await h.auth.$context;
    const token = await pendingToken(internalAdapter, organizationId, domain);
    if (!(await txtPublished(organizationId, domain, token))) {
      await h.audit(c, session, "sso.domain_verification_failed", organizationId, domain);
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
      if (await h.verifiedElsewhere(organizationId, domain)) return fail(c, "SSO_DOMAIN_TAKEN");
      throw error;
    }
    await internalAdapter.deleteVerificationByIdentifier(tokenIdentifier(organizationId, domain));
    await syncProviderDomains(adapter, organizationId, row);
    await h.audit(c, session, "sso.domain_verified", organizationId, domain);
    return c.json(await h.view(c, organizationId));
  };
  app.post("/domains/:domain/verify", h.managers, verify);
  app.post("/domain/verify", h.managers, verify);

  // Remove a domain: nobody signs in or joins through it any more. The last one takes the connection along.
  const remove = async (c: Context<{ Variables: SessionVariables }>) => {
    const ok = await h.caller(c);
    const { organizationId, session, adapter } = ok;
    const domain = await namedDomain(c, organizationId);
    if (domain instanceof Response) return domain;
    const found = await domainRow(organizationId, domain);
    const row = await h.rowOf(organizationId);
    if (!found || !row) return fail(c, "SSO_DOMAIN_NOT_FOUND");
    await adapter.delete({ model: "ssoDomain", where: [{ field: "id", value: found.id }] });
    const { internalAdapter } = await h.auth.$context;
    await internalAdapter.deleteVerificationByIdentifier(tokenIdentifier(organizationId, domain));
    if ((await domainsOf(adapter, organizationId)).length === 0) {
      await api.deleteSSOProvider({ body: { providerId: row.providerId }, headers: c.req.raw.headers });
    } else {
      await syncProviderDomains(adapter, organizationId, row);
    }
    await h.audit(c, session, "sso.domain_removed", organizationId, domain);
    return c.json(await h.view(c, organizationId));
  };
  app.delete("/domains/:domain", h.managers, remove);
  app.delete("/domain", h.managers, remove);

  return app;
}
