import type { SCIMOptions } from "@better-auth/scim";
import { domainOfAddress, verifiedDomainsOf } from "../sso/domains.js";
import { scimError } from "./errors.js";
import { type Database, hasRole, type Row } from "./rows.js";

/**
 * A new account, or a managed account's new address, only in one of the organization's verified
 * domains: an IdP speaks for the addresses its organization proved by DNS, never for anyone else's
 * (docs/scim.md "Which accounts"). Otherwise an organization could make, then later re-address and
 * take back, an account someone else's address owns.
 */
export async function mayClaim(database: Pick<Database, "findMany">, organizationId: string, email: string) {
  const domain = domainOfAddress(email);
  if (domain && (await verifiedDomainsOf(database, organizationId)).includes(domain)) return;
  throw scimError(
    403,
    "The e-mail address is not in a verified domain of this organization: verify the domain, or invite the person first",
  );
}

/**
 * Who an incoming User is (the plugin's `identity.resolveUser`): a new account in one of the organization's
 * verified domains, or an existing member of the organization (never an owner, never someone who is not a
 * member yet), whose own profile stays theirs.
 */
export const resolveUser: NonNullable<SCIMOptions["identity"]>["resolveUser"] = async (
  { provisioningDomainId, resource },
  { database },
) => {
  const email = resource.primaryEmail.toLowerCase();
  const user = await database.findOne<Row>({ model: "user", where: [{ field: "email", value: email }] });
  if (!user) {
    await mayClaim(database, provisioningDomainId, email);
    return { action: "create" };
  }
  const member = await database.findOne<Row>({
    model: "member",
    where: [
      { field: "organizationId", value: provisioningDomainId },
      { field: "userId", value: user.id },
    ],
  });
  // An account is never claimed by an IdP it has not joined: it is invited first (docs/scim.md).
  if (!member) {
    throw scimError(
      409,
      "An account with this e-mail address exists and is not a member of this organization; invite it first",
      "uniqueness",
    );
  }
  if (hasRole(member.role, "owner")) {
    throw scimError(409, "An owner of the organization is not managed by SCIM", "uniqueness");
  }
  // A member's own profile stays theirs: SCIM manages the membership, not the account.
  return { action: "link", userId: user.id, profile: "preserve" };
};
