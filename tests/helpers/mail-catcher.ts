import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link in the text part. */
  links: string[];
  raw: ParsedMail;
}

/** A real SMTP server in-process; every message is parsed and kept. `port` 0 picks a free one. */
export async function startMailCatcher({ port: wanted = 0 }: { port?: number } = {}) {
  const messages: CaughtMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const text = parsed.text ?? "";
          const to = [parsed.to]
            .flat()
            .flatMap((a) => a?.value ?? [])
            .map((v) => v.address ?? "")
            .join(",");
          messages.push({
            to: to.toLowerCase(),
            subject: parsed.subject ?? "",
            text,
            html: typeof parsed.html === "string" ? parsed.html : "",
            links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
            raw: parsed,
          });
          for (const w of waiters) w();
          callback();
        })
        .catch(callback);
    },
  });
  const port = await new Promise<number>((resolve) => {
    server.listen(wanted, "127.0.0.1", () => resolve((server.server.address() as { port: number }).port));
  });

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** Waits for the first message (after `since`) to `to` matching `subject`. */
    async waitFor(to: string, subject?: RegExp, { since = 0, timeout = 5000 } = {}): Promise<CaughtMail> {
      const find = () =>
        messages.slice(since).find((m) => m.to.includes(to.toLowerCase()) && (!subject || subject.test(m.subject)));
      const deadline = Date.now() + timeout;
      for (;;) {
        const found = find();
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) {
          throw new Error(
            `no mail to ${to}${subject ? ` matching ${subject}` : ""}; got: ${messages.map((m) => `${m.to}: ${m.subject}`).join(" | ")}`,
          );
        }
        await new Promise<void>((resolve) => {
          const t = setTimeout(done, Math.min(left, 250));
          function done() {
            clearTimeout(t);
            waiters.delete(done);
            resolve();
          }
          waiters.add(done);
        });
      }
    },
    count(to: string) {
      return messages.filter((m) => m.to.includes(to.toLowerCase())).length;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;
