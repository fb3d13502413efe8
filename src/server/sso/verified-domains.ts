import type { DBAdapter } from "better-auth";
import { type SsoProviderRow, ssoProviderId } from "./plugin.js";

/**
 * The e-mail domains an organization has proven by DNS (docs/sso.md "Verified domains"), lower case.
 * Only these let the organization speak for an address: route its sign-in, and (SCIM, docs/scim.md)
 * create its account or change an account's address to it.
 */
export async function verifiedDomainsOf(
  database: Pick<DBAdapter, "findOne">,
  organizationId: string,
): Promise<string[]> {
  const row = await database.findOne<SsoProviderRow>({
    model: "ssoProvider",
    where: [{ field: "providerId", value: ssoProviderId(organizationId) }],
  });
  if (!row?.domainVerified || row.organizationId !== organizationId) return [];
  return row.domain
    .split(",")
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);
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
