import type { AddressInfo } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import { createApp } from "./app.js";
import { startAuditRetention } from "./audit/retention.js";
import { createAuth } from "./auth/auth.js";
import type { Config } from "./config.js";
import { openDatabase } from "./db/database.js";
import { migrate } from "./db/migrate.js";
import { createLogger, type Logger } from "./logger.js";
import { createMailer } from "./mail/mailer.js";
import { connectRedis } from "./redis.js";
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
  const mailer = createMailer({
    ...config.mail,
    logger,
    database,
    baseURL: config.baseURL,
    announce: config.env === "development",
  });
  // REDIS_URL: sessions and rate limits shared by every instance (docs/operations.md).
  const redis = config.redisURL
    ? await connectRedis(config.redisURL, {
        keyPrefix: config.redisKeyPrefix,
        // A revoked token stays barred as long as any session could live (remember-me off lives a day).
        revokedTokenTTL: Math.max(config.session.expiresIn, 86_400),
        logger,
      })
    : undefined;
  const auth = createAuth({ config, database, mailer, secret, logger, secondaryStorage: redis?.storage });
  // One schema with or without REDIS_URL (as `npm run cli -- migrate` makes it): the engine leaves out
  // the verification table when Redis holds those values, and our migrations index it.
  const schemaOptions = { ...auth.options, secondaryStorage: undefined };
  await migrate(database, schemaOptions, { membershipLimit: config.organization.membershipLimit });
  // The outbox table exists now; mail queued before a restart goes out from here on.
  mailer.start();
  const app = createApp({ config, auth, database, redis, logger, webRoot: options.webRoot });
  const stopAuditRetention = startAuditRetention(auth, config.auditRetentionDays, logger);

  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;

  let closing: Promise<void> | undefined;
  /** Stops accepting, lets in-flight requests finish, then closes mail and database. */
  const close = () => {
    closing ??= (async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      stopAuditRetention();
      await mailer.close();
      await database.close();
      await redis?.close();
    })();
    return closing;
  };
  return { app, auth, database, redis, mailer, logger, server, port, url: `http://127.0.0.1:${port}`, close };
}

export type RunningServer = Awaited<ReturnType<typeof startServer>>;
