import { simpleParser } from "mailparser";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { until } from "../helpers/wait.js";

interface Received {
  to: string;
  subject: string;
  messageId: string;
  /** TLS was on when the message was handed over (smtps, or after STARTTLS). */
  secure: boolean;
  user?: string;
}

/** A real SMTP server with the options a provider might have: TLS, STARTTLS, required login. */
async function startSmtp(options: SMTPServerOptions & { user?: string; pass?: string }) {
  const received: Received[] = [];
  const server = new SMTPServer({
    logger: false,
    ...options,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.pass) callback(null, { user: auth.username });
      else callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      simpleParser(stream).then((parsed) => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address).join(","),
          subject: parsed.subject ?? "",
          messageId: parsed.messageId ?? "",
          secure: session.secure,
          user: session.user as string | undefined,
        });
        callback();
      }, callback);
    },
  });
  const port = await new Promise<number>((resolve) => {
    server.listen(0, "127.0.0.1", () => resolve((server.server.address() as { port: number }).port));
  });
  return { port, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

function waitForMail(received: Received[], to: string) {
  return until(`a mail to ${to}`, () => received.find((m) => m.to === to), { timeout: 10_000 });
}

// Kinds of SMTP_URL an operator may give (DESIGN "Run contract"); the database does not matter here.
describe("SMTP_URL forms", () => {
  let server: TestServer | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
  afterEach(async () => {
    await server?.close();
    await smtp?.close();
    server = smtp = undefined;
  });

  async function signUp(email: string) {
    const res = await server!.client().post("/api/auth/sign-up/email", {
      email,
      password: "correct horse battery",
      name: "Transport",
    });
    expect(res.status, res.text).toBe(200);
  }

  it("smtp:// with user:password upgrades with STARTTLS when offered and logs in", async () => {
    // The password has characters a URL must encode.
    smtp = await startSmtp({ authMethods: ["PLAIN", "LOGIN"], user: "mailer", pass: "p@ss:w/rd" });
    server = await startTestServer("sqlite", {
      env: {
        SMTP_URL: `smtp://mailer:${encodeURIComponent("p@ss:w/rd")}@127.0.0.1:${smtp.port}?tls.rejectUnauthorized=false`,
        MAIL_FROM: "Tessera Test <robot@tessera.test>",
      },
    });
    await signUp("starttls@example.com");
    const mail = await waitForMail(smtp.received, "starttls@example.com");
    expect(mail).toMatchObject({ secure: true, user: "mailer", subject: "Verify your e-mail address for Tessera" });
    // One Message-ID per outbox row, on the sender's domain.
    expect(mail.messageId).toMatch(/^<[0-9a-f]{32}@tessera\.test>$/);
  });

  it("smtps:// speaks TLS from the first byte", async () => {
    smtp = await startSmtp({ secure: true, authOptional: true });
    server = await startTestServer("sqlite", {
      env: { SMTP_URL: `smtps://127.0.0.1:${smtp.port}?tls.rejectUnauthorized=false` },
    });
    await signUp("tls@example.com");
    expect(await waitForMail(smtp.received, "tls@example.com")).toMatchObject({ secure: true, user: undefined });
  });

  it("a wrong password is retried, not lost: fixing the server lets the mail through", async () => {
    const accounts = { pass: "old-password" };
    smtp = await startSmtp({
      authMethods: ["PLAIN"],
      user: "mailer",
      get pass() {
        return accounts.pass;
      },
    } as SMTPServerOptions & { user: string; pass: string });
    server = await startTestServer("sqlite", {
      env: {
        SMTP_URL: `smtp://mailer:new-password@127.0.0.1:${smtp.port}?tls.rejectUnauthorized=false`,
        MAIL_RETRY_BASE_MS: "100",
        MAIL_POLL_INTERVAL_MS: "100",
      },
    });
    await signUp("retry@example.com");
    await until("a refused first attempt", async () => {
      const rows = await server!.running.database.db.selectFrom("outbox").select("lastError").execute();
      return rows.some((r) => r.lastError);
    });
    expect(smtp.received).toHaveLength(0);
    accounts.pass = "new-password";
    expect(await waitForMail(smtp.received, "retry@example.com")).toMatchObject({ user: "mailer" });
  });
});
