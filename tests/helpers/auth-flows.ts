import { createHmac } from "node:crypto";
import type { Reply } from "./client.js";
import type { CaughtMail } from "./mail-catcher.js";
import type { TestServer } from "./server.js";
import { mailSettled, until } from "./wait.js";

/** The password every flow signs up with unless told otherwise. */
export const PASSWORD = "correct horse battery";

/**
 * Signs up without following the verification mail: the user exists, unverified (signed in only where
 * REQUIRE_EMAIL_VERIFICATION is off). `server` is a TestServer, a server process (ServerProcess) or
 * anything else that makes clients; `since` is where its mail catcher stood, if it has one.
 */
export async function signUpUnverified(
  server: Pick<TestServer, "client"> & { mail?: { messages: unknown[] } },
  email: string,
  extra: Record<string, unknown> = {},
) {
  const client = server.client();
  const since = server.mail?.messages.length ?? 0;
  const res = await client.post("/api/auth/sign-up/email", {
    email,
    password: PASSWORD,
    name: email.split("@")[0],
    ...extra,
  });
  if (res.status !== 200) throw new Error(`sign-up ${email} failed: ${res.status} ${res.text}`);
  return { client, res, since };
}

/** Signs in on a fresh client; returns it with the reply. */
export async function signIn(
  server: TestServer,
  email: string,
  password = PASSWORD,
  extra: Record<string, unknown> = {},
) {
  const client = server.client();
  const res = await client.post("/api/auth/sign-in/email", { email, password, ...extra });
  return { client, res };
}

/** The first link in the mail whose path contains `part`. */
export function linkIn(mail: CaughtMail, part: string): string {
  const link = mail.links.find((l) => new URL(l).pathname.includes(part));
  if (!link) throw new Error(`mail "${mail.subject}" has no link containing ${part}: ${mail.links.join(" ")}`);
  return link;
}

/** Waits for a mail to `to` (after message index `since`) holding a link whose path contains `part`. */
export async function mailWithLink(
  server: Pick<TestServer, "mail">,
  to: string,
  part: string,
  since = 0,
  timeout = 8000,
) {
  const found = () =>
    server.mail.messages
      .slice(since)
      .find((m) => m.to.includes(to.toLowerCase()) && m.links.some((l) => new URL(l).pathname.includes(part)));
  try {
    const mail = await until(`a mail to ${to} with a ${part} link`, found, { timeout, every: 50 });
    return { mail, link: linkIn(mail, part) };
  } catch (error) {
    const got = server.mail.messages.map((m) => `${m.to}: ${m.subject}`).join(" | ");
    throw new Error(`${(error as Error).message}; got: ${got}`);
  }
}

/** How many mails to `to` arrived since message `since`, once the outbox has sent all that is queued. */
export async function mailsSent(server: TestServer, to: string, since: number): Promise<number> {
  await mailSettled(server);
  return server.mail.messages.slice(since).filter((m) => m.to.includes(to.toLowerCase())).length;
}

const b64url = (v: string | Buffer) => Buffer.from(v).toString("base64url");

/** Header and payload of a JWT, unverified. */
export function decodeJwt(token: string): { header: Record<string, unknown>; payload: Record<string, any> } {
  const [h = "", p = ""] = token.split(".");
  return {
    header: JSON.parse(Buffer.from(h, "base64url").toString()),
    payload: JSON.parse(Buffer.from(p, "base64url").toString()),
  };
}

/** An HS256 JWT signed with `secret`, as the engine signs verification tokens (SPEC §9). */
export function signJwt(payload: Record<string, unknown>, secret: string): string {
  const head = `${b64url(JSON.stringify({ alg: "HS256" }))}.${b64url(JSON.stringify(payload))}`;
  return `${head}.${createHmac("sha256", secret).update(head).digest("base64url")}`;
}

export interface SetCookie {
  name: string;
  value: string;
  /** Attribute names lower-cased; flag attributes map to "". */
  attributes: Record<string, string>;
}

/** The Set-Cookie of that name in a reply, parsed. */
export function setCookie(res: Reply, name: string): SetCookie | undefined {
  for (const raw of res.headers.getSetCookie()) {
    const [pair = "", ...attrs] = raw.split(";").map((s) => s.trim());
    const i = pair.indexOf("=");
    if (pair.slice(0, i) !== name) continue;
    const attributes: Record<string, string> = {};
    for (const a of attrs) {
      const j = a.indexOf("=");
      if (j < 0) attributes[a.toLowerCase()] = "";
      else attributes[a.slice(0, j).toLowerCase()] = a.slice(j + 1);
    }
    return { name, value: pair.slice(i + 1), attributes };
  }
  return undefined;
}

/** Rows of an engine table, straight from the server's database. */
export function rows(server: TestServer, table: string, where: Record<string, unknown> = {}) {
  let q = server.running.database.db.selectFrom(table).selectAll();
  for (const [k, v] of Object.entries(where)) q = q.where(k, "=", v);
  return q.execute() as Promise<Record<string, any>[]>;
}

/** A date column as milliseconds, whatever the dialect stored. */
export function ms(value: unknown): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === "number") return value;
  return new Date(String(value)).getTime();
}

/** A date as the engine stores it: ISO text on SQLite, a timestamp on PostgreSQL. */
export function dbDate(server: TestServer, date: Date): Date | string {
  return server.running.database.dialect === "sqlite" ? date.toISOString() : date;
}

export const sleep = (msToWait: number) => new Promise((r) => setTimeout(r, msToWait));
