import type { SCIMOptions } from "@better-auth/scim";
import type { AuthContext } from "better-auth";
import type { ScimAudit } from "./audit.js";
import { scimError } from "./errors.js";
import { type Database, hasRole, type Row } from "./rows.js";

/**
 * What a User means in the organization (the plugin's `projection.reconcileUser`, docs/scim.md): an active User
 * is a member, an inactive or deleted one is not (its sessions in the organization end); its Groups are teams
 * (linked, adopted by name, or created; at most `teamMemberLimit` members each).
 */
export function scimProjection({
  scimAudit,
  engine,
  teamMemberLimit,
}: {
  scimAudit: ScimAudit;
  /** The engine's context, once it started (sessions are ended through it, so Redis copies go too). */
  engine: () => AuthContext | undefined;
  teamMemberLimit?: number;
}) {
  /** The team a SCIM Group stands for in its organization: linked, adopted by name, or created. */
  async function teamOfGroup(database: Database, organizationId: string, group: Row): Promise<string> {
    const link = await database.findOne<Row>({
      model: "scimTeamLink",
      where: [{ field: "scimGroupId", value: group.id }],
    });
    const name = String(group.displayName);
    const teams = await database.findMany<Row>({
      model: "team",
      where: [{ field: "organizationId", value: organizationId }],
    });
    const sameName = (t: Row) => String(t.name).trim().toLowerCase() === name.trim().toLowerCase();
    const linked = link ? teams.find((t) => t.id === link.teamId) : undefined;
    if (linked) {
      // A renamed Group renames its team, unless another team of the organization has that name.
      if (linked.name !== name && !teams.some((t) => t.id !== linked.id && sameName(t))) {
        await database.update({
          model: "team",
          where: [{ field: "id", value: linked.id }],
          update: { name, updatedAt: new Date() },
        });
        await scimAudit("team.updated", organizationId, { targetType: "team", targetId: linked.id }, { name });
      }
      return linked.id;
    }
    if (link) await database.delete({ model: "scimTeamLink", where: [{ field: "id", value: link.id }] });
    // A team of that name that no other Group stands for is adopted; otherwise a new one is made.
    const takenIds = new Set(
      (
        await database.findMany<Row>({
          model: "scimTeamLink",
          where: [{ field: "organizationId", value: organizationId }],
        })
      ).map((l) => l.teamId),
    );
    const adoptable = teams.find((t) => sameName(t) && !takenIds.has(t.id));
    let teamId: string;
    if (adoptable) {
      teamId = adoptable.id;
    } else {
      const now = new Date();
      const unique = teams.some(sameName) ? `${name} (SCIM)` : name;
      const team = await database.create<Record<string, unknown>, Row>({
        model: "team",
        data: { name: unique, organizationId, createdAt: now, updatedAt: now },
      });
      teamId = team.id;
      await scimAudit("team.created", organizationId, { targetType: "team", targetId: teamId }, { name: unique });
    }
    await database.create({
      model: "scimTeamLink",
      data: {
        organizationId,
        scimGroupId: group.id,
        teamId,
        adopted: Boolean(adoptable),
        createdAt: new Date(),
      },
    });
    return teamId;
  }

  async function endSessionsIn(database: Database, organizationId: string, userId: string) {
    const sessions = await database.findMany<Row>({
      model: "session",
      where: [
        { field: "userId", value: userId },
        { field: "activeOrganizationId", value: organizationId },
      ],
    });
    const tokens = sessions.map((s) => String(s.token));
    // Through the engine, so Redis copies go too (sessions live there and in the database).
    if (tokens.length) await engine()?.internalAdapter.deleteSessions(tokens);
    return tokens.length;
  }

  const reconcileUser: NonNullable<SCIMOptions["projection"]>["reconcileUser"] = async (
    { provisioningDomainId: organizationId, userId, active, sources },
    { database },
  ) => {
    const organization = await database.findOne<Row>({
      model: "organization",
      where: [{ field: "id", value: organizationId }],
    });
    if (!organization) return;
    const member = await database.findOne<Row>({
      model: "member",
      where: [
        { field: "organizationId", value: organizationId },
        { field: "userId", value: userId },
      ],
    });
    const linkedTeams = await database.findMany<Row>({
      model: "scimTeamLink",
      where: [{ field: "organizationId", value: organizationId }],
    });
    const linkedTeamIds = linkedTeams.map((l) => String(l.teamId));
    const seats = linkedTeamIds.length
      ? await database.findMany<Row>({
          model: "teamMember",
          where: [
            { field: "userId", value: userId },
            { field: "teamId", value: linkedTeamIds, operator: "in" },
          ],
        })
      : [];

    if (!active) {
      for (const seat of seats) {
        await database.delete({ model: "teamMember", where: [{ field: "id", value: seat.id }] });
        await scimAudit(
          "team.member_removed",
          organizationId,
          { targetType: "user", targetId: userId },
          { teamId: seat.teamId },
        );
      }
      if (member && !hasRole(member.role, "owner")) {
        await database.delete({ model: "member", where: [{ field: "id", value: member.id }] });
        const ended = await endSessionsIn(database, organizationId, userId);
        await scimAudit(
          "member.removed",
          organizationId,
          { targetType: "user", targetId: userId },
          { role: member.role, sessionsEnded: ended },
        );
      }
      return;
    }

    if (!member) {
      await database.create({
        model: "member",
        data: { organizationId, userId, role: "member", createdAt: new Date() },
      });
      await scimAudit("member.added", organizationId, { targetType: "user", targetId: userId }, { role: "member" });
    }

    // Teams: one per SCIM Group this user is in (through an active source of this organization).
    const activeSourceIds = sources.filter((s) => s.active && s.provisioningDomainId === organizationId);
    const groupIds = activeSourceIds.length
      ? (
          await database.findMany<Row>({
            model: "scimGroupMember",
            where: [{ field: "scimUserId", value: activeSourceIds.map((s) => s.id), operator: "in" }],
          })
        ).map((m) => String(m.groupId))
      : [];
    const groups = groupIds.length
      ? await database.findMany<Row>({
          model: "scimGroup",
          where: [
            { field: "id", value: [...new Set(groupIds)], operator: "in" },
            { field: "provisioningDomainId", value: organizationId },
          ],
        })
      : [];
    const wanted = new Set<string>();
    for (const group of groups) wanted.add(await teamOfGroup(database, organizationId, group));
    const refreshedLinks = await database.findMany<Row>({
      model: "scimTeamLink",
      where: [{ field: "organizationId", value: organizationId }],
    });
    const scimTeamIds = new Set(refreshedLinks.map((l) => String(l.teamId)));
    const currentSeats = scimTeamIds.size
      ? await database.findMany<Row>({
          model: "teamMember",
          where: [
            { field: "userId", value: userId },
            { field: "teamId", value: [...scimTeamIds], operator: "in" },
          ],
        })
      : [];
    const seated = new Set(currentSeats.map((s) => String(s.teamId)));
    for (const seat of currentSeats) {
      if (wanted.has(String(seat.teamId))) continue;
      await database.delete({ model: "teamMember", where: [{ field: "id", value: seat.id }] });
      await scimAudit(
        "team.member_removed",
        organizationId,
        { targetType: "user", targetId: userId },
        { teamId: seat.teamId },
      );
    }
    for (const teamId of wanted) {
      if (seated.has(teamId)) continue;
      if (teamMemberLimit !== undefined) {
        const count = await database.count({ model: "teamMember", where: [{ field: "teamId", value: teamId }] });
        if (count >= teamMemberLimit) throw scimError(409, "The team of this Group is full");
      }
      await database.create({ model: "teamMember", data: { teamId, userId, createdAt: new Date() } });
      await scimAudit("team.member_added", organizationId, { targetType: "user", targetId: userId }, { teamId });
    }
  };

  return { teamOfGroup, reconcileUser };
}
