import { randomBytes } from "node:crypto";
import { resolveTxt } from "node:dns/promises";
import type { DBAdapter } from "better-auth";
import { type SsoProviderRow, ssoProviderId, verificationRecordName } from "./connection.js";

/**
 * An organization's domains (docs/sso.md "Verified domains"): several per organization, each claimed,
 * proven by its own DNS TXT record and removed on its own; a domain is verified for one organization only
 * (a unique index on the verified ones, migration 012_sso_domains). Stored in `ssoDomain` (the companion
 * plugin's model, so the engine's transactions see it); the organization's connection row (`ssoProvider`)
 * carries the verified ones, comma separated, as the engine reads its `domain` field — only verified domains
 * ever route a sign-in or let anyone join.
 */

/** How many domains (claimed or verified) one organization may have. */
export const MAX_DOMAINS_PER_ORGANIZATION = 10;
/** How long a TXT record's token stays the same (then the screen shows a new one), as the engine did. */
const TOKEN_LIFETIME_MS = 7 * 24 * 3600 * 1000;

export const ssoDomainSchema = {
  ssoDomain: {
    fields: {
      organizationId: {
        type: "string",
        required: true,
        index: true,
        references: { model: "organization", field: "id", onDelete: "cascade" },
      },
      domain: { type: "string", required: true, index: true },
      verified: { type: "boolean", required: true, defaultValue: false },
      createdBy: { type: "string", required: false },
    },
  },
} as const;

export interface SsoDomainRow {
  id: string;
  organizationId: string;
  domain: string;
  verified: boolean;
}

type Adapter = Pick<DBAdapter<any>, "findOne" | "findMany" | "create" | "update" | "delete" | "deleteMany">;

/** The verification row that holds a pending domain's token (the engine's `verification` table). */
export const tokenIdentifier = (organizationId: string, domain: string) => `sso-domain:${organizationId}:${domain}`;

export async function domainsOf(adapter: Adapter, organizationId: string): Promise<SsoDomainRow[]> {
  const rows = await adapter.findMany<SsoDomainRow>({
    model: "ssoDomain",
    where: [{ field: "organizationId", value: organizationId }],
  });
  // Verified first, then by name: the first is what the single-domain answer (`domain`) shows.
  return rows.sort((a, b) => Number(!!b.verified) - Number(!!a.verified) || a.domain.localeCompare(b.domain));
}

/**
 * The domains an organization has proven by DNS, lower case. Only these let it speak for an address:
 * route its sign-in, let it join, and (SCIM, docs/scim.md) create its account or re-address an account to it.
 */
export async function verifiedDomainsOf(adapter: Pick<Adapter, "findMany">, organizationId: string): Promise<string[]> {
  const rows = await adapter.findMany<SsoDomainRow>({
    model: "ssoDomain",
    where: [
      { field: "organizationId", value: organizationId },
      { field: "verified", value: true },
    ],
  });
  return rows.map((r) => r.domain.toLowerCase());
}

/** The domain part of an address, lower case, or null. */
export function domainOfAddress(email: unknown): string | null {
  if (typeof email !== "string") return null;
  const at = email.lastIndexOf("@");
  return at > 0
    ? email
        .slice(at + 1)
        .trim()
        .toLowerCase() || null
    : null;
}

/** The organization that verified this domain, if any. */
export async function verifiedOwnerOf(adapter: Adapter, domain: string): Promise<string | null> {
  const rows = await adapter.findMany<SsoDomainRow>({
    model: "ssoDomain",
    where: [{ field: "domain", value: domain }],
  });
  return rows.find((r) => r.verified)?.organizationId ?? null;
}

const emailDomain = (email: unknown) => {
  if (typeof email !== "string" || email.length > 320) return null;
  const at = email.lastIndexOf("@");
  return at > 0
    ? email
        .slice(at + 1)
        .trim()
        .toLowerCase()
        .replace(/\.$/, "")
    : null;
};

/** The connection row of the organization whose verified domains include the address's domain, if any. */
export async function providerRowForEmail(adapter: Adapter, email: unknown): Promise<SsoProviderRow | null> {
  const domain = emailDomain(email);
  if (!domain) return null;
  const organizationId = await verifiedOwnerOf(adapter, domain);
  if (!organizationId) return null;
  return adapter.findOne<SsoProviderRow>({
    model: "ssoProvider",
    where: [{ field: "providerId", value: ssoProviderId(organizationId) }],
  });
}

/** The domains a connection row routes: its verified ones (none while `domainVerified` is false). */
export function routedDomains(row: Pick<SsoProviderRow, "domain" | "domainVerified"> | null): string[] {
  if (!row?.domainVerified) return [];
  return row.domain
    .split(",")
    .map((d) => d.trim())
    .filter(Boolean);
}

/**
 * Writes the organization's domains onto its connection row, as the engine reads them: the verified ones,
 * comma separated, with `domainVerified`; while none is verified, the claimed ones with `domainVerified`
 * false (the engine's `domain` may not be empty, and an unverified row routes nothing).
 */
export async function syncProviderDomains(adapter: Adapter, organizationId: string, row: SsoProviderRow) {
  const domains = await domainsOf(adapter, organizationId);
  const verified = domains.filter((d) => d.verified).map((d) => d.domain);
  const list = verified.length > 0 ? verified : domains.map((d) => d.domain);
  const domain = [...list].sort().join(",");
  const domainVerified = verified.length > 0;
  if (row.domain === domain && !!row.domainVerified === domainVerified) return;
  await adapter.update({
    model: "ssoProvider",
    where: [{ field: "id", value: row.id }],
    update: { domain, domainVerified },
  });
}

interface InternalAdapter {
  findVerificationValue(identifier: string): Promise<{ value: string; expiresAt: Date } | null>;
  createVerificationValue(data: { identifier: string; value: string; expiresAt: Date }): Promise<unknown>;
  deleteVerificationByIdentifier(identifier: string): Promise<void>;
}

/** The pending domain's token: the same while it lives, then a new one. */
export async function pendingToken(internal: InternalAdapter, organizationId: string, domain: string) {
  const identifier = tokenIdentifier(organizationId, domain);
  const active = await internal.findVerificationValue(identifier);
  if (active && new Date(active.expiresAt).getTime() > Date.now()) return active.value;
  if (active) await internal.deleteVerificationByIdentifier(identifier);
  const value = randomBytes(18).toString("base64url");
  await internal.createVerificationValue({ identifier, value, expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS) });
  return value;
}

/** The TXT record that proves a domain for an organization: its name and the value to publish. */
export function txtRecord(organizationId: string, domain: string, token: string) {
  const name = verificationRecordName(organizationId, domain);
  return { type: "TXT" as const, name, value: `${name.split(".")[0]}=${token}` };
}

/** Whether DNS (DNS_SERVERS or the system's resolver) has the record now; the bare token counts too. */
export async function txtPublished(organizationId: string, domain: string, token: string): Promise<boolean> {
  const record = txtRecord(organizationId, domain, token);
  let found: string[] = [];
  try {
    found = (await resolveTxt(record.name)).map((parts) => parts.join("").trim());
  } catch {
    return false; // NXDOMAIN, no TXT, or a resolver that did not answer: not proven
  }
  return found.includes(record.value) || found.includes(token);
}
