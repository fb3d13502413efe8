import { setServers as setDnsServers } from "node:dns";
import { setServers as setDnsPromisesServers } from "node:dns/promises";
import { createServer, type Server } from "node:http";
import { syncBuiltinESMExports } from "node:module";
import type { AddressInfo } from "node:net";
import { dirname, join, resolve } from "node:path";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { createApp } from "./app.js";
import { startAuditRetention } from "./audit/retention.js";
import { createAuth } from "./auth/auth.js";
import { withNodeLane } from "./auth/fast-path/node-lane.js";
import { AUTH_BASE_PATH } from "./auth/options.js";
import { createOrganizationReads } from "./auth/organization-reads/index.js";
import { createPasswordHashing } from "./auth/password-hashing.js";
import { createSessionFastPath } from "./auth/session-fast-path.js";
import type { Config } from "./config.js";
import { openDatabase } from "./db/database.js";
import { migrate } from "./db/migrate.js";
import { fail } from "./errors.js";
import { createLogger, type Logger } from "./logger.js";
import { createMailer } from "./mail/mailer.js";
import { createMetrics, disabledMetrics, type Metrics } from "./metrics.js";
import { looseModes } from "./private-files.js";
import { connectRedis } from "./redis.js";
import { metricsRoute } from "./routes/metrics.js";
import { securityHeaderList } from "./routes/security-headers.js";
import { resolveSecret } from "./secret.js";
import { createWebhooks } from "./webhooks/index.js";

// Operations (docs/operations.md): one server process, from start to shutdown (close() below). See also: the
// metrics (metrics.ts, its parts in metrics/, GET /metrics in routes/metrics.ts); the logs (logger.ts); the
// process's entry and signals (main.ts).

/** How long close() waits for handlers still running after their client went away. */
const SHUTDOWN_GRACE_MS = 10_000;

export interface StartOptions {
  webRoot?: string;
  logger?: Logger;
}

/** Opens the database, migrates, and listens; what main.ts and the tests both run. */
export async function startServer(config: Config, options: StartOptions = {}) {
  const logger = options.logger ?? createLogger(config.logLevel);
  const secret = resolveSecret(config.secret, config.dataDir);
  const database = openDatabase(config.databaseURL);
  warnIfLoose(config, logger);
  // GET /metrics, when METRICS_TOKEN or METRICS_PORT is set (docs/operations.md "Metrics").
  const metrics =
    config.metrics.token !== undefined || config.metrics.port !== undefined
      ? createMetrics({ token: config.metrics.token })
      : disabledMetrics();
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
        onError: (kind) => metrics.redisError(kind),
      })
    : undefined;
  // scrypt on low-priority threads, one per core (auth/password-hashing.ts).
  const passwordHashing = createPasswordHashing(config.passwordHashing);
  // Audit events and their webhook deliveries, written together (webhooks/events.ts, docs/webhooks.md).
  const webhooks = createWebhooks(database, config, logger);
  // DNS_SERVERS: the resolver that reads domain verification TXT records (docs/sso.md); the engine's SSO
  // plugin asks node:dns/promises's default resolver. Each module binds its functions to the resolver
  // anew, and an ES import of a built-in sees that only once the exports are synced.
  if (config.dnsServers.length) {
    setDnsServers(config.dnsServers);
    setDnsPromisesServers(config.dnsServers);
    syncBuiltinESMExports();
  }
  const auth = createAuth({
    events: webhooks.events,
    config,
    database,
    mailer,
    secret,
    logger,
    secondaryStorage: redis?.storage,
    passwordHashing,
  });
  // One schema with or without REDIS_URL (as `npm run cli -- migrate` makes it): the engine leaves out
  // the verification table when Redis holds those values, and our migrations index it.
  const schemaOptions = { ...auth.options, secondaryStorage: undefined };
  await migrate(database, schemaOptions, { membershipLimit: config.organization.membershipLimit });
  // The outbox table exists now; mail queued before a restart goes out from here on.
  mailer.start();
  webhooks.worker.start();
  const sessionFastPath = createSessionFastPath({
    auth,
    database,
    enabled: config.sessionFastPath,
    logger,
    onAppRouteCheck: metrics.enabled ? (outcome) => metrics.fastPath("app-route", outcome) : undefined,
  });
  // Organization list, members, invitations and teams on the same footing (docs/decisions/014-organization-reads.md).
  const organizationReads = createOrganizationReads({
    auth,
    database,
    sessionFastPath,
    enabled: config.sessionFastPath,
    logger,
  });
  metrics.watch({ database, passwordHashesPending: passwordHashing.pending });
  const app = createApp({
    config,
    auth,
    database,
    redis,
    logger,
    webRoot: options.webRoot,
    sessionFastPath,
    organizationReads,
    webhooks,
    metrics,
  });
  const stopAuditRetention = startAuditRetention(auth, config.auditRetentionDays, logger);

  // Requests whose handlers are still running, whether or not their client is still there.
  let inFlight = 0;
  const finished = () => {
    inFlight--;
  };
  const fetch: typeof app.fetch = (request, env, executionContext) => {
    inFlight++;
    let answer: ReturnType<typeof app.fetch>;
    try {
      answer = app.fetch(request, env, executionContext);
    } catch (error) {
      inFlight--;
      throw error;
    }
    if (answer instanceof Promise) answer.then(finished, finished);
    else inFlight--;
    return answer;
  };
  // GET /get-session is answered before Hono when the session fast path can (auth/fast-path/node-lane.ts).
  const listener = withNodeLane(getRequestListener(fetch, { hostname: config.host }), {
    sessionFastPath,
    path: `${AUTH_BASE_PATH}/get-session`,
    headers: securityHeaderList({ secure: config.secureCookies }),
    logger,
    metrics: metrics.enabled ? metrics.nodeLane : undefined,
  });
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  const { port } = server.address() as AddressInfo;
  // METRICS_PORT: /metrics on a listener of its own (only it), e.g. reachable only from the monitoring network.
  const metricsServer =
    metrics.enabled && config.metrics.port !== undefined
      ? await listenForMetrics(metrics, config).catch((error) => {
          server.close();
          throw error;
        })
      : undefined;

  let closing: Promise<void> | undefined;
  /**
   * Stops accepting, lets in-flight requests finish, then closes mail and database. A request
   * whose client has gone (its connection closed, so server.close no longer waits for it) still
   * finishes its work, for up to SHUTDOWN_GRACE_MS, before the database goes.
   */
  const close = () => {
    closing ??= (async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (metricsServer) {
        metricsServer.closeAllConnections();
        await new Promise<void>((resolve) => metricsServer.close(() => resolve()));
      }
      const until = Date.now() + SHUTDOWN_GRACE_MS;
      while (inFlight > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
      stopAuditRetention();
      await mailer.close();
      await webhooks.worker.stop();
      await passwordHashing.close();
      await database.close();
      await redis?.close();
    })();
    return closing;
  };
  return {
    app,
    auth,
    database,
    redis,
    mailer,
    webhooks,
    logger,
    sessionFastPath,
    passwordHashing,
    metrics,
    server,
    port,
    url: `http://127.0.0.1:${port}`,
    close,
  };
}

export type RunningServer = Awaited<ReturnType<typeof startServer>>;

/** The metrics listener of METRICS_PORT: GET /metrics (token checked when METRICS_TOKEN is set), else 404. */
async function listenForMetrics(metrics: Metrics, config: Config): Promise<Server> {
  const app = new Hono();
  app.get("/metrics", metricsRoute(metrics));
  app.all("*", (c) => fail(c, "NOT_FOUND"));
  const server = createServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.metrics.port, config.host, resolve);
  });
  return server;
}

/** Folders and files made private on creation (private-files.ts) may predate that, or be loosened since. */
function warnIfLoose(config: Config, logger: Logger) {
  const paths = [config.dataDir, join(config.dataDir, "secret")];
  if (config.databaseURL.startsWith("file:")) {
    const file = resolve(config.databaseURL.slice("file:".length));
    paths.push(dirname(file), file, `${file}-wal`, `${file}-shm`);
  }
  for (const { path, mode } of looseModes(paths.map((p) => resolve(p)))) {
    logger.warn(
      { path, mode },
      "readable by other users of this machine (it holds session tokens or the secret): chmod 700 a folder, 600 a file",
    );
  }
}
