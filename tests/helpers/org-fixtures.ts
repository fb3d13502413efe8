// Long (about 300 lines) on purpose: every way a test gets people and organizations, and the SPEC role
// table tests check against, in one file a test author searches; each helper is short and read on its own.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join as joinPath } from "node:path";
import { promisify } from "node:util";
import { expect } from "vitest";
import { type Reply, SESSION_COOKIE, type TestClient } from "./client.js";
import { serverEnv, type TestServer, testHashCostOf } from "./server.js";
import { cliArgs } from "./server-bundle.js";
import { createSession } from "./session-fixtures.js";

// How tests get people and organizations, the one place for it: through the real API and mail
// (signUpPerson, createOrganization, join, setupOrganization …), or written straight through the engine where
// a test needs them by the hundred or wants no mail (makeUser, sessionClient, signedInPeople, organizationOwnedBy).
// Every address and slug is unique, so tests sharing a server never meet each other's rows.

const execFileAsync = promisify(execFile);

/** A signed-in user: their browser-like client and their user row. */
export interface Person {
  client: TestClient;
  user: { id: string; email: string; name: string };
}

export interface Organization {
  id: string;
  name: string;
  slug: string;
}

export interface OrganizationSetup {
  organization: Organization;
  owner: Person;
  admin: Person;
  member: Person;
  /** Member row ids, by role. */
  memberIds: { owner: string; admin: string; member: string };
}

let counter = 0;

/**
 * A unique, lower-case e-mail address, so tests sharing a server never collide. The clock is in decimal: in
 * base 36 it spelled words at times ("zo" matched an admin search for "Zoë" in CI), so a test's search for a
 * fragment of letters found generated addresses too, depending on the hour.
 */
export function uniqueEmail(tag: string): string {
  counter += 1;
  return `${tag}-${Date.now()}-${counter}@example.com`.toLowerCase();
}

/** A unique slug. */
export function uniqueSlug(tag: string): string {
  counter += 1;
  return `${tag}-${Date.now().toString(36)}-${counter}`.toLowerCase();
}

/** Fails the test with the server's answer when the status is not the expected one. */
export function expectStatus(res: Reply, status: number): Reply {
  expect(res.status, `${res.status} ${res.text}`).toBe(status);
  return res;
}

/** Asserts a refusal: the status and the engine's exact message. */
export function expectRefusal(res: Reply, status: number, message: string) {
  expect({ status: res.status, message: res.body?.message }).toEqual({ status, message });
}

/** Signs a new user up through the real mail flow. */
export async function signUpPerson(server: TestServer, tag: string, name?: string): Promise<Person> {
  const email = uniqueEmail(tag);
  return server.signUp(email, { name: name ?? tag });
}

/** A verified user written through the engine's own adapter: no password hash, no mail. */
export async function makeUser(server: TestServer, email: string, fields: Record<string, unknown> = {}) {
  const ctx = await server.running.auth.$context;
  const user = await ctx.internalAdapter.createUser(
    { email, name: email.split("@")[0] ?? email, emailVerified: true, ...fields },
    { method: "admin" },
  );
  return user as { id: string; email: string; name: string; role?: string | null };
}

/**
 * A session minted by the engine's internal adapter (as a finished sign-in leaves it), on a fresh
 * browser-like client; `fields` override session columns such as activeOrganizationId.
 */
export async function sessionClient(server: TestServer, userId: string, fields: Record<string, unknown> = {}) {
  const session = await createSession(server, userId, fields);
  const client = server.client();
  client.cookies.set(SESSION_COOKIE, session.cookie);
  return { client, token: session.token };
}

/** `count` people with sessions, written through the engine: racers by the hundred, no password hash each. */
export async function signedInPeople(server: TestServer, tag: string, count: number): Promise<Person[]> {
  const person = async (i: number): Promise<Person> => {
    const user = await makeUser(server, uniqueEmail(`${tag}-${i}`));
    return { client: (await sessionClient(server, user.id)).client, user };
  };
  return Promise.all(Array.from({ length: count }, (_, i) => person(i)));
}

/** Request headers that carry a session, for server-side auth.api calls. */
export function sessionHeaders(client: TestClient): Headers {
  return new Headers({ cookie: `${SESSION_COOKIE}=${client.cookies.get(SESSION_COOKIE) ?? ""}` });
}

/** The session as get-session reports it. */
export async function sessionOf(client: TestClient) {
  const res = expectStatus(await client.get("/api/auth/get-session"), 200);
  return res.body as {
    session: { activeOrganizationId?: string | null; activeTeamId?: string | null; impersonatedBy?: string | null };
    user: { id: string; email: string; role?: string | null };
  };
}

/** Creates an organization through the API; the caller becomes its owner. */
export async function createOrganization(
  client: TestClient,
  tag = "org",
  extra: Record<string, unknown> = {},
): Promise<Organization & Record<string, any>> {
  const slug = uniqueSlug(tag);
  const res = expectStatus(
    await client.post("/api/auth/organization/create", { name: `Org ${slug}`, slug, ...extra }),
    200,
  );
  return res.body;
}

/**
 * An organization owned by `userId`, written through the engine's server-side call (no session, no
 * HTTP, no audit of a request); named after its unique slug unless `name` is given.
 */
export async function organizationOwnedBy(server: TestServer, userId: string, tag = "org", name?: string) {
  const slug = uniqueSlug(tag);
  const org = await server.running.auth.api.createOrganization({ body: { name: name ?? slug, slug, userId } });
  return org as unknown as Organization & { members: { id: string }[] };
}

/** Invites an e-mail address; returns the invitation row the engine answers with. */
export async function invite(
  inviter: TestClient,
  organizationId: string,
  email: string,
  role: string,
  extra: Record<string, unknown> = {},
) {
  const res = await inviter.post("/api/auth/organization/invite-member", { email, role, organizationId, ...extra });
  expectStatus(res, 200);
  return res.body as { id: string; email: string; role: string; status: string; expiresAt: string; createdAt: string };
}

/** The invitation id a mail link `${BASE_URL}/invitations/<id>` carries. */
export function invitationIdFromLink(server: TestServer, link: string): string {
  const url = new URL(link);
  expect(url.origin).toBe(server.url);
  const match = /^\/invitations\/([^/]+)$/.exec(url.pathname);
  if (!match?.[1]) throw new Error(`not an invitation link: ${link}`);
  return match[1];
}

/**
 * What the invitee does: open the invitation mail, follow its link the way the web app's
 * invitation page does (view it, then accept).
 */
export async function acceptFromMail(server: TestServer, person: Person, since: number) {
  const mail = await server.mail.waitFor(person.user.email, /invited you/i, { since });
  const link = mail.links.find((l) => l.includes("/invitations/"));
  if (!link) throw new Error(`invitation mail has no invitation link: ${mail.text}`);
  const id = invitationIdFromLink(server, link);
  expectStatus(await person.client.get("/api/auth/organization/get-invitation", { id }), 200);
  const res = expectStatus(
    await person.client.post("/api/auth/organization/accept-invitation", { invitationId: id }),
    200,
  );
  return res.body as { invitation: { id: string; role: string; status: string }; member: { id: string; role: string } };
}

/** Invites a signed-in person into an organization and has them accept through the mail link. */
export async function join(
  server: TestServer,
  inviter: TestClient,
  organizationId: string,
  person: Person,
  role: string,
) {
  const since = server.mail.messages.length;
  await invite(inviter, organizationId, person.user.email, role);
  return acceptFromMail(server, person, since);
}

/** Invites and accepts by id, without waiting for the mail: for bulk setup only. */
export async function joinQuickly(inviter: TestClient, organizationId: string, person: Person, role: string) {
  const invitation = await invite(inviter, organizationId, person.user.email, role);
  const res = await person.client.post("/api/auth/organization/accept-invitation", { invitationId: invitation.id });
  expectStatus(res, 200);
  return res.body.member as { id: string; role: string };
}

/** A new user (signed up through the mail flow) who joined the organization with `role`: invited and accepted by id. */
export async function newMember(
  server: TestServer,
  inviter: TestClient,
  organizationId: string,
  tag: string,
  role = "member",
) {
  const person = await signUpPerson(server, tag);
  const member = await joinQuickly(inviter, organizationId, person, role);
  return { person, member };
}

/** An organization with an owner, an admin and a member, built through the real API and mail. */
export async function setupOrganization(server: TestServer, tag = "team"): Promise<OrganizationSetup> {
  const [owner, admin, member] = await Promise.all([
    signUpPerson(server, `${tag}-owner`, `${tag} Owner`),
    signUpPerson(server, `${tag}-admin`, `${tag} Admin`),
    signUpPerson(server, `${tag}-member`, `${tag} Member`),
  ]);
  const organization = await createOrganization(owner.client, tag);
  const ownerMemberId = organization.members[0].id as string;
  const adminJoin = await join(server, owner.client, organization.id, admin, "admin");
  const memberJoin = await join(server, owner.client, organization.id, member, "member");
  return {
    organization: { id: organization.id, name: organization.name, slug: organization.slug },
    owner,
    admin,
    member,
    memberIds: { owner: ownerMemberId, admin: adminJoin.member.id, member: memberJoin.member.id },
  };
}

/** The members of an organization as its owner sees them. */
export async function listMembers(client: TestClient, organizationId: string) {
  const res = expectStatus(await client.get("/api/auth/organization/list-members", { organizationId }), 200);
  return res.body.members as { id: string; userId: string; role: string; user: { email: string } }[];
}

/**
 * Runs the CLI's `create-admin` (the real CLI as its own process, as an operator would, from its bundle:
 * tests/helpers/server-bundle.ts) against the server's database, then signs the new admin in.
 */
export async function createAdminWithCli(server: TestServer, tag = "site-admin"): Promise<Person> {
  const email = uniqueEmail(tag);
  const password = "admin password 123";
  const dataDir = mkdtempSync(joinPath(tmpdir(), "tessera-cli-"));
  try {
    await execFileAsync(
      process.execPath,
      [...cliArgs(), "create-admin", "--email", email, "--password", password, "--name", tag],
      {
        cwd: process.cwd(),
        env: serverEnv(
          { dataDir, databaseURL: server.database.url },
          {
            PATH: process.env.PATH,
            // The server's own cost (none in production mode), so the server accepts the admin's hash.
            TEST_PASSWORD_HASH_COST: testHashCostOf(server).TEST_PASSWORD_HASH_COST,
            // The CLI answers no requests.
            RATE_LIMIT_ENABLED: undefined,
          },
        ),
        timeout: 60_000,
      },
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const client = server.client();
  expectStatus(await client.post("/api/auth/sign-in/email", { email, password }), 200);
  const session = await sessionOf(client);
  return { client, user: { id: session.user.id, email, name: tag } };
}

export type OrganizationRoleName = "owner" | "admin" | "member";
export const ORGANIZATION_ROLES: OrganizationRoleName[] = ["owner", "admin", "member"];

/** SPEC §6 "Organization roles", written out rather than imported from the app, so tests check the code. */
export const SPEC_ROLE_TABLE: Record<OrganizationRoleName, Record<string, string[]>> = {
  owner: {
    organization: ["update", "delete"],
    member: ["create", "update", "delete"],
    invitation: ["create", "cancel"],
    team: ["create", "update", "delete"],
  },
  admin: {
    organization: ["update"],
    member: ["create", "update", "delete"],
    invitation: ["create", "cancel"],
    team: ["create", "update", "delete"],
  },
  member: { organization: [], member: [], invitation: [], team: [] },
};

/** Every (resource, action) cell of the table. */
export const SPEC_ROLE_ACTIONS: [string, string][] = Object.entries(SPEC_ROLE_TABLE.owner).flatMap(
  ([resource, actions]) => actions.map((action): [string, string] => [resource, action]),
);

/** Whether the SPEC table lets that role do that action. */
export function roleAllows(role: OrganizationRoleName, resource: string, action: string): boolean {
  return SPEC_ROLE_TABLE[role][resource]?.includes(action) ?? false;
}
