import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/database.js";
import type { Logger } from "../logger.js";

/**
 * What the mail outbox (src/server/mail/) and webhook deliveries (src/server/webhooks/) share: a table
 * of jobs written in the request's transaction and worked off by every running instance (ADR 004).
 * Each table has the columns `id`, `status` (pending → sending → done), `attempts`, `availableAt`
 * (epoch ms: when a pending row is due, or when a sending row's lease runs out) and `claimToken`.
 */

/** The columns every leased table has. */
export interface LeasedRow {
  id: string;
  status: string;
  attempts: number;
  availableAt: number;
  claimToken: string | null;
}

/**
 * Atomically takes up to `limit` due rows of `table` (pending and due, or sending with an expired lease)
 * and leases them to `token` for `leaseMs`, counting the attempt. PostgreSQL skips rows another instance
 * is claiming (`for update skip locked`); SQLite has one writer at a time, so one guarded
 * UPDATE … RETURNING is enough.
 */
export async function claimDue<T extends LeasedRow>(
  database: Database,
  table: string,
  limit: number,
  leaseMs: number,
  token: string,
): Promise<T[]> {
  const now = Date.now();
  const leaseUntil = now + leaseMs;
  const t = sql.table(table);
  const query =
    database.dialect === "postgres"
      ? sql<T>`
          with due as materialized (
            select id from ${t}
            where status in ('pending', 'sending') and "availableAt" <= ${now}
            order by "availableAt"
            limit ${limit}
            for update skip locked
          )
          update ${t}
          set status = 'sending', attempts = ${t}.attempts + 1, "availableAt" = ${leaseUntil}, "claimToken" = ${token}
          from due
          where ${t}.id = due.id
          returning ${t}.*`
      : sql<T>`
          update ${t}
          set status = 'sending', attempts = attempts + 1, "availableAt" = ${leaseUntil}, "claimToken" = ${token}
          where id in (
            select id from ${t}
            where status in ('pending', 'sending') and "availableAt" <= ${now}
            order by "availableAt"
            limit ${limit}
          )
          returning *`;
  const { rows } = await query.execute(database.db);
  return rows.map((row) => ({
    ...row,
    attempts: Number(row.attempts),
    availableAt: Number(row.availableAt),
  }));
}

/**
 * Finishes a claimed row with `values` (its new status among them), only while `token` still holds its
 * lease; false if another worker took it over.
 */
export async function release(
  db: Kysely<any>,
  table: string,
  id: string,
  token: string,
  values: Record<string, unknown>,
): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({ ...values, claimToken: null })
    .where("id", "=", id)
    .where("claimToken", "=", token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Makes every row of `table` waiting out a backoff due now (the receiving server answers again). */
export async function retryNow(db: Kysely<any>, table: string): Promise<void> {
  const now = Date.now();
  await db
    .updateTable(table)
    .set({ availableAt: now })
    .where("status", "=", "pending")
    .where("attempts", ">", 0)
    .where("availableAt", ">", now)
    .execute();
}

/** base · 2^(attempt−1), capped at `maxMs`, ±20 % so instances that failed together spread out. */
export function backoff(attempt: number, baseMs: number, maxMs: number): number {
  const delay = Math.min(baseMs * 2 ** Math.max(0, attempt - 1), maxMs);
  return Math.round(delay * (0.8 + Math.random() * 0.4));
}

export interface LeasedWorkerOptions<T> {
  /** For the logs: "mail", "webhook". */
  name: string;
  /** Rows handled at once by one process. */
  concurrency: number;
  /** How often the table is read for retries, rows other instances wrote and rows a dead process held. */
  pollIntervalMs: number;
  /** How long a claimed row is this process's; longer than any one attempt can take. */
  leaseMs: number;
  claim(limit: number, leaseMs: number, token: string): Promise<T[]>;
  /** Works one claimed row and releases it; a throw is logged and the lease runs out (the row is tried again). */
  handle(row: T, token: string): Promise<void>;
  /** Housekeeping (deleting old rows), run about once an hour. */
  prune?(): Promise<void>;
  logger: Logger;
}

const PRUNE_EVERY_MS = 3600 * 1000;

/**
 * The loop around a leased table in the server process: wakes at once when this process wrote a row,
 * polls for everything else, at most `concurrency` rows in flight, and on stop waits for them.
 */
export function createLeasedWorker<T extends { id: string }>(options: LeasedWorkerOptions<T>) {
  const { name, concurrency, pollIntervalMs, leaseMs, logger } = options;
  const inFlight = new Set<Promise<void>>();
  let stopped = true;
  let woken = false;
  let wakeUp: (() => void) | undefined;
  let loop: Promise<void> | undefined;
  let lastPrune = 0;

  function wake() {
    woken = true;
    wakeUp?.();
  }

  function pause(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });
  }

  function track(row: T, token: string) {
    const job = options
      .handle(row, token)
      .catch((error) => logger.error({ err: error, id: row.id }, `${name} update failed; the lease will run out`))
      .finally(() => {
        inFlight.delete(job);
        wake();
      });
    inFlight.add(job);
  }

  async function run() {
    while (!stopped) {
      woken = false;
      let rest = pollIntervalMs;
      const free = concurrency - inFlight.size;
      if (free > 0) {
        try {
          const token = randomUUID();
          const rows = await options.claim(free, leaseMs, token);
          for (const row of rows) track(row, token);
          if (options.prune && Date.now() - lastPrune > PRUNE_EVERY_MS) {
            lastPrune = Date.now();
            await options.prune();
          }
        } catch (error) {
          logger.error({ err: error }, `${name} queue unavailable`);
          woken = false; // a new row must not turn a database outage into a busy loop
          rest = Math.max(rest, 1000);
        }
      }
      if (stopped) break;
      if (!woken) await pause(rest);
    }
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      loop = run();
    },
    /** A row was just written here: look now instead of at the next poll. */
    wake,
    /** Stops claiming, then waits for the rows under way (each bounded by its own timeouts). */
    async stop() {
      stopped = true;
      wakeUp?.();
      await loop;
      await Promise.allSettled([...inFlight]);
    },
  };
}
