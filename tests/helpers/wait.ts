import type { Database } from "../../src/server/db/database.js";
import type { TestServer } from "./server.js";

type Truthy<T> = Exclude<T, false | 0 | "" | null | undefined>;

/**
 * Polls `check` every `every` ms until it returns something truthy, and returns that; fails naming
 * `what` after `timeout` ms. For waiting on something to happen, instead of sleeping a fixed time.
 */
export async function until<T>(
  what: string,
  check: () => T | Promise<T>,
  { timeout = 20_000, every = 25 }: { timeout?: number; every?: number } = {},
): Promise<Truthy<T>> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await check();
    if (value) return value as Truthy<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeout} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}

/**
 * until() for code that cannot await (the server bundle's build, asked for by synchronous spawn calls):
 * blocks the thread between checks.
 */
export function untilSync<T>(
  what: string,
  check: () => T,
  { timeout = 20_000, every = 25 }: { timeout?: number; every?: number } = {},
): Truthy<T> {
  const deadline = Date.now() + timeout;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    const value = check();
    if (value) return value as Truthy<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeout} ms waiting for ${what}`);
    Atomics.wait(pause, 0, 0, every);
  }
}

/** A server in this process, or a connection to a server's database. */
type Source = Pick<TestServer, "running"> | Database;

const databaseOf = (source: Source): Database => ("running" in source ? source.running.database : source);

/** How many rows of a queue table are still to be worked on (pending, or leased by a worker). */
async function unfinished(source: Source, table: "outbox" | "webhook_delivery", endpointId?: string) {
  let query = databaseOf(source)
    .db.selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "in", ["pending", "sending"]);
  if (endpointId) query = query.where("endpointId", "=", endpointId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/**
 * Waits until the outbox has no mail left to send. A request queues its mail before it is answered
 * (src/server/mail/mailer.ts) and the worker marks a row sent once SMTP took it, so afterwards every
 * mail of the requests answered so far is in the catcher (or failed for good): "no mail came" is then
 * a fact, not a guess after a pause.
 */
export function mailSettled(source: Source, timeout = 20_000) {
  return until("the outbox to deliver what is queued", async () => (await unfinished(source, "outbox")) === 0, {
    timeout,
  });
}

/**
 * Waits until no webhook delivery (of `endpointId`, or of any endpoint) is pending or being sent: an
 * event's deliveries are written with it, before the request is answered (src/server/webhooks/events.ts),
 * so afterwards nothing more will reach a receiver for the events so far.
 */
export function webhooksSettled(source: Source, endpointId?: string, timeout = 30_000) {
  return until(
    `webhook deliveries${endpointId ? ` of ${endpointId}` : ""} to finish`,
    async () => (await unfinished(source, "webhook_delivery", endpointId)) === 0,
    { timeout },
  );
}
