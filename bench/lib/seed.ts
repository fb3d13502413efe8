import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import * as OTPAuth from "otpauth";
import type { RunningServer } from "../../src/server/server.js";

const PASSWORD = "correct horse battery staple";
const id = () => randomBytes(16).toString("hex");

/** A dialect's value for a date or boolean column, as the engine's adapter writes it. */
function cell(running: RunningServer, value: Date | boolean): unknown {
  const sqlite = running.database.dialect === "sqlite";
  if (value instanceof Date) return sqlite ? value.toISOString() : value;
  return sqlite ? (value ? 1 : 0) : value;
}

/** The Cookie header a browser would send after the given Set-Cookie lines. */
function cookieHeader(setCookies: string[]): string {
  return setCookies.map((line) => line.split(";")[0]).join("; ");
}

/**
 * A verified user made through the engine (real password hash), signed in: its id, e-mail and cookies.
 * With `mfa`, two-step verification (authenticator app) is on and the sign-in took both steps.
 */
export async function seedUser(
  running: RunningServer,
  { tag, role, mfa }: { tag: string; role?: string; mfa?: boolean },
) {
  const email = `${tag}-${id().slice(0, 8)}@bench.example`;
  const { auth, database } = running;
  const created = await auth.api.signUpEmail({ body: { email, password: PASSWORD, name: tag } });
  await database.db
    .updateTable("user")
    .set({ emailVerified: cell(running, true), ...(role ? { role } : {}) })
    .where("id", "=", created.user.id)
    .execute();
  const res = await auth.api.signInEmail({ body: { email, password: PASSWORD }, asResponse: true });
  if (res.status !== 200) throw new Error(`bench sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = cookieHeader(res.headers.getSetCookie());
  if (!mfa) return { userId: created.user.id, email, password: PASSWORD, cookie };
  return { userId: created.user.id, email, password: PASSWORD, cookie: await signInWithTotp(running, email, cookie) };
}

/** Turns on two-step (authenticator app) for the signed-in cookie, then signs in again through both steps. */
async function signInWithTotp(running: RunningServer, email: string, cookie: string): Promise<string> {
  const { auth } = running;
  const enabled = await auth.api.enableTwoFactor({ body: { password: PASSWORD }, headers: new Headers({ cookie }) });
  if (!("totpURI" in enabled)) throw new Error("bench two-step setup gave no authenticator URI");
  const totp = OTPAuth.URI.parse(enabled.totpURI);
  const confirm = await auth.api.verifyTOTP({
    body: { code: totp.generate() },
    headers: new Headers({ cookie }),
    asResponse: true,
  });
  if (confirm.status !== 200) throw new Error(`bench two-step setup failed: ${confirm.status}`);
  const first = await auth.api.signInEmail({ body: { email, password: PASSWORD }, asResponse: true });
  const challenge = cookieHeader(first.headers.getSetCookie());
  if (!(await first.json()).twoFactorRedirect) throw new Error("bench sign-in did not ask for the second step");
  // A code of the next period: the one just used to confirm the setup is spent.
  const code = totp.generate({ timestamp: Date.now() + 30_000 });
  const second = await auth.api.verifyTOTP({
    body: { code },
    headers: new Headers({ cookie: challenge }),
    asResponse: true,
  });
  if (second.status !== 200) throw new Error(`bench second step failed: ${second.status} ${await second.text()}`);
  return cookieHeader(second.headers.getSetCookie().filter((line) => !/max-age=0/i.test(line)));
}

/** An organization owned by the cookie's user, filled to `count` members by direct inserts. */
export async function seedMembers(running: RunningServer, { cookie, count }: { cookie: string; count: number }) {
  const { auth, database } = running;
  const org = await auth.api.createOrganization({
    body: { name: "Bench members", slug: `bench-${id().slice(0, 10)}` },
    headers: new Headers({ cookie }),
  });
  if (!org) throw new Error("organization not created");
  const now = new Date();
  const users = Array.from({ length: count - 1 }, (_, i) => ({
    id: id(),
    name: `Member ${i}`,
    email: `member-${i}-${id().slice(0, 6)}@bench.example`,
    emailVerified: cell(running, true),
    createdAt: cell(running, now),
    updatedAt: cell(running, now),
  }));
  await database.db.insertInto("user").values(users).execute();
  await database.db
    .insertInto("member")
    .values(
      users.map((u) => ({
        id: id(),
        organizationId: org.id,
        userId: u.id,
        role: "member",
        createdAt: cell(running, now),
      })),
    )
    .execute();
  return { organizationId: org.id, slug: org.slug };
}

/** `teams` teams and `invitations` invitations (every fourth expired, statuses mixed) of an organization, by direct inserts. */
export async function seedTeamsAndInvitations(
  running: RunningServer,
  {
    organizationId,
    inviterId,
    teams,
    invitations,
  }: { organizationId: string; inviterId: string; teams: number; invitations: number },
) {
  const { db } = running.database;
  const now = new Date();
  await db
    .insertInto("team")
    .values(
      Array.from({ length: teams }, (_, i) => ({
        id: id(),
        name: `Team ${i}`,
        organizationId,
        createdAt: cell(running, now),
        updatedAt: cell(running, now),
        memberCount: 0,
      })),
    )
    .execute();
  const statuses = ["pending", "pending", "accepted", "canceled", "rejected"];
  await db
    .insertInto("invitation")
    .values(
      Array.from({ length: invitations }, (_, i) => ({
        id: id(),
        organizationId,
        email: `invitee-${i}-${id().slice(0, 6)}@bench.example`,
        role: i % 3 === 0 ? "admin" : "member",
        status: statuses[i % statuses.length],
        inviterId,
        expiresAt: cell(running, new Date(now.getTime() + (i % 4 === 0 ? -1 : 1) * 86_400_000)),
        createdAt: cell(running, now),
      })),
    )
    .execute();
  return { teams, invitations };
}

/** `count` organizations the user belongs to, by direct inserts. */
export async function seedManyOrganizations(
  running: RunningServer,
  { userId, count }: { userId: string; count: number },
) {
  const { db } = running.database;
  const now = new Date();
  const orgs = Array.from({ length: count }, (_, i) => ({
    id: id(),
    name: `Organization ${i}`,
    slug: `org-${i}-${id().slice(0, 8)}`,
    createdAt: cell(running, now),
  }));
  for (let i = 0; i < orgs.length; i += 250) {
    const batch = orgs.slice(i, i + 250);
    await db.insertInto("organization").values(batch).execute();
    await db
      .insertInto("member")
      .values(
        batch.map((o) => ({ id: id(), organizationId: o.id, userId, role: "member", createdAt: cell(running, now) })),
      )
      .execute();
  }
  return { count };
}

/** `count` users named user000000@bench.example upwards, written in one statement each dialect runs fast. */
export async function seedAdminSearch(running: RunningServer, { count }: { count: number }) {
  const { db, dialect } = running.database;
  if (dialect === "postgres") {
    await sql`insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt", role)
      select md5(random()::text || g::text), 'User ' || g, 'user' || lpad(g::text, 6, '0') || '@bench.example',
             true, now(), now(), 'user'
      from generate_series(0, ${count - 1}) as g`.execute(db);
    await sql`analyze "user"`.execute(db);
  } else {
    const at = new Date().toISOString();
    await sql`with recursive g(n) as (select 0 union all select n + 1 from g where n < ${count - 1})
      insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt", role)
      select lower(hex(randomblob(16))), 'User ' || n, 'user' || substr('000000' || n, -6) || '@bench.example',
             1, ${at}, ${at}, 'user'
      from g`.execute(db);
    await sql`analyze`.execute(db);
  }
  return { count };
}
