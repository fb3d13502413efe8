import { createHmac } from "node:crypto";
import { expect } from "vitest";
import type { TestClient } from "../helpers/client.js";
import type { TestServer } from "../helpers/server.js";

/** How long to wait before asserting that no (further) mail was sent; delivery is asynchronous. */
export const QUIET_MS = 1000;

export interface SignedIn {
  client: TestClient;
  user: { id: string; email: string };
}

/**
 * A verified user with a session, written straight to the database (as a finished sign-in
 * leaves them): racers by the hundred without a hundred password hashes. The race itself is HTTP.
 */
export async function signedInUser(server: TestServer, email: string): Promise<SignedIn> {
  const ctx = await server.running.auth.$context;
  const user = await ctx.internalAdapter.createUser(
    { email, name: email.split("@")[0] ?? email, emailVerified: true },
    { method: "admin" },
  );
  const session = await ctx.internalAdapter.createSession(user.id);
  // The engine's signed cookie: token "." base64(HMAC-SHA256(secret, token)), URL-encoded.
  const signature = createHmac("sha256", ctx.secret).update(session.token).digest("base64");
  const client = server.client();
  client.cookies.set("tessera.session_token", encodeURIComponent(`${session.token}.${signature}`));
  return { client, user: { id: user.id, email: user.email } };
}

/** `count` signed-in users, `prefix-N@example.com`. */
export async function signedInUsers(server: TestServer, prefix: string, count: number): Promise<SignedIn[]> {
  const out: SignedIn[] = [];
  for (let i = 0; i < count; i++) out.push(await signedInUser(server, `${prefix}-${i}@example.com`));
  const check = await out[0]?.client.get("/api/auth/get-session");
  expect(check?.body?.user?.email, "fixture session works").toBe(`${prefix}-0@example.com`);
  return out;
}

/** Creates an organization as `client` and returns its id. */
export async function createOrganization(client: TestClient, slug: string, name = slug): Promise<string> {
  const res = await client.post("/api/auth/organization/create", { name, slug });
  expect(res.status, res.text).toBe(200);
  return res.body.id as string;
}

/** Invites `email` into the organization as `inviter`; returns the invitation id. */
export async function invite(inviter: TestClient, organizationId: string, email: string, role = "member") {
  const res = await inviter.post("/api/auth/organization/invite-member", { email, role, organizationId });
  expect(res.status, res.text).toBe(200);
  return res.body.id as string;
}

/** How many rows of `table` have `column` = `value`, straight from the database. */
export async function countRows(server: TestServer, table: string, column: string, value: string): Promise<number> {
  const row = await server.running.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where(column, "=", value)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Counts replies by `status code message`, e.g. {"200": 1, "400 ORGANIZATION_ALREADY_EXISTS Organization already exists": 19}. */
export function tally(replies: { status: number; body: any }[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of replies) {
    const key = r.status === 200 ? "200" : `${r.status} ${r.body?.code ?? ""} ${r.body?.message ?? ""}`.trim();
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}
