/**
 * GET /api/organizations/:organizationId/team-members (src/server/routes/organizations/team-members.ts):
 * who is in which team of the organization and the limits that apply (MEMBERSHIP_LIMIT, TEAM_MEMBER_LIMIT;
 * null: none), for the server that answers it and the teams screen that reads it.
 */
export interface TeamRoster {
  teamMembers: { teamId: string; userId: string }[];
  limits: { membership: number; teamMembers: number | null };
}
