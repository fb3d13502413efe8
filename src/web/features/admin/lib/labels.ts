import type { TFunction } from "i18next";
import { SOCIAL_PROVIDERS } from "@/shared/providers.js";

const SITE_ROLE_KEYS: Record<string, string> = { admin: "roles.admin", user: "roles.user" };
const ORG_ROLE_KEYS: Record<string, string> = {
  owner: "orgRoles.owner",
  admin: "orgRoles.admin",
  member: "orgRoles.member",
};

/** Roles as stored ("user,admin") → their names in the UI language; a custom role shows as named. */
export function siteRoleNames(role: string | null | undefined, t: TFunction): string[] {
  return splitRoles(role).map((r) => (SITE_ROLE_KEYS[r] ? t(SITE_ROLE_KEYS[r]) : r));
}

/** One site role's name in the UI language. */
export function siteRoleName(role: string, t: TFunction): string {
  return SITE_ROLE_KEYS[role] ? t(SITE_ROLE_KEYS[role]) : role;
}

/** An organization role (possibly several, comma-separated) in the UI language. */
export function organizationRoleNames(role: string, t: TFunction): string {
  return splitRoles(role)
    .map((r) => (ORG_ROLE_KEYS[r] ? t(ORG_ROLE_KEYS[r]) : r))
    .join(", ");
}

/** The stored role list; no role at all is "user" (docs/behaviour.md#site-administration). */
export function splitRoles(role: string | null | undefined): string[] {
  const roles = (role ?? "")
    .split(",")
    .map((r) => r.trim())
    .filter(Boolean);
  return roles.length ? roles : ["user"];
}

/** How an account signs in: the password, a docs/behaviour.md#social-providers provider by its name, or a configured OpenID provider's id. */
export function providerName(providerId: string, t: TFunction): string {
  if (providerId === "credential") return t("user.accounts.credential");
  return (SOCIAL_PROVIDERS as Record<string, string>)[providerId] ?? providerId;
}
