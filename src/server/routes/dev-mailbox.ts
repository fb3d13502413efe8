import { type Context, Hono } from "hono";
import { z } from "zod";
import type { DevMail, DevMailCleared, DevMailList } from "../../shared/dev-mailbox.js";
import type { Database } from "../db/database.js";
import { fail } from "../errors.js";
import { createOutbox, type OutboxRow } from "../mail/outbox.js";

export const listQuery = z.object({
  to: z.string().trim().min(1).max(320).optional(),
  limit: z.coerce.number({ message: "limit must be a number" }).int().min(1).max(500).default(100),
});

/** 127.0.0.0/8 and ::1 (addresses as clientIp gives them: IPv4-mapped ones already unwrapped). */
export const isLoopback = (address: string) => address === "::1" || /^127\.\d+\.\d+\.\d+$/.test(address);

/** A captured mail as the dev mailbox page and tests read it. */
function toDevMail(row: OutboxRow): DevMail {
  return {
    id: row.id,
    kind: row.kind,
    to: row.recipient,
    subject: row.subject,
    text: row.text,
    html: row.html,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/**
 * /api/dev/mailbox: the mail the app would have sent, when there is no SMTP server (development).
 * Mounted only for the "dev" mail transport, so production and SMTP setups answer 404. It holds
 * every reset and verification link, so it answers only clients on this machine, whatever HOST is.
 */
export function devMailboxRoutes(database: Database, clientAddress: (c: Context) => string | undefined) {
  const outbox = createOutbox(database);
  const app = new Hono();

  app.use("*", async (c, next) => {
    const address = clientAddress(c);
    // No address only under app.request() (no socket): tests in-process.
    if (address !== undefined && !isLoopback(address)) return fail(c, "DEV_MAILBOX_LOCAL_ONLY");
    await next();
  });

  app.get("/", async (c) => {
    const parsed = listQuery.safeParse(c.req.query());
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return fail(c, "BAD_REQUEST", "parameter", `${issue?.path.join(".")}`, `${issue?.message}`);
    }
    const rows = await outbox.listCaptured(parsed.data.limit, parsed.data.to);
    return c.json({ messages: rows.map(toDevMail) } satisfies DevMailList);
  });

  app.get("/:id", async (c) => {
    const id = c.req.param("id");
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return fail(c, "MAIL_NOT_FOUND");
    const row = await outbox.getCaptured(id);
    return row ? c.json(toDevMail(row)) : fail(c, "MAIL_NOT_FOUND");
  });

  app.delete("/", async (c) => c.json({ deleted: await outbox.clearCaptured() } satisfies DevMailCleared));

  return app;
}
