import type { OrganizationRole, SiteRole } from "../../src/shared/permissions.js";
import { SESSION_COOKIE, type TestClient } from "../helpers/client.js";
import { makeUser, organizationOwnedBy, sessionClient, sessionHeaders } from "../helpers/org-fixtures.js";
import type { TestServer } from "../helpers/server.js";
import { SPARE_ROLE } from "./access-calls.js";
import { uid } from "./support.js";

/** Who is asking, relative to the organization the call is about (SPEC §6). */
export const RELATIONSHIPS = [
  "anonymous",
  "other user",
  "invitee",
  "member",
  "admin",
  "owner",
  "site admin",
  "banned user",
  "impersonating admin",
] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];

/** An organization with one user in every relationship, plus spare rows for destructive calls. */
export interface World {
  id: string;
  slug: string;
  memberIds: { owner: string; admin: string; member: string; target: string };
  /** A team every member belongs to; nobody's active team. */
  teamId: string;
  /** A second team, for removal. */
  spareTeamId: string;
  /** Pending invitation to the invitee. */
  invitationId: string;
  /** Pending invitation to an address nobody holds, for cancelling. */
  spareInvitationId: string;
  /** A user who is a member only of this organization (a target for removal from teams). */
  targetUserId: string;
  targetEmail: string;
}

interface Person {
  id: string;
  email: string;
}

/** The fixed cast: one user per relationship, reused by every organization built. */
export interface Cast {
  owner: Person;
  admin: Person;
  member: Person;
  invitee: Person;
  other: Person;
  siteAdmin: Person;
  banned: Person;
  impersonator: Person;
  /** The banned user's cookie from before the ban. */
  bannedClient: TestClient;
  ownerClient: TestClient;
}

/** What the matrix knows of an actor: the roles the data in src/shared/permissions.ts is asked about. */
export interface Actor {
  relationship: Relationship;
  client: TestClient;
  /** Organization role in the organization under test, if a member (and signed in). */
  orgRole?: OrganizationRole;
  /** Site-wide role of the user the session acts as; undefined when signed out. */
  siteRole?: SiteRole;
  userId?: string;
  /** Signed out (anonymous, or a banned user whose sessions were revoked). */
  signedOut: boolean;
}

export async function createCast(server: TestServer, tag: string): Promise<Cast> {
  const person = async (role: string, fields: Record<string, unknown> = {}) => {
    const u = await makeUser(server, `${tag}-${role}-${uid()}@example.com`, fields);
    return { id: u.id, email: u.email };
  };
  const [owner, admin, member, invitee, other, siteAdmin, banned, impersonator] = await Promise.all([
    person("owner"),
    person("admin"),
    person("member"),
    person("invitee"),
    person("other"),
    person("site-admin", { role: "admin" }),
    person("banned"),
    person("impersonator", { role: "admin" }),
  ]);
  const bannedClient = (await sessionClient(server, banned.id)).client;
  // Banned through the real admin call, which revokes every session of the user.
  const adminClient = (await sessionClient(server, siteAdmin.id)).client;
  const ban = await adminClient.post("/api/auth/admin/ban-user", { userId: banned.id, banReason: "matrix" });
  if (ban.status !== 200) throw new Error(`ban failed: ${ban.status} ${ban.text}`);
  const ownerClient = (await sessionClient(server, owner.id)).client;
  return { owner, admin, member, invitee, other, siteAdmin, banned, impersonator, bannedClient, ownerClient };
}

/** Who an organization is built around: its owner (and a session of theirs), the invitee, whoever else joins. */
export type Roster = Pick<Cast, "owner" | "ownerClient" | "invitee"> &
  Partial<Pick<Cast, "admin" | "member" | "banned">>;

/**
 * Builds an organization around the cast (or a smaller roster: the member ids of whoever is missing are
 * "") through the engine's server-side calls; `requireMfa` then turns its two-step policy on.
 */
export async function buildWorld(
  server: TestServer,
  cast: Roster,
  tag = "world",
  { requireMfa = false } = {},
): Promise<World> {
  const { api } = server.running.auth;
  const ctx = await server.running.auth.$context;
  const org = await organizationOwnedBy(server, cast.owner.id, tag);
  const slug = org.slug;
  const target = await makeUser(server, `target-${uid()}@example.com`);
  const add = (userId: string, role: string) =>
    api.addMember({ body: { userId, organizationId: org.id, role: role as "member" } }) as Promise<{ id: string }>;
  const [admin, member, targetMember] = await Promise.all([
    cast.admin && add(cast.admin.id, "admin"),
    cast.member && add(cast.member.id, "member"),
    add(target.id, "member"),
    // Banned, yet an admin here: the ban alone must keep them out.
    cast.banned && add(cast.banned.id, "admin"),
  ]);
  const team = (await api.createTeam({ body: { name: `Team ${slug}`, organizationId: org.id } })) as { id: string };
  const spare = (await api.createTeam({ body: { name: `Spare ${slug}`, organizationId: org.id } })) as { id: string };
  const headers = sessionHeaders(cast.ownerClient);
  for (const userId of [cast.owner.id, cast.admin?.id, cast.member?.id, target.id].filter((id) => id !== undefined)) {
    await api.addTeamMember({ headers, body: { teamId: team.id, userId, organizationId: org.id } });
  }
  const invitation = (email: string) =>
    ctx.adapter.create<Record<string, unknown>, { id: string }>({
      model: "invitation",
      data: {
        organizationId: org.id,
        email,
        role: "member",
        status: "pending",
        inviterId: cast.owner.id,
        expiresAt: new Date(Date.now() + 3_600_000),
        createdAt: new Date(),
        teamId: null,
      },
    });
  const [toInvitee, toNobody] = await Promise.all([
    invitation(cast.invitee.email),
    invitation(`nobody-${uid()}@example.com`),
    // A custom role holding nothing, for the role calls (access-calls.ts SPARE_ROLE).
    ctx.adapter.create({
      model: "organizationRole",
      data: { organizationId: org.id, role: SPARE_ROLE, permission: "{}", createdAt: new Date() },
    }),
  ]);
  if (requireMfa) {
    await ctx.adapter.update({
      model: "organization",
      where: [{ field: "id", value: org.id }],
      update: { requireMfa },
    });
  }
  return {
    id: org.id,
    slug,
    memberIds: {
      owner: org.members[0]?.id ?? "",
      admin: admin?.id ?? "",
      member: member?.id ?? "",
      target: targetMember.id,
    },
    teamId: team.id,
    spareTeamId: spare.id,
    invitationId: toInvitee.id,
    spareInvitationId: toNobody.id,
    targetUserId: target.id,
    targetEmail: target.email,
  };
}

/**
 * A fresh actor for one call: its own session (with the world as active organization), so one
 * call's side effects on the session never leak into the next.
 */
export async function actorFor(
  server: TestServer,
  cast: Cast,
  world: World,
  relationship: Relationship,
): Promise<Actor> {
  const active = { activeOrganizationId: world.id };
  const roles = rolesOf(relationship);
  const userIds: Record<Relationship, string> = {
    anonymous: "",
    "banned user": cast.banned.id,
    "other user": cast.other.id,
    invitee: cast.invitee.id,
    member: cast.member.id,
    admin: cast.admin.id,
    owner: cast.owner.id,
    "site admin": cast.siteAdmin.id,
    "impersonating admin": cast.member.id,
  };
  const userId = userIds[relationship];
  if (relationship === "anonymous") return { ...roles, client: server.client() };
  if (relationship === "banned user") return { ...roles, client: cast.bannedClient, userId };
  if (relationship === "impersonating admin") {
    // A site admin who took over the member's session through the real call; acts as the member.
    const { client } = await sessionClient(server, cast.impersonator.id);
    const res = await client.post("/api/auth/admin/impersonate-user", { userId });
    if (res.status !== 200) throw new Error(`impersonation failed: ${res.status} ${res.text}`);
    const ctx = await server.running.auth.$context;
    const token = decodeURIComponent(client.cookies.get(SESSION_COOKIE) ?? "").split(".")[0] ?? "";
    await ctx.internalAdapter.updateSession(token, active);
    return { ...roles, client, userId };
  }
  return { ...roles, client: (await sessionClient(server, userId, active)).client, userId };
}

/** What the expectation of a cell depends on: the roles held, as src/shared/permissions.ts names them. */
export type Roles = Omit<Actor, "client" | "userId">;

/** The roles each relationship holds. */
export function rolesOf(relationship: Relationship): Roles {
  const signedIn = (orgRole: OrganizationRole | undefined, siteRole: SiteRole) => ({
    relationship,
    orgRole,
    siteRole,
    signedOut: false,
  });
  switch (relationship) {
    case "anonymous":
    case "banned user":
      return { relationship, signedOut: true };
    case "other user":
    case "invitee":
      return signedIn(undefined, "user");
    case "member":
    case "impersonating admin":
      return signedIn("member", "user");
    case "admin":
      return signedIn("admin", "user");
    case "owner":
      return signedIn("owner", "user");
    case "site admin":
      return signedIn(undefined, "admin");
  }
}

/** Every row that belongs to the organization, to prove a refused call changed nothing. */
export async function snapshot(server: TestServer, organizationId: string) {
  const { db } = server.running.database;
  const teams = await db
    .selectFrom("team")
    .selectAll()
    .where("organizationId", "=", organizationId)
    .orderBy("id")
    .execute();
  const teamIds = teams.map((t) => t.id as string);
  return JSON.stringify({
    organization: await db.selectFrom("organization").selectAll().where("id", "=", organizationId).execute(),
    members: await db
      .selectFrom("member")
      .selectAll()
      .where("organizationId", "=", organizationId)
      .orderBy("id")
      .execute(),
    invitations: await db
      .selectFrom("invitation")
      .selectAll()
      .where("organizationId", "=", organizationId)
      .orderBy("id")
      .execute(),
    teams,
    teamMembers: teamIds.length
      ? await db.selectFrom("teamMember").selectAll().where("teamId", "in", teamIds).orderBy("id").execute()
      : [],
  });
}
