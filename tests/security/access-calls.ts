// Long on purpose: the table of every organization call, one entry each, read by the matrices.
import type { Cast, Roles, World } from "./access-fixtures.js";
import { uid } from "./support.js";

let teamNames = 0;

/**
 * Every organization, team, invitation and admin call the server answers, with what it asks of the
 * caller. The rule names a statement of src/shared/permissions.ts (never a list of roles), so the
 * expectation for each relationship is computed from the product's own role data by access-matrix.
 * The refusal messages are the engine's words for each way of being refused.
 */
export type Rule =
  | { kind: "signed-in" }
  | { kind: "member" }
  | { kind: "org-permission"; resource: string; action: string }
  | { kind: "recipient" }
  | { kind: "site-permission"; resource: string; action: string }
  | { kind: "impersonating" }
  /** Every statement of several resources at once (e.g. managing SCIM takes what its token can do). */
  | { kind: "org-permissions"; statements: Record<string, string[]> }
  /** Named roles only, whatever a custom role holds (single sign-on settings: the engine plugin's own rule). */
  | { kind: "org-roles"; roles: string[] }
  /** GET /api/audit: a site role holding audit:list, or (for one organization) an org role holding audit:read. */
  | { kind: "audit"; scope: "organization" | "site" };

export interface Refusal {
  status: number;
  message: string;
}

export interface Request {
  method: "GET" | "POST";
  path: string;
  body?: Record<string, unknown>;
  query?: Record<string, string>;
}

export interface Call {
  name: string;
  rule: Rule;
  /**
   * An allowed call changes the organization in a way that changes other cells' answers (a member
   * removed, an invitation used up), so each allowed caller gets an organization of its own.
   */
  mutates: boolean;
  request(world: World, cast: Cast, victim: Victim): Request;
  /** Signed out; default 401 Unauthorized. */
  anonymous?: Refusal;
  /** Signed in, not a member of the organization (or not the recipient, not a site admin…). */
  outsider?: Refusal;
  /** A member whose role lacks the statement. */
  lacking?: Refusal;
  /** A rule of SPEC §5 beyond roles, e.g. the last owner cannot leave. */
  special?: (actor: Roles) => Refusal | undefined;
  /**
   * Admin calls on one user (the victim): what a site admin who is not in ADMIN_USER_IDS hears when
   * the victim is an admin. Absent: the call names no user.
   */
  onAdmin?: Refusal;
}

/** A plain user created for one admin call, so allowed admin calls never touch the cast. */
export interface Victim {
  id: string;
  email: string;
  sessionToken: string;
}

export const org = (path: string) => `/api/auth/organization/${path}`;
export const perm = (resource: string, action: string): Rule => ({ kind: "org-permission", resource, action });
export const refusal = (status: number, message: string): Refusal => ({ status, message });

const NOT_A_MEMBER_400 = refusal(400, "User is not a member of the organization");
const NOT_A_MEMBER_403 = refusal(403, "User is not a member of the organization");
const YOU_ARE_NOT_A_MEMBER = refusal(403, "You are not a member of this organization");
const MEMBER_NOT_FOUND = refusal(400, "Member not found");
const NOT_RECIPIENT = refusal(403, "You are not the recipient of the invitation");

/** A custom role holding nothing, in every world (access-fixtures.ts buildWorld). */
export const SPARE_ROLE = "spare";

/** The role calls of the engine's dynamic access control (custom roles, docs/roles.md) and the permissions route. */
const roleCalls: Call[] = [
  {
    name: "POST /organization/create-role",
    rule: perm("ac", "create"),
    mutates: false,
    request: (w) => ({
      method: "POST",
      path: org("create-role"),
      body: {
        organizationId: w.id,
        role: `r${uid()
          .toLowerCase()
          .replace(/[^a-z0-9]/g, "")}`.slice(0, 32),
        permission: {},
      },
    }),
    outsider: YOU_ARE_NOT_A_MEMBER,
    lacking: refusal(403, "You are not allowed to create a role"),
  },
  {
    name: "GET /organization/list-roles",
    rule: perm("ac", "read"),
    mutates: false,
    request: (w) => ({ method: "GET", path: org("list-roles"), query: { organizationId: w.id } }),
    outsider: YOU_ARE_NOT_A_MEMBER,
    lacking: refusal(403, "You are not allowed to list a role"),
  },
  {
    name: "GET /organization/get-role",
    rule: perm("ac", "read"),
    mutates: false,
    request: (w) => ({ method: "GET", path: org("get-role"), query: { organizationId: w.id, roleName: SPARE_ROLE } }),
    outsider: YOU_ARE_NOT_A_MEMBER,
    lacking: refusal(403, "You are not allowed to read a role"),
  },
  {
    name: "POST /organization/update-role",
    rule: perm("ac", "update"),
    mutates: false,
    request: (w) => ({
      method: "POST",
      path: org("update-role"),
      body: { organizationId: w.id, roleName: SPARE_ROLE, data: { permission: {} } },
    }),
    outsider: YOU_ARE_NOT_A_MEMBER,
    lacking: refusal(403, "You are not allowed to update a role"),
  },
  {
    name: "POST /organization/delete-role",
    rule: perm("ac", "delete"),
    mutates: true,
    request: (w) => ({
      method: "POST",
      path: org("delete-role"),
      body: { organizationId: w.id, roleName: SPARE_ROLE },
    }),
    outsider: YOU_ARE_NOT_A_MEMBER,
    lacking: refusal(403, "You are not allowed to delete a role"),
  },
  {
    name: "GET /api/organizations/:id/permissions",
    rule: { kind: "member" },
    mutates: false,
    request: (w) => ({ method: "GET", path: `/api/organizations/${w.id}/permissions` }),
    anonymous: refusal(401, "Not authenticated"),
    outsider: refusal(403, "You are not allowed to access resource"),
  },
];

export const organizationCalls: Call[] = [
  {
    name: "POST /organization/create",
    rule: { kind: "signed-in" },
    mutates: false,
    request: () => ({ method: "POST", path: org("create"), body: { name: "New", slug: `new-${uid()}` } }),
  },
  {
    name: "POST /organization/check-slug",
    rule: { kind: "signed-in" },
    mutates: false,
    request: () => ({ method: "POST", path: org("check-slug"), body: { slug: `free-${uid()}` } }),
  },
  {
    name: "GET /organization/list",
    rule: { kind: "signed-in" },
    mutates: false,
    request: () => ({ method: "GET", path: org("list") }),
  },
  {
    name: "GET /organization/list-user-invitations",
    rule: { kind: "signed-in" },
    mutates: false,
    request: () => ({ method: "GET", path: org("list-user-invitations") }),
    anonymous: refusal(400, "Missing session headers, or email query parameter."),
  },
  {
    name: "POST /organization/update",
    rule: perm("organization", "update"),
    mutates: false,
    request: (w) => ({
      method: "POST",
      path: org("update"),
      body: { organizationId: w.id, data: { name: "Renamed" } },
    }),
    anonymous: refusal(401, "User not found"),
    outsider: NOT_A_MEMBER_400,
    lacking: refusal(403, "You are not allowed to update this organization"),
  },
  {
    name: "POST /organization/delete",
    rule: perm("organization", "delete"),
    mutates: true,
    request: (w) => ({ method: "POST", path: org("delete"), body: { organizationId: w.id } }),
    outsider: NOT_A_MEMBER_400,
    lacking: refusal(403, "You are not allowed to delete this organization"),
  },
  {
    name: "POST /organization/set-active",
    rule: { kind: "member" },
    mutates: false,
    request: (w) => ({ method: "POST", path: org("set-active"), body: { organizationId: w.id } }),
    outsider: NOT_A_MEMBER_403,
  },
  {
    name: "GET /organization/get-organization",
    rule: { kind: "member" },
    mutates: false,
    request: (w) => ({ method: "GET", path: org("get-organization"), query: { organizationId: w.id } }),
    outsider: NOT_A_MEMBER_403,
  },
  {
    name: "GET /organization/get-full-organization",
    rule: { kind: "member" },
    mutates: false,
    request: (w) => ({ method: "GET", path: org("get-full-organization"), query: { organizationId: w.id } }),
    outsider: NOT_A_MEMBER_403,
  },
  {
    name: "GET /organization/list-members",
    rule: { kind: "member" },
    mutates: false,
    request: (w) => ({ method: "GET", path: org("list-members"), query: { organizationId: w.id } }),
    outsider: YOU_ARE_NOT_A_MEMBER,
  },
  {
    name: "GET /organization/get-active-member",
    rule: { kind: "member" },
    mutates: false,
    request: () => ({ method: "GET", path: org("get-active-member") }),
    outsider: MEMBER_NOT_FOUND,
  },
  {
    name: "GET /organization/get-active-member-role",
    rule: { kind: "member" },
    mutates: false,
    request: (w) => ({ method: "GET", path: org("get-active-member-role"), query: { organizationId: w.id } }),
    outsider: YOU_ARE_NOT_A_MEMBER,
  },
  {
    name: "POST /organization/has-permission",
    rule: { kind: "member" },
    mutates: false,
    request: (w) => ({
      method: "POST",
      path: org("has-permission"),
      body: { organizationId: w.id, permissions: { member: ["create"] } },
    }),
    outsider: refusal(401, "User is not a member of the organization"),
  },
  {
    name: "POST /organization/leave",
    rule: { kind: "member" },
    mutates: true,
    request: (w) => ({ method: "POST", path: org("leave"), body: { organizationId: w.id } }),
    outsider: MEMBER_NOT_FOUND,
    // SPEC §5 "The last owner cannot leave or be removed".
    special: (a) =>
      a.orgRole === "owner" ? refusal(400, "You cannot leave the organization as the only owner") : undefined,
  },
  {
    name: "POST /organization/invite-member",
    rule: perm("invitation", "create"),
    mutates: false,
    request: (w) => ({
      method: "POST",
      path: org("invite-member"),
      body: { organizationId: w.id, email: `invited-${uid()}@example.com`, role: "member" },
    }),
    outsider: MEMBER_NOT_FOUND,
    lacking: refusal(403, "You are not allowed to invite users to this organization"),
  },
  {
    name: "POST /organization/cancel-invitation",
    rule: perm("invitation", "cancel"),
    mutates: true,
    request: (w) => ({ method: "POST", path: org("cancel-invitation"), body: { invitationId: w.spareInvitationId } }),
    outsider: MEMBER_NOT_FOUND,
    lacking: refusal(403, "You are not allowed to cancel this invitation"),
  },
  {
    // The engine shows pending invitations only to roles that may create them (invitation ids are links).
    name: "GET /organization/list-invitations",
    rule: perm("invitation", "create"),
    mutates: false,
    request: (w) => ({ method: "GET", path: org("list-invitations"), query: { organizationId: w.id } }),
    outsider: YOU_ARE_NOT_A_MEMBER,
    lacking: refusal(403, "You are not allowed to list invitations for this organization"),
  },
  {
    name: "GET /organization/get-invitation",
    rule: { kind: "recipient" },
    mutates: false,
    request: (w) => ({ method: "GET", path: org("get-invitation"), query: { id: w.invitationId } }),
    anonymous: refusal(401, "Not authenticated"),
    outsider: NOT_RECIPIENT,
  },
  {
    name: "POST /organization/accept-invitation",
    rule: { kind: "recipient" },
    mutates: true,
    request: (w) => ({ method: "POST", path: org("accept-invitation"), body: { invitationId: w.invitationId } }),
    outsider: NOT_RECIPIENT,
  },
  {
    name: "POST /organization/reject-invitation",
    rule: { kind: "recipient" },
    mutates: true,
    request: (w) => ({ method: "POST", path: org("reject-invitation"), body: { invitationId: w.invitationId } }),
    outsider: NOT_RECIPIENT,
  },
  {
    name: "POST /organization/remove-member",
    rule: perm("member", "delete"),
    mutates: true,
    request: (w) => ({
      method: "POST",
      path: org("remove-member"),
      body: { organizationId: w.id, memberIdOrEmail: w.memberIds.target },
    }),
    outsider: MEMBER_NOT_FOUND,
    lacking: refusal(401, "You are not allowed to delete this member"),
  },
  {
    name: "POST /organization/update-member-role",
    rule: perm("member", "update"),
    mutates: true,
    request: (w) => ({
      method: "POST",
      path: org("update-member-role"),
      body: { organizationId: w.id, memberId: w.memberIds.target, role: "admin" },
    }),
    outsider: MEMBER_NOT_FOUND,
    lacking: refusal(403, "You are not allowed to update this member"),
  },
  {
    name: "POST /organization/create-team",
    rule: perm("team", "create"),
    mutates: false,
    // A new name each time: two teams of one organization never share one.
    request: (w) => ({
      method: "POST",
      path: org("create-team"),
      body: { organizationId: w.id, name: `New team ${++teamNames}` },
    }),
    outsider: refusal(403, "You are not allowed to invite users to this organization"),
    lacking: refusal(403, "You are not allowed to create teams in this organization"),
  },
  {
    name: "POST /organization/update-team",
    rule: perm("team", "update"),
    mutates: false,
    request: (w) => ({
      method: "POST",
      path: org("update-team"),
      body: { teamId: w.teamId, data: { name: "Renamed team", organizationId: w.id } },
    }),
    outsider: refusal(403, "You are not allowed to update this team"),
    lacking: refusal(403, "You are not allowed to update this team"),
  },
  {
    name: "POST /organization/remove-team",
    rule: perm("team", "delete"),
    mutates: true,
    request: (w) => ({
      method: "POST",
      path: org("remove-team"),
      body: { organizationId: w.id, teamId: w.spareTeamId },
    }),
    outsider: refusal(403, "You are not allowed to delete this team"),
    lacking: refusal(403, "You are not allowed to delete teams in this organization"),
  },
  {
    name: "GET /organization/list-teams",
    rule: { kind: "member" },
    mutates: false,
    request: (w) => ({ method: "GET", path: org("list-teams"), query: { organizationId: w.id } }),
    outsider: refusal(403, "You are not allowed to access this organization as an owner"),
  },
  {
    name: "GET /organization/list-user-teams",
    rule: { kind: "member" },
    mutates: false,
    request: (w) => ({ method: "GET", path: org("list-user-teams"), query: { organizationId: w.id } }),
    outsider: YOU_ARE_NOT_A_MEMBER,
  },
  {
    // Every member of the organization is on this team (see buildWorld).
    name: "GET /organization/list-team-members",
    rule: { kind: "member" },
    mutates: false,
    request: (w) => ({ method: "GET", path: org("list-team-members"), query: { teamId: w.teamId } }),
    outsider: refusal(400, "User is not a member of the team"),
  },
  {
    name: "POST /organization/set-active-team",
    rule: { kind: "member" },
    mutates: false,
    request: (w) => ({ method: "POST", path: org("set-active-team"), body: { teamId: w.teamId } }),
    outsider: refusal(403, "User is not a member of the team"),
  },
  {
    // The engine asks for member:update to put a member on a team.
    name: "POST /organization/add-team-member",
    rule: perm("member", "update"),
    mutates: true,
    request: (w) => ({
      method: "POST",
      path: org("add-team-member"),
      body: { organizationId: w.id, teamId: w.spareTeamId, userId: w.targetUserId },
    }),
    outsider: NOT_A_MEMBER_400,
    lacking: refusal(403, "You are not allowed to create a new member"),
  },
  {
    name: "POST /organization/remove-team-member",
    rule: perm("member", "delete"),
    mutates: true,
    request: (w) => ({
      method: "POST",
      path: org("remove-team-member"),
      body: { organizationId: w.id, teamId: w.teamId, userId: w.targetUserId },
    }),
    outsider: NOT_A_MEMBER_400,
    lacking: refusal(403, "You are not allowed to remove a team member"),
  },
  {
    name: "GET /api/audit?organizationId",
    rule: { kind: "audit", scope: "organization" },
    mutates: false,
    request: (w) => ({ method: "GET", path: "/api/audit", query: { organizationId: w.id } }),
    anonymous: refusal(401, "Not authenticated"),
    outsider: refusal(403, "You are not allowed to access resource"),
    lacking: refusal(403, "You are not allowed to access resource"),
  },
  ...roleCalls,
  {
    name: "GET /api/organizations/:id/scim",
    rule: { kind: "org-permissions", statements: { organization: ["update"], member: ["create", "delete"] } },
    mutates: false,
    request: (w) => ({ method: "GET", path: `/api/organizations/${w.id}/scim` }),
    anonymous: refusal(401, "Not authenticated"),
    outsider: refusal(403, "You are not allowed to access resource"),
    lacking: refusal(403, "You are not allowed to access resource"),
  },
  {
    name: "POST /api/organizations/:id/scim/token",
    rule: { kind: "org-permissions", statements: { organization: ["update"], member: ["create", "delete"] } },
    mutates: true,
    request: (w) => ({ method: "POST", path: `/api/organizations/${w.id}/scim/token` }),
    anonymous: refusal(401, "Not authenticated"),
    outsider: refusal(403, "You are not allowed to access resource"),
    lacking: refusal(403, "You are not allowed to access resource"),
  },
  {
    name: "GET /api/organizations/:id/sso",
    rule: { kind: "org-roles", roles: ["owner", "admin"] },
    mutates: false,
    request: (w) => ({ method: "GET", path: `/api/organizations/${w.id}/sso` }),
    anonymous: refusal(401, "Not authenticated"),
    outsider: refusal(403, "You are not allowed to access resource"),
    lacking: refusal(403, "You are not allowed to access resource"),
  },
  {
    name: "POST /api/organizations/:id/sso/domain",
    rule: { kind: "org-roles", roles: ["owner", "admin"] },
    mutates: true,
    request: (w) => ({
      method: "POST",
      path: `/api/organizations/${w.id}/sso/domain`,
      body: {
        domain: `d${uid()
          .toLowerCase()
          .replace(/[^a-z0-9]/g, "")}.example`,
      },
    }),
    anonymous: refusal(401, "Not authenticated"),
    outsider: refusal(403, "You are not allowed to access resource"),
    lacking: refusal(403, "You are not allowed to access resource"),
  },
  {
    name: "GET /api/organizations/:id/oauth-clients",
    rule: perm("oauthClient", "read"),
    mutates: false,
    request: (w) => ({ method: "GET", path: `/api/organizations/${w.id}/oauth-clients` }),
    anonymous: refusal(401, "Not authenticated"),
    outsider: refusal(403, "You are not allowed to access resource"),
    lacking: refusal(403, "You are not allowed to access resource"),
  },
  {
    name: "GET /api/api-keys?organizationId",
    rule: perm("apiKey", "read"),
    mutates: false,
    request: (w) => ({ method: "GET", path: "/api/api-keys", query: { organizationId: w.id } }),
    anonymous: refusal(401, "Not authenticated"),
    // The engine's api-key plugin's own words.
    outsider: refusal(403, "You are not a member of the organization that owns this API key."),
    lacking: refusal(403, "You do not have permission to perform this action on organization API keys."),
  },
  {
    name: "GET /api/organizations/:id/webhooks",
    rule: perm("webhook", "read"),
    mutates: false,
    request: (w) => ({ method: "GET", path: `/api/organizations/${w.id}/webhooks` }),
    anonymous: refusal(401, "Not authenticated"),
    outsider: refusal(403, "You are not allowed to access resource"),
    lacking: refusal(403, "You are not allowed to access resource"),
  },
];
