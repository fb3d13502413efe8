import type { DBAdapter } from "better-auth";
import type { AuditEvent, AuditEventView, AuditParty } from "../../shared/audit-events.js";

type Row = { id: string } & Record<string, unknown>;

const text = (v: unknown) => (typeof v === "string" && v !== "" ? v : null);

/**
 * Names a page of events: one query per table (users, organizations, teams, invitations) for the whole
 * page, whatever its size — never one per event.
 */
export async function nameEvents(adapter: DBAdapter<any>, events: AuditEventView[]): Promise<AuditEvent[]> {
  const ids = {
    user: new Set<string>(),
    organization: new Set<string>(),
    team: new Set<string>(),
    invitation: new Set<string>(),
  };
  for (const e of events) {
    if (e.actorId) ids.user.add(e.actorId);
    if (e.organizationId) ids.organization.add(e.organizationId);
    const impersonator = text(e.detail?.impersonatedBy);
    if (impersonator) ids.user.add(impersonator);
    const team = text(e.detail?.teamId);
    if (team) ids.team.add(team);
    if (e.targetId && e.targetType && e.targetType in ids) ids[e.targetType as keyof typeof ids].add(e.targetId);
  }
  const lookup = async (model: keyof typeof ids) => {
    const wanted = [...ids[model]];
    if (!wanted.length) return new Map<string, Row>();
    const rows = await adapter.findMany<Row>({
      model,
      where: [{ field: "id", operator: "in", value: wanted }],
      limit: wanted.length,
    });
    return new Map(rows.map((r) => [r.id, r]));
  };
  const [users, organizations, teams, invitations] = await Promise.all([
    lookup("user"),
    lookup("organization"),
    lookup("team"),
    lookup("invitation"),
  ]);

  const person = (id: string | null | undefined): AuditParty | null => {
    const u = id ? users.get(id) : undefined;
    return u ? { name: text(u.name), email: text(u.email) } : null;
  };
  const named = (name: unknown): AuditParty | null => (text(name) ? { name: text(name), email: null } : null);

  function target(e: AuditEventView): AuditParty | null {
    const id = e.targetId;
    const d = e.detail ?? {};
    switch (e.targetType) {
      case "user":
        return person(id);
      case "organization":
        return named(id && organizations.get(id)?.name) ?? named(d.name);
      case "team":
        return named(id && teams.get(id)?.name) ?? named(d.name);
      case "invitation": {
        const email = text(id && invitations.get(id)?.email) ?? text(d.email);
        return email ? { name: null, email } : null;
      }
      case "role":
        return named(d.role);
      default:
        return null;
    }
  }

  return events.map((e) => {
    const teamId = text(e.detail?.teamId);
    return {
      ...e,
      names: {
        actor: person(e.actorId),
        target: target(e),
        organization: text(e.organizationId && organizations.get(e.organizationId)?.name),
        team: text(teamId && teams.get(teamId)?.name),
        impersonator: person(text(e.detail?.impersonatedBy)),
      },
    };
  });
}
