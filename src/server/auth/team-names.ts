import { APIError } from "better-auth/api";
import { type Kysely, sql } from "kysely";

/** Two teams of one organization never share a name (issue 22 item 12): menus and mails name teams. */
export const TEAM_NAME_TAKEN = {
  code: "TEAM_NAME_TAKEN",
  message: "A team with this name already exists in this organization",
} as const;

/**
 * The organization plugin's beforeCreateTeam and beforeUpdateTeam hooks: a name is taken when another
 * team of the organization has it, compared without case and surrounding spaces. Two requests racing
 * with the same new name can both pass (no unique index: databases made before this rule may already
 * hold duplicates, which stay until renamed).
 */
export function teamNameRules(db: Kysely<any>) {
  async function refuseTaken(organizationId: string, name: string | undefined, exceptTeamId?: string) {
    if (typeof name !== "string" || !name.trim()) return;
    let query = db
      .selectFrom("team")
      .select("id")
      .where("organizationId", "=", organizationId)
      .where(sql`lower(trim(name))`, "=", name.trim().toLowerCase());
    if (exceptTeamId) query = query.where("id", "!=", exceptTeamId);
    if (await query.limit(1).executeTakeFirst()) throw new APIError("BAD_REQUEST", TEAM_NAME_TAKEN);
  }
  return {
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
