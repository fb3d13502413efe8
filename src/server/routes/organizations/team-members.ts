import { Hono, type MiddlewareHandler } from "hono";
import type { TeamRoster } from "../../../shared/team-roster.js";
import type { Auth } from "../../auth/auth.js";
import type { SessionVariables } from "../../auth/session-fast-path.js";
import type { Config } from "../../config.js";
import { authorization } from "../authorize.js";

interface Deps {
  auth: Auth;
  config: Pick<Config, "organization">;
  requireSession: MiddlewareHandler<{ Variables: SessionVariables }>;
}

// The engine's findMany stops at 100 rows unless told otherwise; an organization may have more.
const MAX_ROWS = 100_000;

/**
 * GET /api/organizations/:organizationId/team-members: who is in which team of the organization, and
 * the limits that apply (MEMBERSHIP_LIMIT, TEAM_MEMBER_LIMIT), for its members. The engine's
 * /organization/list-team-members shows a team only to that team's own members, so an owner could not
 * see whom to add to or remove from a team they are not in; the changes themselves still go through
 * the engine, which checks the permissions (docs/roles.md).
 */
export function organizationTeamRoutes({ auth, config, requireSession }: Deps) {
  const app = new Hono<{ Variables: SessionVariables }>();
  const { requirePermission } = authorization({ auth, requireSession });
  app.use("*", requireSession);

  // The engine's own refusal for a non-member, so the web app translates it alike.
  const members = requirePermission("organization", "membership", {
    notMember: "YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION",
  });
  app.get("/:organizationId/team-members", members, async (c) => {
    const organizationId = c.req.param("organizationId");
    const { adapter } = await auth.$context;
    const teams = await adapter.findMany<{ id: string }>({
      model: "team",
      where: [{ field: "organizationId", value: organizationId }],
      limit: MAX_ROWS,
    });
    const rows = teams.length
      ? await adapter.findMany<{ teamId: string; userId: string; createdAt?: Date | string }>({
          model: "teamMember",
          where: [{ field: "teamId", value: teams.map((t) => t.id), operator: "in" }],
          limit: MAX_ROWS,
        })
      : [];
    c.header("Cache-Control", "no-store");
    return c.json({
      teamMembers: rows.map((r) => ({ teamId: r.teamId, userId: r.userId })),
      limits: {
        membership: config.organization.membershipLimit,
        teamMembers: config.organization.teamMemberLimit ?? null,
      },
    } satisfies TeamRoster);
  });

  return app;
}
