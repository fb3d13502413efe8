import type { Transporter } from "nodemailer";

/** One message as it goes out over SMTP. */
interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Stable per outbox row, so a rare second delivery (see ADR 004) is recognisably the same message. */
  messageId: string;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * nodemailer over SMTP_URL: smtp:// upgrades with STARTTLS whenever the server offers it,
 * smtps:// is TLS from the first byte, user:password in the URL logs in, and query
 * parameters such as `?tls.rejectUnauthorized=false` pass through to nodemailer.
 * One connection per message: nothing stale to recover after the server restarts. nodemailer is loaded
 * with the first message, so a server that never sends one (MAIL_TRANSPORT=log or dev, which import this
 * file too) does not hold it: about 3 MB (docs/operations.md "Memory").
 */
export function smtpTransport(smtpURL: string, timeoutMs: number): MailTransport {
  let transporter: Promise<Transporter> | undefined;
  const connect = () =>
    (transporter ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: smtpURL,
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
        dnsTimeout: timeoutMs,
      }),
    ));
  return {
    async send(mail) {
      await (await connect()).sendMail(mail);
    },
    close() {
      transporter?.then((t) => t.close()).catch(() => {});
    },
  };
}

/** SMTP rejected the recipient for good (5xx on RCPT): retrying cannot help. */
export function isPermanentFailure(error: unknown): boolean {
  const e = error as { code?: string; responseCode?: number };
  return e?.code === "EENVELOPE" && typeof e.responseCode === "number" && e.responseCode >= 500;
}

/** The domain of MAIL_FROM, for Message-IDs. */
export function senderDomain(from: string): string {
  const match = /@([^>\s]+)>?\s*$/.exec(from);
  return match?.[1] ?? "tessera.localhost";
}
