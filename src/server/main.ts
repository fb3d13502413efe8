import type { Server } from "node:http";
import nodeModule from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Config, ConfigError, loadConfig } from "./config.js";
import { isLoopback } from "./routes/dev-mailbox.js";
import { startServer } from "./server.js";

const webRoot = join(dirname(fileURLToPath(import.meta.url)), "../../dist/web");

try {
  const config = loadConfig(process.env);
  const running = await startServer(config, { webRoot });
  if (config.env === "development") process.stdout.write(devBanner(config, running.port));
  running.logger.info(
    {
      baseURL: config.baseURL,
      listen: `${config.host}:${running.port}`,
      database: running.database.dialect,
      mail: config.mail.transport,
    },
    "Tessera is listening",
  );
  // With NODE_COMPILE_CACHE (as `npm start` sets it), the code compiled so far goes to disk now rather than
  // at exit, which a SIGKILL would skip (Node 22.10+).
  (nodeModule as { flushCompileCache?: () => void }).flushCompileCache?.();
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      running.logger.info({ signal }, "draining");
      // Keep-alive sockets would hold close() open; idle ones go now, busy ones after their response.
      (running.server as Server).closeIdleConnections();
      running.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(78);
  }
  throw error;
}

/** The database in words, without credentials: "SQLite data/tessera.db" or "PostgreSQL db.internal:5432/tessera". */
export function describeDatabase(databaseURL: string): string {
  if (databaseURL.startsWith("file:")) return `SQLite ${databaseURL.slice("file:".length)}`;
  try {
    const url = new URL(databaseURL);
    return `PostgreSQL ${url.host}${url.pathname}`;
  } catch {
    return "PostgreSQL";
  }
}

/** One line to start from (address, database, dev mailbox), then who can connect and who sees the mailbox. */
function devBanner(config: Config, port: number): string {
  const summary = [`Tessera is ready at ${config.baseURL}`, `database: ${describeDatabase(config.databaseURL)}`];
  if (config.mail.transport === "dev") summary.push(`dev mailbox: ${config.baseURL}/dev/mailbox`);
  const lines = [
    summary.join(" · "),
    isLoopback(config.host) || config.host === "localhost"
      ? `Listening on ${config.host}:${port}: only this machine can connect (HOST=0.0.0.0 opens it to the network).`
      : `Listening on ${config.host}:${port}: other machines on the network can connect.`,
  ];
  if (config.mail.transport === "dev") {
    lines.push(
      `Dev mailbox: ${config.baseURL}/dev/mailbox (served only to this machine: it holds every sign-in and reset link).`,
    );
  }
  return `\n${lines.join("\n")}\n\n`;
}
