// One Tessera instance under test, in its own process: the bench process sends load over loopback and
// asks this one (over IPC) for what only the server can see: event-loop delay, memory, scrypt speed.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { hashPassword } from "better-auth/crypto";
import { loadConfig } from "../src/server/config.js";
import { startServer } from "../src/server/server.js";
import { seedAdminSearch, seedManyOrganizations, seedMembers, seedTeamsAndInvitations, seedUser } from "./lib/seed.js";

const config = loadConfig(process.env);
const running = await startServer(config);
const { app, auth } = running;

// Two app routes with a session check, the way app routes would have one.
const { sessionFastPath } = running;
app.get("/bench/me", sessionFastPath.requireSession, (c) => c.json({ id: c.var.user.id }));
app.get("/bench/me-engine", async (c) => {
  const session = await auth.api.getSession({ headers: c.req.raw.headers });
  if (!session) return c.json({ code: "UNAUTHORIZED", message: "Not authenticated" }, 401);
  return c.json({ id: session.user.id });
});

// The histogram holds whole timer intervals: the delay is what exceeds the 1 ms resolution.
const LOOP_RESOLUTION_MS = 1;
const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
loop.enable();
let rssMax = process.memoryUsage().rss;
setInterval(() => {
  rssMax = Math.max(rssMax, process.memoryUsage().rss);
}, 50).unref();

const ms = (ns: number) => Math.max(0, Math.round((ns / 1e6 - LOOP_RESOLUTION_MS) * 100) / 100);

/** The engine's own password hash, as many at once as `concurrency`, for `seconds`: hashes per second. */
async function scryptRate(seconds: number, concurrency: number) {
  let done = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        await hashPassword("correct horse battery staple");
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

// A writer changing one of an organization's teams again and again, one write at a time, while reads
// are measured: what the organization reads answer when their kept answers keep going stale.
let churning: Promise<void> | undefined;
let churnOn = false;
async function churn({ organizationId, on }: { organizationId: string; on: boolean }) {
  churnOn = false;
  await churning;
  if (!on) return null;
  const db = running.database.db;
  const team = await db.selectFrom("team").select("id").where("organizationId", "=", organizationId).executeTakeFirst();
  if (!team) throw new Error("no team to change");
  churnOn = true;
  churning = (async () => {
    for (let i = 0; churnOn; i++) {
      // SQLite writes without waiting on I/O: yield, or requests (and the command to stop) never get a turn.
      await new Promise((resolve) => setImmediate(resolve));
      await db
        .updateTable("team")
        .set({ name: `Churn ${i % 2}` })
        .where("id", "=", team.id)
        .execute();
    }
  })();
  return null;
}

const commands: Record<string, (args: any) => Promise<unknown>> = {
  churn,
  user: (args) => seedUser(running, args),
  members: (args) => seedMembers(running, args),
  organizations: (args) => seedManyOrganizations(running, args),
  "teams-and-invitations": (args) => seedTeamsAndInvitations(running, args),
  users: (args) => seedAdminSearch(running, args),
  scrypt: ({ seconds, concurrency }) => scryptRate(seconds, concurrency),
  async reset() {
    // Hashes left over from the last load (its requests stay queued here when it stops) would
    // run into the next measurement.
    const until = Date.now() + 60_000;
    while (running.passwordHashing.pending() > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    // Collect first: a forced collection's pause is the bench's own doing, not the server's.
    global.gc?.();
    loop.reset();
    rssMax = process.memoryUsage().rss;
    return null;
  },
  async stats() {
    return {
      rss: process.memoryUsage().rss,
      rssMax,
      cpu: process.cpuUsage(),
      loop: { p50: ms(loop.percentile(50)), p99: ms(loop.percentile(99)), max: ms(loop.max) },
      sessionFastPath: await sessionFastPath.blocked(),
      hashing: running.passwordHashing.stats(),
    };
  },
};

process.on("message", async (message: { id: number; command: string; args?: unknown }) => {
  try {
    const command = commands[message.command];
    if (!command) throw new Error(`unknown command ${message.command}`);
    process.send?.({ id: message.id, ok: true, result: await command(message.args) });
  } catch (error) {
    process.send?.({ id: message.id, ok: false, error: (error as Error).stack ?? String(error) });
  }
});
process.on("disconnect", () => {
  running.close().finally(() => process.exit(0));
});
process.send?.({ ready: true, url: running.url });
