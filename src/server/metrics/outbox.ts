import { Gauge, type Registry } from "prom-client";
import type { Database } from "../db/database.js";

/** The outbox tables of the leased queue (src/server/queue/leased-queue.ts) and their waiting states. */
const QUEUES = [
  { queue: "mail", table: "outbox" },
  { queue: "webhook", table: "webhook_delivery" },
] as const;

type OutboxSnapshot = Record<string, { depth: number; oldestAgeSeconds: number; failed: number }>;

/** Waiting and failed rows of each outbox table; undefined when the database does not answer. */
async function readOutbox(database: Database): Promise<OutboxSnapshot | undefined> {
  try {
    const now = Date.now();
    const snapshot: OutboxSnapshot = {};
    for (const { queue, table } of QUEUES) {
      const rows = await database.db
        .selectFrom(table)
        .select((eb) => ["status", eb.fn.countAll<number>().as("n"), eb.fn.min<number>("createdAt").as("oldest")])
        .where("status", "in", ["pending", "sending", "failed"])
        .groupBy("status")
        .execute();
      let depth = 0;
      let oldest = Number.POSITIVE_INFINITY;
      let failed = 0;
      for (const row of rows as { status: string; n: number | string; oldest: number | string | null }[]) {
        if (row.status === "failed") failed = Number(row.n);
        else {
          depth += Number(row.n);
          if (row.oldest !== null) oldest = Math.min(oldest, Number(row.oldest));
        }
      }
      const oldestAgeSeconds = depth && Number.isFinite(oldest) ? Math.max(0, (now - oldest) / 1000) : 0;
      snapshot[queue] = { depth, oldestAgeSeconds, failed };
    }
    return snapshot;
  } catch {
    return undefined;
  }
}

/** The outbox gauges (depth, oldest age, failed, readable), read from the database's tables when scraped. */
export function outboxGauges(registry: Registry, database: () => Database | undefined) {
  // One read of the outbox tables per scrape, shared by the gauges below (prom-client collects them at once).
  let reading: Promise<OutboxSnapshot | undefined> | undefined;
  const outbox = () => {
    const db = database();
    reading ??= (db ? readOutbox(db) : Promise.resolve(undefined)).finally(() => {
      reading = undefined;
    });
    return reading;
  };
  const outboxGauge = (name: string, help: string, pick: (q: OutboxSnapshot[string]) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ["queue"] as const,
      registers: [registry],
      async collect() {
        const snapshot = await outbox();
        if (!snapshot) return;
        for (const [queue, values] of Object.entries(snapshot)) this.set({ queue }, pick(values));
      },
    });
  outboxGauge(
    "tessera_outbox_depth",
    "Mail and webhook deliveries waiting to be sent (pending or being sent), across all instances.",
    (q) => q.depth,
  );
  outboxGauge(
    "tessera_outbox_oldest_age_seconds",
    "Age of the oldest mail or webhook delivery still waiting to be sent; 0 when none waits.",
    (q) => q.oldestAgeSeconds,
  );
  outboxGauge(
    "tessera_outbox_failed",
    "Mail and webhook deliveries given up after their last attempt, as kept in the database (mail 7 days, webhooks 30).",
    (q) => q.failed,
  );
  new Gauge({
    name: "tessera_outbox_readable",
    help: "1 when the outbox tables could be read for this scrape, 0 when the database did not answer.",
    registers: [registry],
    async collect() {
      if (database()) this.set((await outbox()) ? 1 : 0);
    },
  });
}
