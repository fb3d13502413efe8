import nodemailer from "nodemailer";
import type { Logger } from "../logger.js";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Which template made it; logged instead of the body so tokens never reach logs. */
  kind: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export interface MailerOptions {
  transport: "smtp" | "log" | "dev";
  smtpURL?: string;
  from: string;
  logger: Logger;
}

/** SMTP when SMTP_URL is set; otherwise log only (production) or print links (development). */
export function createMailer(options: MailerOptions): Mailer {
  const { logger } = options;
  if (options.transport === "smtp" && options.smtpURL) {
    const transport = nodemailer.createTransport(options.smtpURL);
    return {
      async send(m) {
        await transport.sendMail({ from: options.from, to: m.to, subject: m.subject, text: m.text, html: m.html });
        logger.info({ kind: m.kind, to: m.to }, "mail sent");
      },
      async close() {
        transport.close();
      },
    };
  }
  const showLinks = options.transport === "dev";
  return {
    async send(m) {
      logger.info({ kind: m.kind, to: m.to, subject: m.subject }, "mail not sent (no SMTP_URL)");
      // Development only: the console is the mailbox, so the person can follow the link.
      if (showLinks) process.stdout.write(`\n--- mail to ${m.to}: ${m.subject}\n${m.text}\n---\n\n`);
    },
    async close() {},
  };
}
