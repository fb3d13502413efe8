import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../src/server/db/database.js";
import { signUpUnverified } from "../helpers/auth-flows.js";
import { TestClient } from "../helpers/client.js";
import { createTestDatabase, databaseKinds } from "../helpers/databases.js";
import { type MailCatcher, startMailCatcher } from "../helpers/mail-catcher.js";
import { freePort } from "../helpers/ports.js";
import { serverEnv, startTestServer } from "../helpers/server.js";
import { serverMainArgs } from "../helpers/server-bundle.js";
import { mailSettled, until } from "../helpers/wait.js";

// Retries come quickly here; production waits 10 s, 20 s, 40 s … (MAIL_RETRY_BASE_MS).
const FAST_RETRIES = { MAIL_RETRY_BASE_MS: "150", MAIL_POLL_INTERVAL_MS: "100", MAIL_MAX_ATTEMPTS: "100" };

interface Row {
  id: string;
  recipient: string;
  status: string;
  attempts: number;
  text: string;
  lastError: string | null;
}

const outbox = (db: Database) => db.db.selectFrom("outbox").selectAll().execute() as Promise<Row[]>;

// Sign-ups (signUpUnverified) are answered while SMTP is down: nothing is sent in the request.

/** Every address got exactly one mail, and nothing else arrived once the outbox of `database` is done. */
async function expectDeliveredOnce(mail: MailCatcher, emails: string[], database: Database) {
  for (const email of emails) await mail.waitFor(email, undefined, { timeout: 20_000 });
  // Every row sent: no worker holds one that could go out a second time.
  await mailSettled(database);
  const counts = Object.fromEntries(emails.map((e) => [e, mail.count(e)]));
  expect(counts).toEqual(Object.fromEntries(emails.map((e) => [e, 1])));
  expect(mail.messages).toHaveLength(emails.length);
}

describe.each(databaseKinds)("mail outbox on %s", (kind) => {
  it("queues mail while SMTP is down and delivers each exactly once when it comes up", async () => {
    const smtpPort = await freePort();
    const server = await startTestServer(kind, {
      env: { ...FAST_RETRIES, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
    });
    let mail: MailCatcher | undefined;
    try {
      const emails = Array.from({ length: 6 }, (_, i) => `down-${i}@example.com`);
      for (const email of emails) await signUpUnverified(server, email);
      // Each was tried, failed, and waits for another attempt; none is lost.
      await until("failed first attempts", async () => {
        const rows = await outbox(server.running.database);
        return rows.length === emails.length && rows.every((r) => r.attempts >= 1 && r.lastError);
      });
      expect((await outbox(server.running.database)).map((r) => r.status)).not.toContain("sent");

      mail = await startMailCatcher({ port: smtpPort });
      await expectDeliveredOnce(mail, emails, server.running.database);
      const rows = await outbox(server.running.database);
      expect(rows.map((r) => r.status)).toEqual(emails.map(() => "sent"));
      // The token-bearing body is not kept once delivered.
      expect(rows.map((r) => r.text)).toEqual(emails.map(() => ""));
    } finally {
      await server.close();
      await mail?.close();
    }
  });

  it("marks a mail failed after MAIL_MAX_ATTEMPTS and never sends it later", async () => {
    const smtpPort = await freePort();
    const server = await startTestServer(kind, {
      env: {
        ...FAST_RETRIES,
        MAIL_MAX_ATTEMPTS: "3",
        MAIL_RETRY_BASE_MS: "50",
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      },
    });
    let mail: MailCatcher | undefined;
    try {
      await signUpUnverified(server, "never@example.com");
      const [row] = await until("the failed state", async () => {
        const rows = await outbox(server.running.database);
        return rows[0]?.status === "failed" && rows;
      });
      expect(row).toMatchObject({ recipient: "never@example.com", status: "failed", attempts: 3, text: "" });
      expect(row?.lastError).toMatch(/ECONNREFUSED|connect/i);

      mail = await startMailCatcher({ port: smtpPort });
      await signUpUnverified(server, "later@example.com");
      await mail.waitFor("later@example.com");
      await mailSettled(server);
      expect(mail.count("never@example.com")).toBe(0);
    } finally {
      await server.close();
      await mail?.close();
    }
  });

  // Scale-out is PostgreSQL's job (DESIGN); two processes writing one SQLite file is not a deployment.
  it.runIf(kind === "postgres")("two instances on one database deliver every mail exactly once", async () => {
    const smtpPort = await freePort();
    const env = { ...FAST_RETRIES, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` };
    const first = await startTestServer(kind, { env });
    const second = await startTestServer(kind, { env, database: first.database });
    let mail: MailCatcher | undefined;
    try {
      // Queued on both while SMTP is down: both workers then race for the same rows.
      const queued = Array.from({ length: 10 }, (_, i) => `queued-${i}@example.com`);
      for (const [i, email] of queued.entries()) await signUpUnverified(i % 2 ? first : second, email);
      await until("queued rows", async () => (await outbox(first.running.database)).length === queued.length);
      mail = await startMailCatcher({ port: smtpPort });
      await expectDeliveredOnce(mail, queued, first.running.database);

      // SMTP up: a burst on both at once, delivered by whichever instance claims first.
      const burst = Array.from({ length: 20 }, (_, i) => `burst-${i}@example.com`);
      await Promise.all(burst.map((email, i) => signUpUnverified(i % 2 ? first : second, email)));
      await expectDeliveredOnce(mail, [...queued, ...burst], first.running.database);
      const rows = await outbox(second.running.database);
      expect(rows.filter((r) => r.status === "sent")).toHaveLength(queued.length + burst.length);
    } finally {
      await second.close();
      await first.close();
      await mail?.close();
    }
  });
});

/** The server as an operator runs it (`npm start`'s bundle), with only these variables. */
function startProcess(env: Record<string, string>): ChildProcess & { output: () => string } {
  const child = spawn(process.execPath, serverMainArgs(), {
    cwd: process.cwd(),
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  return Object.assign(child, { output: () => output });
}

async function ready(baseURL: string, child: ReturnType<typeof startProcess>) {
  await until(
    "the server to answer",
    async () => {
      if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${child.output()}`);
      return fetch(`${baseURL}/api/auth/ok`).then(
        (r) => r.ok,
        () => false,
      );
    },
    { timeout: 60_000 },
  );
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once("exit", () => resolve()));

describe.each(databaseKinds)("mail outbox across a crash on %s", (kind) => {
  const children: ChildProcess[] = [];
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), "tessera-crash-"));
  });
  afterAll(async () => {
    for (const child of children) child.kill("SIGKILL");
    await Promise.all(children.map(exited));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("delivers mail queued before kill -9 once the server restarts with SMTP up", { timeout: 120_000 }, async () => {
    const database = await createTestDatabase(kind);
    const port = await freePort();
    const smtpPort = await freePort();
    const baseURL = `http://127.0.0.1:${port}`;
    const env = serverEnv(
      { port, dataDir, databaseURL: database.url },
      { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, LOG_LEVEL: "warn", MAIL_SEND_TIMEOUT_MS: "1000", ...FAST_RETRIES },
    );
    const reader = openDatabase(database.url);
    let mail: MailCatcher | undefined;
    try {
      const doomed = startProcess(env);
      children.push(doomed);
      await ready(baseURL, doomed);
      const emails = Array.from({ length: 5 }, (_, i) => `crash-${i}@example.com`);
      const served = { client: () => new TestClient(baseURL) };
      for (const email of emails) await signUpUnverified(served, email);
      await until("queued rows", async () => (await outbox(reader)).length === emails.length);

      doomed.kill("SIGKILL");
      await exited(doomed);
      expect(doomed.signalCode).toBe("SIGKILL");
      expect((await outbox(reader)).filter((r) => r.status === "sent")).toHaveLength(0);

      mail = await startMailCatcher({ port: smtpPort });
      const revived = startProcess(env);
      children.push(revived);
      await ready(baseURL, revived);
      await expectDeliveredOnce(mail, emails, reader);

      // The links still work: the restarted server honours what the dead one signed.
      const client = new TestClient(baseURL);
      const link = mail.messages[0]?.links.find((l) => l.includes("/verify-email"));
      expect(link).toBeDefined();
      const verified = await client.get(`/api/auth${new URL(link!).pathname}${new URL(link!).search}`);
      expect(verified.status).toBeLessThan(400);
      expect((await client.get("/api/auth/get-session")).body.user.emailVerified).toBe(true);
      revived.kill("SIGTERM");
      await exited(revived);
    } finally {
      await reader.close();
      await mail?.close();
      await database.drop();
    }
  });
});
