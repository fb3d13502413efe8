import { getCurrentAdapter } from "@better-auth/core/context";
import type { AuthContext, BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { apiError } from "../errors.js";
import type { PathHook } from "./resources/resource.js";

/** Two teams of one organization never share a name (issue 22 item 12): menus and mails name teams. */
const normalize = (name: string) => name.trim().toLowerCase();

/**
 * The organization plugin's beforeCreateTeam and beforeUpdateTeam hooks: a name is taken when another
 * team of the organization has it, compared without case and surrounding spaces. They read through the
 * engine's current adapter: the default team is created inside the engine's create-organization
 * transaction, where a query on another connection would wait for that transaction forever. Two
 * requests racing with the same new name can both pass (no unique index: databases made before this
 * rule may already hold duplicates, which stay until renamed).
 */
export function teamNameRules() {
  let context: AuthContext | undefined;
  async function refuseTaken(organizationId: string, name: string | undefined, exceptTeamId?: string) {
    if (typeof name !== "string" || !name.trim() || !context) return;
    const adapter = await getCurrentAdapter(context.adapter);
    const teams = await adapter.findMany<{ id: string; name: string }>({
      model: "team",
      where: [{ field: "organizationId", value: organizationId }],
    });
    if (teams.some((t) => t.id !== exceptTeamId && normalize(t.name) === normalize(name))) {
      throw apiError("TEAM_NAME_TAKEN");
    }
  }
  return {
    plugin: {
      id: "tessera-team-names",
      init(ctx) {
        context = ctx;
      },
    } satisfies BetterAuthPlugin,
    async beforeCreateTeam({ team }: { team: { name: string; organizationId: string } }) {
      await refuseTaken(team.organizationId, team.name);
    },
    async beforeUpdateTeam({
      team,
      updates,
    }: {
      team: { id: string; organizationId: string };
      updates: { name?: string };
    }) {
      await refuseTaken(team.organizationId, updates.name, team.id);
    },
  };
}

/**
 * docs/behaviour.md#teams: a team name has at least 1 character (docs/decisions/002-spec-conformance.md item 7).
 * A path matcher, not beforeCreateTeam: that typed hook also runs for create-organization's default team, named
 * after the organization (whose name may be blank), and this 400 comes before the engine's permission check.
 */
export const teamNameRequired: PathHook = {
  matcher: (ctx) => ctx.path === "/organization/create-team" || ctx.path === "/organization/update-team",
  handler: createAuthMiddleware(async (ctx) => {
    const body = (ctx.body ?? {}) as { name?: unknown; data?: { name?: unknown } };
    const name = ctx.path === "/organization/create-team" ? body.name : body.data?.name;
    if (typeof name === "string" && name.trim().length === 0) {
      throw apiError("TEAM_NAME_REQUIRED");
    }
  }),
};
