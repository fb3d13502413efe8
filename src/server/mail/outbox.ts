import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/database.js";
import { claimDue, release, retryNow } from "../queue/leased-queue.js";
import type { MailMessage } from "./message.js";

/**
 * pending: waiting for (another) attempt · sending: claimed by a worker until `availableAt` (its lease) ·
 * sent / failed: done · captured: kept for the dev mailbox, never delivered.
 */
type OutboxStatus = "pending" | "sending" | "sent" | "failed" | "captured";

/** One row of the `outbox` table (migration 004_mail_outbox); times are epoch milliseconds. */
export interface OutboxRow {
  id: string;
  kind: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  status: OutboxStatus;
  attempts: number;
  /** When a pending row may next be tried, or when a sending row's lease runs out. */
  availableAt: number;
  /** Who holds the lease; a worker only finishes rows it still holds. */
  claimToken: string | null;
  lastError: string | null;
  createdAt: number;
  sentAt: number | null;
}

type OutboxDb = Kysely<{ outbox: OutboxRow }>;

/** Rows that are done are kept this long (without their bodies), then deleted. */
const KEEP_FINISHED_MS = 7 * 24 * 3600 * 1000;

/** The outbox table of the app's database: what the mailer writes and the worker and dev mailbox read. */
export function createOutbox(database: Database) {
  const db = database.db as unknown as OutboxDb;

  return {
    /** Stores a message; `pending` rows are delivered by a worker, `captured` ones only shown. */
    async enqueue(message: MailMessage, status: "pending" | "captured"): Promise<string> {
      const id = randomUUID().replaceAll("-", "");
      const now = Date.now();
      await db
        .insertInto("outbox")
        .values({
          id,
          kind: message.kind,
          recipient: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          status,
          attempts: 0,
          availableAt: now,
          claimToken: null,
          lastError: null,
          createdAt: now,
          sentAt: null,
        })
        .execute();
      return id;
    },

    /** Leases up to `limit` due rows to `token` (queue/leased-queue.ts). */
    claim(limit: number, leaseMs: number, token: string): Promise<OutboxRow[]> {
      return claimDue<OutboxRow>(database, "outbox", limit, leaseMs, token).then((rows) => rows.map(normalize));
    },

    /** Marks a delivered row; the body (with its token) is dropped, the envelope kept. False if the lease was lost. */
    markSent(id: string, token: string): Promise<boolean> {
      return release(db, "outbox", id, token, {
        status: "sent",
        sentAt: Date.now(),
        lastError: null,
        text: "",
        html: "",
      });
    },

    /** Puts a row back for another attempt at `availableAt`. */
    async markRetry(id: string, token: string, availableAt: number, error: string): Promise<void> {
      await release(db, "outbox", id, token, { status: "pending", availableAt, lastError: error.slice(0, 1000) });
    },

    /** Gives up on a row; its body is dropped like a sent one's. */
    async markFailed(id: string, token: string, error: string): Promise<void> {
      await release(db, "outbox", id, token, { status: "failed", lastError: error.slice(0, 1000), text: "", html: "" });
    },

    /** Makes every row waiting out a backoff due now: the server answers again, so stop waiting. */
    retryNow(): Promise<void> {
      return retryNow(db, "outbox");
    },

    /** Deletes finished rows (and dev mailbox rows) older than a week. */
    async prune(): Promise<void> {
      await db
        .deleteFrom("outbox")
        .where("status", "in", ["sent", "failed", "captured"])
        .where("createdAt", "<", Date.now() - KEEP_FINISHED_MS)
        .execute();
    },

    /** The dev mailbox, newest first; `to` filters by recipient. */
    async listCaptured(limit: number, to?: string): Promise<OutboxRow[]> {
      let query = db.selectFrom("outbox").selectAll().where("status", "=", "captured");
      if (to) query = query.where("recipient", "=", to.toLowerCase());
      const rows = await query.orderBy("createdAt", "desc").orderBy("id").limit(limit).execute();
      return rows.map(normalize);
    },

    async getCaptured(id: string): Promise<OutboxRow | undefined> {
      const row = await db
        .selectFrom("outbox")
        .selectAll()
        .where("id", "=", id)
        .where("status", "=", "captured")
        .executeTakeFirst();
      return row && normalize(row);
    },

    async clearCaptured(): Promise<number> {
      const result = await db.deleteFrom("outbox").where("status", "=", "captured").executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Every row, for tests and operators; bodies included. */
    async all(): Promise<OutboxRow[]> {
      return (await db.selectFrom("outbox").selectAll().orderBy("createdAt").execute()).map(normalize);
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;

/** pg returns int8 as numbers (database.ts), SQLite as numbers; both become plain numbers here. */
function normalize(row: OutboxRow): OutboxRow {
  return {
    ...row,
    attempts: Number(row.attempts),
    availableAt: Number(row.availableAt),
    createdAt: Number(row.createdAt),
    sentAt: row.sentAt === null ? null : Number(row.sentAt),
  };
}
