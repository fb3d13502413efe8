import type { Call, Rule } from "./access-calls.js";
import { refusal } from "./access-calls.js";
import { uid } from "./support.js";

// The admin plugin's calls (SPEC §6 "Site-wide roles"), each against a fresh victim user.
const admin = (path: string) => `/api/auth/admin/${path}`;
const site = (resource: string, action: string): Rule => ({ kind: "site-permission", resource, action });
/** Only an ADMIN_USER_IDS admin acts on another admin (src/server/auth/admin-rules.ts). */
export const ONLY_LISTED = refusal(403, "Only an admin listed in ADMIN_USER_IDS can act on another admin");

export const adminCalls: Call[] = [
  {
    name: "GET /admin/list-users",
    rule: site("user", "list"),
    mutates: false,
    request: () => ({ method: "GET", path: admin("list-users") }),
    lacking: refusal(403, "You are not allowed to list users"),
  },
  {
    name: "GET /admin/get-user",
    onAdmin: ONLY_LISTED,
    rule: site("user", "get"),
    mutates: false,
    request: (_w, _c, v) => ({ method: "GET", path: admin("get-user"), query: { id: v.id } }),
    lacking: refusal(403, "You are not allowed to get user"),
  },
  {
    name: "POST /admin/create-user",
    rule: site("user", "create"),
    mutates: false,
    request: () => ({
      method: "POST",
      path: admin("create-user"),
      body: { email: `created-${uid()}@example.com`, password: "created password 1", name: "Created" },
    }),
    lacking: refusal(403, "You are not allowed to create users"),
  },
  {
    name: "POST /admin/update-user",
    onAdmin: ONLY_LISTED,
    rule: site("user", "update"),
    mutates: false,
    request: (_w, _c, v) => ({
      method: "POST",
      path: admin("update-user"),
      body: { userId: v.id, data: { name: "X" } },
    }),
    lacking: refusal(403, "You are not allowed to update users"),
  },
  {
    name: "POST /admin/set-role",
    onAdmin: ONLY_LISTED,
    rule: site("user", "set-role"),
    mutates: false,
    request: (_w, _c, v) => ({ method: "POST", path: admin("set-role"), body: { userId: v.id, role: "admin" } }),
    lacking: refusal(403, "You are not allowed to change users role"),
  },
  {
    name: "POST /admin/list-user-sessions",
    onAdmin: ONLY_LISTED,
    rule: site("session", "list"),
    mutates: false,
    request: (_w, _c, v) => ({ method: "POST", path: admin("list-user-sessions"), body: { userId: v.id } }),
    lacking: refusal(403, "You are not allowed to list users sessions"),
  },
  {
    name: "POST /admin/ban-user",
    onAdmin: ONLY_LISTED,
    rule: site("user", "ban"),
    mutates: false,
    request: (_w, _c, v) => ({ method: "POST", path: admin("ban-user"), body: { userId: v.id } }),
    lacking: refusal(403, "You are not allowed to ban users"),
  },
  {
    name: "POST /admin/unban-user",
    onAdmin: ONLY_LISTED,
    rule: site("user", "ban"),
    mutates: false,
    request: (_w, _c, v) => ({ method: "POST", path: admin("unban-user"), body: { userId: v.id } }),
    lacking: refusal(403, "You are not allowed to ban users"),
  },
  {
    name: "POST /admin/impersonate-user",
    onAdmin: refusal(403, "You cannot impersonate admins"),
    rule: site("user", "impersonate"),
    mutates: false,
    request: (_w, _c, v) => ({ method: "POST", path: admin("impersonate-user"), body: { userId: v.id } }),
    lacking: refusal(403, "You are not allowed to impersonate users"),
  },
  {
    name: "POST /admin/revoke-user-session",
    onAdmin: ONLY_LISTED,
    rule: site("session", "revoke"),
    mutates: false,
    request: (_w, _c, v) => ({
      method: "POST",
      path: admin("revoke-user-session"),
      body: { sessionToken: v.sessionToken },
    }),
    lacking: refusal(403, "You are not allowed to revoke users sessions"),
  },
  {
    name: "POST /admin/revoke-user-sessions",
    onAdmin: ONLY_LISTED,
    rule: site("session", "revoke"),
    mutates: false,
    request: (_w, _c, v) => ({ method: "POST", path: admin("revoke-user-sessions"), body: { userId: v.id } }),
    lacking: refusal(403, "You are not allowed to revoke users sessions"),
  },
  {
    name: "POST /admin/remove-user",
    onAdmin: ONLY_LISTED,
    rule: site("user", "delete"),
    mutates: false,
    request: (_w, _c, v) => ({ method: "POST", path: admin("remove-user"), body: { userId: v.id } }),
    lacking: refusal(403, "You are not allowed to delete users"),
  },
  {
    name: "POST /admin/set-user-password",
    onAdmin: ONLY_LISTED,
    rule: site("user", "set-password"),
    mutates: false,
    request: (_w, _c, v) => ({
      method: "POST",
      path: admin("set-user-password"),
      body: { userId: v.id, newPassword: "a new password 1" },
    }),
    lacking: refusal(403, "You are not allowed to set users password"),
  },
  {
    name: "POST /admin/stop-impersonating",
    rule: { kind: "impersonating" },
    mutates: false,
    request: () => ({ method: "POST", path: admin("stop-impersonating") }),
    outsider: refusal(400, "You are not impersonating anyone"),
  },
  {
    name: "GET /api/audit (site-wide)",
    rule: { kind: "audit", scope: "site" },
    mutates: false,
    request: () => ({ method: "GET", path: "/api/audit" }),
    anonymous: refusal(401, "Not authenticated"),
    outsider: refusal(403, "You are not allowed to access resource"),
    lacking: refusal(403, "You are not allowed to access resource"),
  },
  {
    name: "GET /api/admin/webhooks",
    rule: { kind: "site-permission", resource: "webhook", action: "read" },
    mutates: false,
    request: () => ({ method: "GET", path: "/api/admin/webhooks" }),
    anonymous: refusal(401, "Not authenticated"),
    lacking: refusal(403, "You are not allowed to access resource"),
  },
];
