import type { Database } from "../db/database.js";
import type { Logger } from "../logger.js";
import type { MailMessage } from "./message.js";
import { createOutbox } from "./outbox.js";
import { smtpTransport } from "./transport.js";
import { createDeliveryWorker, type DeliverySettings } from "./worker.js";

// Mail (docs/behaviour.md "Mail"): every message goes through here, into the outbox (outbox.ts) and out by the
// worker (worker.ts, transport.ts). See also: what each mail says (templates.ts; its words in locales/, the
// kinds in i18n.ts); who is sent what, from the engine's callbacks (auth-mail.ts, notices.ts); the dev
// mailbox (src/server/routes/dev-mailbox.ts).

export interface Mailer {
  /** Queues a message; it is delivered after the request, by the worker (or kept for the dev mailbox). */
  send(message: MailMessage): Promise<void>;
  /** Starts delivering; call once the outbox table exists. */
  start(): void;
  /** Stops the worker after the deliveries under way. */
  close(): Promise<void>;
}

export interface MailerOptions extends Partial<DeliverySettings> {
  transport: "smtp" | "log" | "dev";
  smtpURL?: string;
  from: string;
  logger: Logger;
  /** Holds the outbox; required for smtp and dev. */
  database?: Database;
  /** Where the dev mailbox is served, for the console announcement. */
  baseURL?: string;
  /** Print each captured mail's dev mailbox link as a plain line (development). */
  announce?: boolean;
}

const DEFAULT_DELIVERY: DeliverySettings = {
  maxAttempts: 8,
  pollIntervalMs: 1000,
  retryBaseMs: 10_000,
  sendTimeoutMs: 30_000,
};

/**
 * smtp: every message goes through the outbox table and the delivery worker (ADR 004).
 * dev: messages are kept in the same table for the dev mailbox (/dev/mailbox) and never sent.
 * log: nothing is sent or kept; only kind and recipient are logged (MAIL_TRANSPORT=log).
 */
export function createMailer(options: MailerOptions): Mailer {
  const { logger } = options;
  if (options.transport === "log") {
    return {
      async send(m) {
        logger.info({ kind: m.kind, to: m.to }, "mail not sent (MAIL_TRANSPORT=log)");
      },
      start() {},
      async close() {},
    };
  }
  if (!options.database) throw new Error(`the ${options.transport} mail transport needs the database`);
  const outbox = createOutbox(options.database);

  if (options.transport === "dev") {
    const mailboxURL = `${options.baseURL ?? ""}/dev/mailbox`;
    return {
      async send(m) {
        const id = await outbox.enqueue(m, "captured");
        const link = `${mailboxURL}?id=${id}`;
        // The link opens the dev mailbox, not the mail's own (token-bearing) link.
        if (options.announce) process.stdout.write(`\n✉  ${m.kind} mail to ${m.to} → ${link}\n\n`);
        else logger.info({ kind: m.kind, to: m.to, outboxId: id, mailbox: link }, "mail captured in the dev mailbox");
      },
      start() {
        outbox.prune().catch((error) => logger.warn({ err: error }, "dev mailbox prune failed"));
      },
      async close() {},
    };
  }

  if (!options.smtpURL) throw new Error("the smtp mail transport needs SMTP_URL");
  const settings: DeliverySettings = {
    maxAttempts: options.maxAttempts ?? DEFAULT_DELIVERY.maxAttempts,
    pollIntervalMs: options.pollIntervalMs ?? DEFAULT_DELIVERY.pollIntervalMs,
    retryBaseMs: options.retryBaseMs ?? DEFAULT_DELIVERY.retryBaseMs,
    sendTimeoutMs: options.sendTimeoutMs ?? DEFAULT_DELIVERY.sendTimeoutMs,
  };
  const transport = smtpTransport(options.smtpURL, settings.sendTimeoutMs);
  const worker = createDeliveryWorker({ outbox, transport, from: options.from, logger, settings });
  return {
    async send(m) {
      const id = await outbox.enqueue(m, "pending");
      logger.debug({ kind: m.kind, to: m.to, outboxId: id }, "mail queued");
      worker.wake();
    },
    start() {
      worker.start();
    },
    async close() {
      await worker.stop();
      transport.close();
    },
  };
}
