import type { IncomingMessage, ServerResponse } from "node:http";
import { oauthProviderAuthServerMetadata, oauthProviderOpenIdConfigMetadata } from "@better-auth/oauth-provider";
import { type Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import { routePath } from "hono/route";
import { LOCALE_COOKIE } from "../shared/languages.js";
import type { Auth } from "./auth/auth.js";
import { clientIp, peerAddress } from "./auth/client-ip.js";
import { AUTH_BASE_PATH } from "./auth/options.js";
import type { OrganizationReads } from "./auth/organization-reads/index.js";
import type { SessionFastPath } from "./auth/session-fast-path.js";
import type { Config } from "./config.js";
import type { Database } from "./db/database.js";
import { engineHandler } from "./engine-handler.js";
import { errorBody, fail, statusOf } from "./errors.js";
import { organizationReadsFastPath, organizationsPage, sessionFastPathRoute } from "./fast-path-routes.js";
import { type Logger, logRequest } from "./logger.js";
import { engineSegmentsOf } from "./metrics/engine-groups.js";
import { disabledMetrics, type Metrics } from "./metrics.js";
import type { RedisConnection } from "./redis.js";
import { currentRequestId, REQUEST_ID_HEADER, requestIdFrom, withRequestId } from "./request-context.js";
import { accountEmailVerificationRoute } from "./routes/account/email-verification.js";
import { accountMfaRoute } from "./routes/account/mfa.js";
import { accountSessionRoutes } from "./routes/account/sessions.js";
import { adminRoutes } from "./routes/admin/index.js";
import { oauthClientRoutes } from "./routes/admin/oauth-clients.js";
import { apiKeyRoutes } from "./routes/api-keys.js";
import { apiReference } from "./routes/api-reference.js";
import { auditRoutes } from "./routes/audit.js";
import { drainUnreadBody, limitBody } from "./routes/body-limit.js";
import { devMailboxRoutes } from "./routes/dev-mailbox.js";
import { errorPageLocale, renderErrorPage } from "./routes/error-page.js";
import { metricsRoute } from "./routes/metrics.js";
import { organizationOAuthClientRoutes } from "./routes/organization-oauth-clients.js";
import { organizationPermissionRoutes } from "./routes/organizations/permissions.js";
import { organizationTeamRoutes } from "./routes/organizations/team-members.js";
import { publicConfigRoute } from "./routes/public-config.js";
import { rejectNulCharacters } from "./routes/reject-nul.js";
import { securityHeaders } from "./routes/security-headers.js";
import { setPasswordRoutes } from "./routes/set-password.js";
import { uploadRoutes } from "./routes/uploads/routes.js";
import { scimRoutes } from "./scim/routes.js";
import { ssoRoutes } from "./sso/routes.js";
import { samlGate } from "./sso/saml.js";
import { ssoSignInRoutes } from "./sso/sign-in-routes.js";
import { storeFailureGuard } from "./store-failures.js";
import { serveWebApp } from "./web-app.js";
import type { Webhooks } from "./webhooks/index.js";
import { webhookRoutes } from "./webhooks/routes.js";

export interface AppDeps {
  config: Config;
  auth: Auth;
  database: Database;
  logger: Logger;
  /** Shared state of many instances (REDIS_URL), when configured. */
  redis?: RedisConnection;
  /** Folder of the built web app; when absent, only the API is served. */
  webRoot?: string;
  /** The session fast path (src/server/auth/session-fast-path.ts); server.ts also answers get-session with it before Hono. */
  sessionFastPath: SessionFastPath;
  /** The organization reads without the engine when they can be (src/server/auth/organization-reads/). */
  organizationReads?: OrganizationReads;
  /** Webhook endpoints and deliveries (src/server/webhooks/). */
  webhooks: Webhooks;
  /** Prometheus metrics (metrics.ts); off when absent. */
  metrics?: Metrics;
}

/** The HTTP application: engine, app routes, and the built web app. */
export function createApp({
  config,
  auth,
  database,
  redis,
  logger,
  webRoot,
  sessionFastPath,
  organizationReads,
  webhooks,
  metrics = disabledMetrics(),
}: AppDeps) {
  const app = new Hono<{ Variables: { requestId: string } }>();
  if (metrics.enabled) metrics.setEngineSegments(engineSegmentsOf(auth.api));

  // Every request gets an id (the proxy's x-request-id when it is a short safe token): returned in
  // the x-request-id header, bound to every log line written while it is handled (logger.ts), and
  // shown on error answers, so a user's report can be matched to the logs.
  app.use(async (c, next) => {
    const started = performance.now();
    const env = c.env as { incoming?: IncomingMessage; outgoing?: ServerResponse } | undefined;
    // Read from Node's message: asking the Request for a header would build it whole (session-fast-path.ts).
    const requestId = requestIdFrom(
      env?.incoming ? env.incoming.headers[REQUEST_ID_HEADER] : c.req.header(REQUEST_ID_HEADER),
    );
    c.set("requestId", requestId);
    const outgoing = env?.outgoing;
    const early = outgoing !== undefined && typeof outgoing.setHeader === "function";
    if (early) outgoing.setHeader(REQUEST_ID_HEADER, requestId);
    await withRequestId(requestId, next);
    if (!early) c.res.headers.set(REQUEST_ID_HEADER, requestId);
    const { method, path } = c.req;
    const status = c.res.status;
    logRequest(logger, method, path, status, started, requestId);
    if (metrics.enabled) {
      metrics.request(method, routeGroup(routePath(c), path), path, status, (performance.now() - started) / 1000);
    }
  });
  app.use(securityHeaders({ secure: config.secureCookies }));

  app.onError((error, c) => {
    logger.error({ err: error, path: c.req.path }, "unhandled error");
    const requestId = c.get("requestId") ?? currentRequestId();
    return c.json({ ...errorBody("INTERNAL_SERVER_ERROR"), requestId }, statusOf("INTERNAL_SERVER_ERROR"));
  });

  // Prometheus metrics behind METRICS_TOKEN; with METRICS_PORT they are served on that port instead (server.ts).
  if (metrics.enabled && config.metrics.port === undefined) app.get("/metrics", metricsRoute(metrics));

  app.get("/healthz", (c) => c.json({ ok: true }));
  app.get("/readyz", async (c) => {
    try {
      await database.ping();
      await redis?.ping();
      return c.json({ ok: true });
    } catch {
      return c.json({ ok: false, ...errorBody("DATABASE_UNREACHABLE") }, statusOf("DATABASE_UNREACHABLE"));
    }
  });

  // The provider's metadata at the issuer (the origin root), as the plugin documents for a basePath (docs/integrate.md).
  const openIdConfiguration = oauthProviderOpenIdConfigMetadata(auth);
  const authServerMetadata = oauthProviderAuthServerMetadata(auth);
  app.get("/.well-known/openid-configuration", (c) => openIdConfiguration(c.req.raw));
  app.get("/.well-known/oauth-authorization-server", (c) => authServerMetadata(c.req.raw));

  // Over 1 MB: 413. Any answer waits until the client has finished sending, so it reads it (routes/body-limit.ts).
  const limitBodies = limitBody();
  const drainBodies = drainUnreadBody();
  // GET and HEAD carry no body to limit, and asking a request for its body makes @hono/node-server
  // build a whole Request: on a session check that doubles the cost (bench/README.md).
  app.use("/api/*", (c, next) => (c.req.method === "GET" || c.req.method === "HEAD" ? next() : drainBodies(c, next)));
  app.use("/api/*", (c, next) => (c.req.method === "GET" || c.req.method === "HEAD" ? next() : limitBodies(c, next)));
  app.use("/api/*", rejectNulCharacters());
  // A sign-out or revocation that could not reach Redis or the database never answers success.
  app.use("/api/*", storeFailureGuard());

  // The API reference (src/server/openapi.ts): open outside production, to site admins in production.
  const reference = apiReference({ auth, config, requireSession: sessionFastPath.requireSession });
  app.get("/api/openapi.json", reference.gate, reference.document);
  app.get(`${AUTH_BASE_PATH}/open-api/*`, reference.gate);

  app.get(`${AUTH_BASE_PATH}/error`, (c) => {
    const locale = errorPageLocale(getCookie(c, LOCALE_COOKIE), c.req.header("accept-language"));
    c.header("Vary", "Cookie, Accept-Language");
    return c.html(renderErrorPage(c.req.query("error"), config.baseURL, locale, c.get("requestId")));
  });

  // The session fast path: get-session without the engine when it can answer exactly as the engine would
  // (docs/decisions/006-session-fast-path.md). App routes under /api/* use sessionFastPath.requireSession.
  // Over HTTP its Node lane (server.ts) answers first; this serves what it declined (skipped) and app.request().
  app.get(`${AUTH_BASE_PATH}/get-session`, sessionFastPathRoute(sessionFastPath, metrics));

  if (organizationReads) {
    // The organization reads the web app makes, without the engine when the answer is provably its own
    // (docs/decisions/014-organization-reads.md); anything else goes on to the engine.
    app.get(`${AUTH_BASE_PATH}/organization/*`, organizationReadsFastPath(organizationReads, metrics));
    // The signed-in user's organizations a page at a time, by name (docs/behaviour.md#organizations):
    // the engine's GET /organization/list has no paging and stops at 100.
    app.get("/api/organizations", sessionFastPath.requireSession, organizationsPage(organizationReads));
  }

  // The SSO plugin's SAML endpoints, which identity providers post to from anywhere by design: only an
  // organization's SP metadata and, while its SAML connection is on, its assertion consumer (docs/sso.md "SAML").
  app.all(`${AUTH_BASE_PATH}/sso/saml2/*`, samlGate({ auth, baseURL: config.baseURL }));

  const engine = engineHandler(auth, config.trustedProxies);
  app.on(["GET", "POST"], `${AUTH_BASE_PATH}/*`, engine);
  // SCIM's PUT, PATCH and DELETE (docs/scim.md); every other engine call is GET or POST.
  app.on(["PUT", "PATCH", "DELETE"], `${AUTH_BASE_PATH}/scim/v2/*`, engine);

  app.get("/api/public-config", publicConfigRoute(config));
  app.route(
    "/api/account/set-password",
    setPasswordRoutes({ auth, config, requireSession: sessionFastPath.requireSession }),
  );
  // Account settings, avatars and logos, team rosters (src/server/routes/account, uploads, organizations).
  app.route(
    "/api/account/sessions",
    accountSessionRoutes({ auth, config, requireSession: sessionFastPath.requireSession }),
  );
  app.route("/api/account/mfa", accountMfaRoute({ database, requireSession: sessionFastPath.requireSession }));
  app.route(
    "/api/account/email-verification",
    accountEmailVerificationRoute({ database, requireSession: sessionFastPath.requireSession }),
  );
  app.route("/api/uploads", uploadRoutes({ database, config, requireSession: sessionFastPath.requireSession }));
  // What the caller may do in one organization, custom roles included (docs/roles.md).
  app.route(
    "/api/organizations",
    organizationPermissionRoutes({ auth, requireSession: sessionFastPath.requireSession }),
  );
  // Webhooks of an organization and of the site (src/server/webhooks/routes.ts, docs/webhooks.md).
  const webhookDeps = {
    auth,
    requireSession: sessionFastPath.requireSession,
    config,
    store: webhooks.store,
    events: webhooks.events,
    wake: webhooks.worker.wake,
    clientAddress: (c: Context) =>
      clientIp(peerAddress(c), c.req.header("x-forwarded-for") ?? null, config.trustedProxies) ?? null,
  };
  app.route("/api/organizations/:organizationId/webhooks", webhookRoutes(webhookDeps, "organization"));
  app.route("/api/admin/webhooks", webhookRoutes(webhookDeps, "site"));
  // An organization's SCIM token (src/server/scim/routes.ts, docs/scim.md).
  app.route(
    "/api/organizations/:organizationId/scim",
    scimRoutes({
      auth,
      requireSession: sessionFastPath.requireSession,
      config,
      events: webhooks.events,
      clientAddress: webhookDeps.clientAddress,
    }),
  );
  // An organization's verified domain (src/server/sso/routes.ts, docs/sso.md).
  app.route(
    "/api/organizations/:organizationId/sso",
    ssoRoutes({
      auth,
      requireSession: sessionFastPath.requireSession,
      config,
      events: webhooks.events,
      clientAddress: webhookDeps.clientAddress,
    }),
  );
  // Whether an address signs in with single sign-on, and the start of it (docs/sso.md "Signing in").
  app.route("/api/sso", ssoSignInRoutes({ auth, config, clientAddress: webhookDeps.clientAddress }));
  app.route(
    "/api/organizations",
    organizationTeamRoutes({ auth, config, requireSession: sessionFastPath.requireSession }),
  );

  app.route("/api/audit", auditRoutes(auth, sessionFastPath.requireSession));
  // API keys of a user or an organization (docs/integrate.md "API keys"); GET /self answers a key itself.
  app.route(
    "/api/api-keys",
    apiKeyRoutes({
      auth,
      config,
      requireSession: sessionFastPath.requireSession,
      events: webhooks.events,
      clientAddress: webhookDeps.clientAddress,
    }),
  );
  // An organization's own OAuth clients, for its owners and admins (docs/integrate.md).
  app.route(
    "/api/organizations/:organizationId/oauth-clients",
    organizationOAuthClientRoutes({ auth, config, requireSession: sessionFastPath.requireSession }),
  );
  app.route(
    "/api/admin/oauth-clients",
    oauthClientRoutes({ auth, config, requireSession: sessionFastPath.requireSession }),
  );
  app.route(
    "/api/admin",
    adminRoutes({ auth, database, adminUserIds: config.adminUserIds, requireSession: sessionFastPath.requireSession }),
  );

  // Only without SMTP and outside production (config.ts decides "dev"); otherwise these paths are 404.
  if (config.mail.transport === "dev") {
    const clientAddress = (c: Context) =>
      clientIp(peerAddress(c), c.req.header("x-forwarded-for") ?? null, config.trustedProxies);
    app.route("/api/dev/mailbox", devMailboxRoutes(database, clientAddress));
  }

  app.all("/api/*", (c) => fail(c, "NOT_FOUND"));

  if (webRoot) serveWebApp(app, webRoot);
  return app;
}

/**
 * A request's route group for metrics: the pattern of the route that answered (never the raw path),
 * the built web app's files and pages as "web". The engine's catch-all is split by metrics.ts.
 */
function routeGroup(pattern: string, path: string): string {
  if (pattern === "*" || pattern === "/*") return path.startsWith("/api/") ? "/api/*" : "web";
  return pattern || "web";
}
