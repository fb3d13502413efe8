import type { AddressInfo } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import { createApp } from "./app.js";
import { createAuth } from "./auth/auth.js";
import type { Config } from "./config.js";
import { openDatabase } from "./db/database.js";
import { migrate } from "./db/migrate.js";
import { createLogger, type Logger } from "./logger.js";
import { createMailer } from "./mail/mailer.js";
import { resolveSecret } from "./secret.js";

export interface StartOptions {
  webRoot?: string;
  logger?: Logger;
}

/** Opens the database, migrates, and listens; what main.ts and the tests both run. */
export async function startServer(config: Config, options: StartOptions = {}) {
  const logger = options.logger ?? createLogger(config.logLevel);
  const secret = resolveSecret(config.secret, config.dataDir);
  const database = openDatabase(config.databaseURL);
  const mailer = createMailer({ ...config.mail, logger });
  const auth = createAuth({ config, database, mailer, secret });
  await migrate(database, auth.options, { membershipLimit: config.organization.membershipLimit });
  const app = createApp({ config, auth, database, logger, webRoot: options.webRoot });

  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;

  let closing: Promise<void> | undefined;
  /** Stops accepting, lets in-flight requests finish, then closes mail and database. */
  const close = () => {
    closing ??= (async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await mailer.close();
      await database.close();
    })();
    return closing;
  };
  return { app, auth, database, mailer, logger, server, port, url: `http://127.0.0.1:${port}`, close };
}

export type RunningServer = Awaited<ReturnType<typeof startServer>>;
