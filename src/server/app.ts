import { existsSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { oauthProviderAuthServerMetadata, oauthProviderOpenIdConfigMetadata } from "@better-auth/oauth-provider";
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { getCookie } from "hono/cookie";
import { routePath } from "hono/route";
import { isAppRoute } from "../shared/app-routes.js";
import type { ErrorCode } from "../shared/error-codes.js";
import { LOCALE_COOKIE } from "../shared/languages.js";
import { siteAdminTest } from "./auth/admin-rules.js";
import type { Auth } from "./auth/auth.js";
import { CLIENT_IP_HEADER, clientIp } from "./auth/client-ip.js";
import { declinedByLane } from "./auth/fast-path/node-lane.js";
import { AUTH_BASE_PATH } from "./auth/options.js";
import { isReadPath, type OrganizationReads, organizationsPageQuery, READ_HEADERS } from "./auth/organization-reads.js";
import type { SessionFastPath } from "./auth/session-fast-path.js";
import type { Config } from "./config.js";
import type { Database } from "./db/database.js";
import { errorBody, fail, statusOf } from "./errors.js";
import { type Logger, logRequest } from "./logger.js";
import { escapeHtml } from "./mail/templates.js";
import { disabledMetrics, engineSegmentsOf, type Metrics } from "./metrics.js";
import { openAPIDocument } from "./openapi.js";
import type { RedisConnection } from "./redis.js";
import { currentRequestId, REQUEST_ID_HEADER, requestIdFrom, withRequestId } from "./request-context.js";
import { accountEmailVerificationRoute } from "./routes/account/email-verification.js";
import { accountMfaRoute } from "./routes/account/mfa.js";
import { accountSessionRoutes } from "./routes/account/sessions.js";
import { adminRoutes } from "./routes/admin/index.js";
import { oauthClientRoutes } from "./routes/admin/oauth-clients.js";
import { apiKeyRoutes } from "./routes/api-keys.js";
import { auditRoutes } from "./routes/audit.js";
import { drainUnreadBody, limitBody } from "./routes/body-limit.js";
import { devMailboxRoutes } from "./routes/dev-mailbox.js";
import { errorPageLocale, renderErrorPage } from "./routes/error-page.js";
import { organizationOAuthClientRoutes } from "./routes/organization-oauth-clients.js";
import { organizationPermissionRoutes } from "./routes/organizations/permissions.js";
import { organizationTeamRoutes } from "./routes/organizations/team-members.js";
import { publicConfigRoute } from "./routes/public-config.js";
import { rejectNulCharacters } from "./routes/reject-nul.js";
import { securityHeaders } from "./routes/security-headers.js";
import { setPasswordRoutes } from "./routes/set-password.js";
import { uploadRoutes } from "./routes/uploads/routes.js";
import { scimRoutes } from "./scim/routes.js";
import { ssoRoutes, ssoSignInRoutes } from "./sso/routes.js";
import { samlGate } from "./sso/saml.js";
import { storeFailureGuard } from "./store-failures.js";
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
  /** The session check (src/server/auth/session-fast-path.ts); server.ts also answers get-session with it before Hono. */
  sessions: SessionFastPath;
  /** The organization reads without the engine when they can be (src/server/auth/organization-reads.ts). */
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
  sessions,
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
  const isSiteAdmin = siteAdminTest(config.adminUserIds);
  const referenceGate: MiddlewareHandler = async (c, next) => {
    if (config.env !== "production") return next();
    return sessions.requireSession(c, async () => {
      if (!isSiteAdmin(c.get("user"))) {
        c.res = fail(c, "FORBIDDEN", "apiReference");
        return;
      }
      await next();
    });
  };
  let reference: Promise<unknown> | undefined;
  app.get("/api/openapi.json", referenceGate, async (c) => {
    reference ??= openAPIDocument(auth, config.baseURL).catch((error) => {
      reference = undefined;
      throw error;
    });
    return c.json(await reference);
  });
  app.get(`${AUTH_BASE_PATH}/open-api/*`, referenceGate);

  app.get(`${AUTH_BASE_PATH}/error`, (c) => {
    const locale = errorPageLocale(getCookie(c, LOCALE_COOKIE), c.req.header("accept-language"));
    c.header("Vary", "Cookie, Accept-Language");
    return c.html(renderErrorPage(c.req.query("error"), config.baseURL, locale, c.get("requestId")));
  });

  // The session check without the engine when it can answer exactly as the engine would
  // (docs/decisions/006-session-fast-path.md). App routes under /api/* use sessions.requireSession.
  // Over HTTP the lane in server.ts answers first; this serves what it declined (skipped) and app.request().
  app.get(`${AUTH_BASE_PATH}/get-session`, async (c, next) => {
    if (declinedByLane((c.env as { incoming?: unknown } | undefined)?.incoming)) return next();
    const fast = await sessions.handleGetSession(c.req.raw);
    metrics.fastPath("get-session", fast ? "answered" : "engine");
    if (fast) return fast;
    await next();
  });

  // The organization reads the web app makes, without the engine when the answer is provably its own
  // (docs/decisions/014-organization-reads.md); anything else goes on to the engine.
  if (organizationReads) {
    app.get(`${AUTH_BASE_PATH}/organization/*`, async (c, next) => {
      // GET only (Hono routes HEAD here too), and the path exactly as sent: no escapes, no trailing slash.
      if (c.req.method !== "GET") return next();
      const url = c.req.url;
      const mark = url.indexOf("?");
      const sent = url.slice(url.indexOf("/", url.indexOf("//") + 2), mark === -1 ? undefined : mark);
      const path = sent.slice(AUTH_BASE_PATH.length);
      if (!sent.startsWith(AUTH_BASE_PATH) || !isReadPath(path)) return next();
      const a = await organizationReads.answer(
        path,
        mark === -1 ? "" : url.slice(mark + 1),
        c.req.header("cookie") ?? null,
      );
      metrics.fastPath("organization-read", a.kind === "answer" ? "answered" : "engine");
      if (a.kind === "answer") return new Response(a.body, { status: 200, headers: READ_HEADERS });
      await next();
    });
  }

  // The signed-in user's organizations a page at a time, by name (docs/behaviour.md#organizations):
  // the engine's GET /organization/list has no paging and stops at 100.
  if (organizationReads) {
    const reads = organizationReads;
    app.get("/api/organizations", sessions.requireSession, async (c) => {
      const page = organizationsPageQuery(new URL(c.req.url).searchParams);
      if ("message" in page) return fail(c, "INVALID_QUERY", page.message);
      const body = await reads.organizationsPage(String(c.get("user").id), page.limit, page.offset);
      return new Response(body, { status: 200, headers: READ_HEADERS });
    });
  }

  // The SSO plugin's SAML endpoints, which identity providers post to from anywhere by design: only an
  // organization's SP metadata and, while its SAML connection is on, its assertion consumer (docs/sso.md "SAML").
  app.all(`${AUTH_BASE_PATH}/sso/saml2/*`, samlGate({ auth, baseURL: config.baseURL }));

  const engine = (c: Context) => {
    const req = c.req.raw;
    // Only we say who the client is: drop any client-sent value, then set the one we trust.
    req.headers.delete(CLIENT_IP_HEADER);
    const ip = clientIp(peerAddress(c), req.headers.get("x-forwarded-for"), config.trustedProxies);
    if (ip) req.headers.set(CLIENT_IP_HEADER, ip);
    return auth.handler(req).then(withRateLimitCode);
  };
  app.on(["GET", "POST"], `${AUTH_BASE_PATH}/*`, engine);
  // SCIM's PUT, PATCH and DELETE (docs/scim.md); every other engine call is GET or POST.
  app.on(["PUT", "PATCH", "DELETE"], `${AUTH_BASE_PATH}/scim/v2/*`, engine);

  app.get("/api/public-config", publicConfigRoute(config));
  app.route("/api/account/set-password", setPasswordRoutes({ auth, config, requireSession: sessions.requireSession }));
  // Account settings, avatars and logos, team rosters (src/server/routes/account, uploads, organizations).
  app.route("/api/account/sessions", accountSessionRoutes({ auth, config, requireSession: sessions.requireSession }));
  app.route("/api/account/mfa", accountMfaRoute({ database, requireSession: sessions.requireSession }));
  app.route(
    "/api/account/email-verification",
    accountEmailVerificationRoute({ database, requireSession: sessions.requireSession }),
  );
  app.route("/api/uploads", uploadRoutes({ database, config, requireSession: sessions.requireSession }));
  // What the caller may do in one organization, custom roles included (docs/roles.md).
  app.route("/api/organizations", organizationPermissionRoutes({ auth, requireSession: sessions.requireSession }));
  // Webhooks of an organization and of the site (src/server/webhooks/routes.ts, docs/webhooks.md).
  const webhookDeps = {
    auth,
    requireSession: sessions.requireSession,
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
      requireSession: sessions.requireSession,
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
      requireSession: sessions.requireSession,
      config,
      events: webhooks.events,
      clientAddress: webhookDeps.clientAddress,
    }),
  );
  // Whether an address signs in with single sign-on, and the start of it (docs/sso.md "Signing in").
  app.route("/api/sso", ssoSignInRoutes({ auth, config, clientAddress: webhookDeps.clientAddress }));
  app.route("/api/organizations", organizationTeamRoutes({ auth, config, requireSession: sessions.requireSession }));

  app.route("/api/audit", auditRoutes(auth, sessions.requireSession));
  // API keys of a user or an organization (docs/integrate.md "API keys"); GET /self answers a key itself.
  app.route(
    "/api/api-keys",
    apiKeyRoutes({
      auth,
      config,
      requireSession: sessions.requireSession,
      events: webhooks.events,
      clientAddress: webhookDeps.clientAddress,
    }),
  );
  // An organization's own OAuth clients, for its owners and admins (docs/integrate.md).
  app.route(
    "/api/organizations/:organizationId/oauth-clients",
    organizationOAuthClientRoutes({ auth, config, requireSession: sessions.requireSession }),
  );
  app.route("/api/admin/oauth-clients", oauthClientRoutes({ auth, config, requireSession: sessions.requireSession }));
  app.route(
    "/api/admin",
    adminRoutes({ auth, database, adminUserIds: config.adminUserIds, requireSession: sessions.requireSession }),
  );

  // Only without SMTP and outside production (config.ts decides "dev"); otherwise these paths are 404.
  if (config.mail.transport === "dev") {
    const clientAddress = (c: Context) =>
      clientIp(peerAddress(c), c.req.header("x-forwarded-for") ?? null, config.trustedProxies);
    app.route("/api/dev/mailbox", devMailboxRoutes(database, clientAddress));
  }

  app.all("/api/*", (c) => fail(c, "NOT_FOUND"));

  if (webRoot && existsSync(join(webRoot, "index.html"))) {
    const indexHtml = readFileSync(join(webRoot, "index.html"), "utf8");
    app.use("/assets/*", async (c, next) => {
      await next();
      if (c.res.status === 200) c.res.headers.set("Cache-Control", "public, max-age=31536000, immutable");
    });
    // The app's JS and CSS are text: the build's brotli/gzip copies where the browser accepts them
    // (vite.config.ts), compressed on the fly otherwise; the sign-in download is about a quarter.
    app.use("/assets/*", compress());
    app.use("*", serveStatic({ root: webRoot, precompressed: true }));
    // Client routes: every other GET gets the app shell.
    // The app's page for every other GET: 200 for its screens, 404 for any other path (the app then
    // shows its not-found screen), so a mistyped address is a 404 for browsers, crawlers and monitors.
    // A 404 names its request id, which the app's not-found screen shows (src/web/app/routes/not-found.tsx).
    const withRequestIdMeta = (id: string) =>
      indexHtml.replace("</head>", `<meta name="tessera-request-id" content="${escapeHtml(id)}" />\n</head>`);
    app.get("*", (c) => {
      c.header("Cache-Control", "no-cache");
      if (isAppRoute(c.req.path)) return c.html(indexHtml, 200);
      return c.html(withRequestIdMeta(c.get("requestId")), 404);
    });
  }
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

/** GET /metrics: 401 without the bearer token (when METRICS_TOKEN is set), else the text format. */
export function metricsRoute(metrics: Metrics) {
  return async (c: Context) => {
    if (!metrics.authorized(c.req.header("authorization"))) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      return fail(c, "UNAUTHORIZED", "metricsToken");
    }
    const { contentType, body } = await metrics.scrape();
    return c.body(body, 200, { "Content-Type": contentType, "Cache-Control": "no-store" });
  };
}

const OWN_LIMIT_CODES = new Set<ErrorCode | "ACCOUNT_TEMPORARILY_LOCKED">([
  "TOO_MANY_SIGN_IN_ATTEMPTS",
  "TOO_MANY_INVITATIONS",
  "TOO_MANY_ORGANIZATION_INVITATIONS",
  // The engine's per-account lock of second-factor codes (docs/mfa.md "Server rules").
  "ACCOUNT_TEMPORARILY_LOCKED",
  "TOO_MANY_TWO_FACTOR_ATTEMPTS",
  "TOO_MANY_TWO_FACTOR_CODES_SENT",
  // An API key's own request limit (the engine's api-key plugin; docs/integrate.md "API keys").
  "RATE_LIMITED",
]);

/** The engine's 429 carries only a message; give it our {code, message} shape and the standard Retry-After. */
async function withRateLimitCode(res: Response): Promise<Response> {
  if (res.status !== 429) return res;
  // A limit of our own (per account, per inviter: src/server/auth/*-limit.ts) keeps its code and words.
  const own = (await res
    .clone()
    .json()
    .catch(() => undefined)) as { code?: unknown; message?: unknown; details?: { tryAgainIn?: unknown } } | undefined;
  // An API key's limit says when its window ends (milliseconds).
  const keyWait = typeof own?.details?.tryAgainIn === "number" ? Math.ceil(own.details.tryAgainIn / 1000) : 0;
  const retryAfter = Number(res.headers.get("x-retry-after")) || keyWait || 1;
  const headers = new Headers(res.headers);
  headers.set("Retry-After", String(retryAfter));
  const body =
    typeof own?.code === "string" && OWN_LIMIT_CODES.has(own.code as ErrorCode) && typeof own.message === "string"
      ? { code: own.code, message: own.message, retryAfter }
      : { ...errorBody("TOO_MANY_REQUESTS"), retryAfter };
  return new Response(JSON.stringify(body), { status: 429, headers });
}

function peerAddress(c: Parameters<typeof getConnInfo>[0]): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined; // app.request() in tests has no socket
  }
}
