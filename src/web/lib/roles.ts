import type { TFunction } from "i18next";

const KNOWN_ROLES = ["owner", "admin", "member"];

/** "admin,member" → "Admin, Member" in the UI language; unknown custom roles are shown as named. */
export function translateRoles(role: string, t: TFunction): string {
  return role
    .split(",")
    .map((r) => r.trim())
    .filter(Boolean)
    .map((r) => (KNOWN_ROLES.includes(r) ? t(`roles.${r}`) : r))
    .join(", ");
}
