import type { i18n as I18n, TFunction } from "i18next";
import { AUDIT_ACTIONS } from "@/shared/audit-actions.js";

/** The action filter's groups, in the order of src/shared/audit-actions.ts. */
export const ACTION_GROUPS = [
  {
    key: "groups.account",
    match: (a: string) => !/^(organization|member|invitation|team|role|webhook|admin|oauth_client)\./.test(a),
  },
  { key: "groups.organization", match: (a: string) => /^(organization|member|invitation|team|role|webhook)\./.test(a) },
  { key: "groups.admin", match: (a: string) => a.startsWith("admin.") || a.startsWith("oauth_client.") },
].map((g) => ({ key: g.key, actions: AUDIT_ACTIONS.filter(g.match) }));

/** "invitation.accepted" → "Invitation accepted" in the UI language; an action this app does not know shows as recorded. */
export function actionLabel(action: string, t: TFunction, i18n: I18n): string {
  const key = `actions.${action}`;
  return i18n.exists(key, { ns: "audit" }) ? t(key) : action;
}

const TARGET_KEYS: Record<string, string> = {
  user: "targets.user",
  session: "targets.session",
  account: "targets.account",
  organization: "targets.organization",
  member: "targets.member",
  invitation: "targets.invitation",
  team: "targets.team",
  role: "targets.role",
  webhook: "targets.webhook",
  oauth_client: "targets.oauth_client",
  api_key: "targets.api_key",
  sso_domain: "targets.sso_domain",
};

/** What an event was about, in words. */
export function targetLabel(type: string, t: TFunction): string {
  return TARGET_KEYS[type] ? t(TARGET_KEYS[type]) : type;
}

const DETAIL_KEYS: Record<string, string> = {
  method: "details.method",
  code: "details.code",
  role: "details.role",
  reason: "details.reason",
  expiresIn: "details.expiresIn",
  scope: "details.scope",
  by: "details.by",
  fields: "details.fields",
  slug: "details.slug",
  name: "details.name",
  email: "details.email",
  teamId: "details.teamId",
  passkeyId: "details.passkeyId",
  secondFactor: "details.twoFactor",
  providerId: "details.providerId",
  via: "details.via",
  left: "details.left",
  impersonatedBy: "details.impersonatedBy",
  twoFactor: "details.twoFactor",
  passkeys: "details.passkeys",
  from: "details.from",
  to: "details.to",
  permissions: "details.permissions",
  url: "details.url",
  events: "details.events",
};

/** A detail's name in the UI language; others as recorded. */
export function detailLabel(key: string, t: TFunction): string {
  return DETAIL_KEYS[key] ? t(DETAIL_KEYS[key]) : key;
}

const SCOPE_KEYS: Record<string, string> = { one: "scopes.one", all: "scopes.all", others: "scopes.others" };
const TWO_FACTOR_KEYS: Record<string, string> = { totp: "details.twoFactorTotp", otp: "details.twoFactorOtp" };
// How someone signed in or proved it; a social provider's id is shown as recorded.
const METHOD_KEYS: Record<string, string> = {
  email: "details.methodEmail",
  passkey: "details.methodPasskey",
  ...TWO_FACTOR_KEYS,
};

/** A detail's value, readable: lists joined, yes/no, ban lengths as durations, session scopes and roles in words. */
export function detailValue(
  key: string,
  value: unknown,
  t: TFunction,
  formatSeconds: (s: number) => string,
  roleNames: (roles: string) => string = (r) => r,
): string {
  if (key === "role" && typeof value === "string") return roleNames(value);
  if ((key === "method" || key === "secondFactor") && typeof value === "string" && Object.hasOwn(METHOD_KEYS, value))
    return t(METHOD_KEYS[value] as string);
  if (key === "scope" && typeof value === "string" && SCOPE_KEYS[value]) return t(SCOPE_KEYS[value]);
  if (key === "expiresIn" && typeof value === "number") return formatSeconds(value);
  if (key === "twoFactor") return t(TWO_FACTOR_KEYS[String(value)] ?? "details.twoFactorOff");
  if (key === "by" && value === "admin") return t("details.byAdmin");
  if (key === "via" && value === "invitation") return t("details.viaInvitation");
  if (typeof value === "boolean") return value ? t("details.yes") : t("details.no");
  // A role's permissions: "member: update, delete; team: create".
  if (key === "permissions" && value && typeof value === "object" && !Array.isArray(value))
    return Object.entries(value as Record<string, unknown>)
      .filter(([, actions]) => Array.isArray(actions) && actions.length > 0)
      .map(([resource, actions]) => `${resource}: ${(actions as unknown[]).map(String).join(", ")}`)
      .join("; ");
  if (Array.isArray(value)) return value.map(String).join(", ");
  if (value && typeof value === "object") return JSON.stringify(value);
  return String(value);
}
