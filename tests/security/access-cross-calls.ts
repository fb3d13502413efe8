import type { Refusal, Request, Rule } from "./access-calls.js";
import { org, perm, refusal } from "./access-calls.js";
import type { World } from "./access-fixtures.js";
import { uid } from "./support.js";

/**
 * A member, admin or owner of organization A naming organization B's member, invitation or team
 * ids while acting in A (where their role may be enough). Always refused; `lacking` is the answer
 * when the role lacks the statement in A, `crossed` when it holds it and only the id is foreign.
 */
export interface CrossCall {
  name: string;
  rule: Rule;
  request(a: World, b: World): Request;
  lacking?: Refusal;
  crossed: Refusal;
}

const TEAM_NOT_FOUND = refusal(400, "Team not found");
const MEMBER_NOT_FOUND = refusal(400, "Member not found");
const NOT_RECIPIENT = refusal(403, "You are not the recipient of the invitation");
const NOT_A_MEMBER = refusal(400, "User is not a member of the organization");
const member: Rule = { kind: "member" };

export const crossCalls: CrossCall[] = [
  {
    name: "update-member-role on B's member",
    rule: perm("member", "update"),
    request: (a, b) => ({
      method: "POST",
      path: org("update-member-role"),
      body: { organizationId: a.id, memberId: b.memberIds.target, role: "admin" },
    }),
    // The engine compares organizations before roles: everyone hears the same.
    lacking: refusal(403, "You are not allowed to update this member"),
    crossed: refusal(403, "You are not allowed to update this member"),
  },
  {
    name: "update-member-role on B's owner",
    rule: perm("member", "update"),
    request: (a, b) => ({
      method: "POST",
      path: org("update-member-role"),
      body: { organizationId: a.id, memberId: b.memberIds.owner, role: "member" },
    }),
    lacking: refusal(403, "You are not allowed to update this member"),
    crossed: refusal(403, "You are not allowed to update this member"),
  },
  {
    name: "remove-member by B's member id",
    rule: perm("member", "delete"),
    request: (a, b) => ({
      method: "POST",
      path: org("remove-member"),
      body: { organizationId: a.id, memberIdOrEmail: b.memberIds.target },
    }),
    lacking: refusal(401, "You are not allowed to delete this member"),
    crossed: MEMBER_NOT_FOUND,
  },
  {
    name: "remove-member by the e-mail of B's member",
    rule: member,
    request: (a, b) => ({
      method: "POST",
      path: org("remove-member"),
      body: { organizationId: a.id, memberIdOrEmail: b.targetEmail },
    }),
    crossed: MEMBER_NOT_FOUND,
  },
  {
    name: "cancel-invitation of B",
    rule: member,
    request: (_a, b) => ({
      method: "POST",
      path: org("cancel-invitation"),
      body: { invitationId: b.spareInvitationId },
    }),
    crossed: MEMBER_NOT_FOUND,
  },
  {
    name: "accept-invitation of B (not the recipient)",
    rule: member,
    request: (_a, b) => ({ method: "POST", path: org("accept-invitation"), body: { invitationId: b.invitationId } }),
    crossed: NOT_RECIPIENT,
  },
  {
    name: "reject-invitation of B (not the recipient)",
    rule: member,
    request: (_a, b) => ({ method: "POST", path: org("reject-invitation"), body: { invitationId: b.invitationId } }),
    crossed: NOT_RECIPIENT,
  },
  {
    name: "get-invitation of B (not the recipient)",
    rule: member,
    request: (_a, b) => ({ method: "GET", path: org("get-invitation"), query: { id: b.invitationId } }),
    crossed: NOT_RECIPIENT,
  },
  {
    name: "update-team on B's team",
    rule: perm("team", "update"),
    request: (a, b) => ({
      method: "POST",
      path: org("update-team"),
      body: { teamId: b.teamId, data: { name: "Hijacked", organizationId: a.id } },
    }),
    lacking: refusal(403, "You are not allowed to update this team"),
    crossed: TEAM_NOT_FOUND,
  },
  {
    name: "remove-team on B's team",
    rule: perm("team", "delete"),
    request: (a, b) => ({
      method: "POST",
      path: org("remove-team"),
      body: { organizationId: a.id, teamId: b.spareTeamId },
    }),
    lacking: refusal(403, "You are not allowed to delete teams in this organization"),
    crossed: TEAM_NOT_FOUND,
  },
  {
    name: "add-team-member: A's member onto B's team",
    rule: perm("member", "update"),
    request: (a, b) => ({
      method: "POST",
      path: org("add-team-member"),
      body: { organizationId: a.id, teamId: b.spareTeamId, userId: a.targetUserId },
    }),
    lacking: refusal(403, "You are not allowed to create a new member"),
    crossed: TEAM_NOT_FOUND,
  },
  {
    name: "add-team-member: B's member onto A's team",
    rule: perm("member", "update"),
    request: (a, b) => ({
      method: "POST",
      path: org("add-team-member"),
      body: { organizationId: a.id, teamId: a.spareTeamId, userId: b.targetUserId },
    }),
    lacking: refusal(403, "You are not allowed to create a new member"),
    crossed: NOT_A_MEMBER,
  },
  {
    name: "remove-team-member: B's member from B's team",
    rule: perm("member", "delete"),
    request: (a, b) => ({
      method: "POST",
      path: org("remove-team-member"),
      body: { organizationId: a.id, teamId: b.teamId, userId: b.targetUserId },
    }),
    lacking: refusal(403, "You are not allowed to remove a team member"),
    crossed: NOT_A_MEMBER,
  },
  {
    name: "remove-team-member: A's member from B's team",
    rule: perm("member", "delete"),
    request: (a, b) => ({
      method: "POST",
      path: org("remove-team-member"),
      body: { organizationId: a.id, teamId: b.teamId, userId: a.targetUserId },
    }),
    lacking: refusal(403, "You are not allowed to remove a team member"),
    crossed: TEAM_NOT_FOUND,
  },
  {
    name: "list-team-members of B's team",
    rule: member,
    request: (_a, b) => ({ method: "GET", path: org("list-team-members"), query: { teamId: b.teamId } }),
    crossed: refusal(400, "User is not a member of the team"),
  },
  {
    name: "set-active-team to B's team",
    rule: member,
    request: (_a, b) => ({ method: "POST", path: org("set-active-team"), body: { teamId: b.teamId } }),
    crossed: TEAM_NOT_FOUND,
  },
  {
    name: "invite-member into B's team",
    rule: perm("invitation", "create"),
    request: (a, b) => ({
      method: "POST",
      path: org("invite-member"),
      body: { organizationId: a.id, email: `cross-${uid()}@example.com`, role: "member", teamId: b.teamId },
    }),
    lacking: refusal(403, "You are not allowed to invite users to this organization"),
    crossed: TEAM_NOT_FOUND,
  },
  {
    name: "get-active-member-role of B's member",
    rule: member,
    request: (a, b) => ({
      method: "GET",
      path: org("get-active-member-role"),
      query: { organizationId: a.id, userId: b.targetUserId },
    }),
    crossed: refusal(403, "You are not a member of this organization"),
  },
  {
    name: "list-user-teams of B's member",
    rule: perm("member", "update"),
    request: (a, b) => ({
      method: "GET",
      path: org("list-user-teams"),
      query: { organizationId: a.id, userId: b.targetUserId },
    }),
    lacking: refusal(403, "You are not allowed to update this member"),
    crossed: NOT_A_MEMBER,
  },
];
