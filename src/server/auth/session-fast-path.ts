// The session fast path (ADR 006, 009, 010): get-session, requireSession and readSession without the engine; its
// parts are in fast-path/. Over 300 lines: the three share one prepared state and the engine's hand-over rules.
import { isAPIError } from "better-auth/api";
import type { Context, MiddlewareHandler, Next } from "hono";
import { messageOf } from "../../shared/error-codes.js";
import type { Database } from "../db/database.js";
import { fail } from "../errors.js";
import type { Logger } from "../logger.js";
import {
  apiKeyIn,
  type KeyRefusal,
  mayCarryApiKey,
  refusal,
  refusedAfterLookup,
  refusedBeforeLookup,
  routeScope,
} from "./api-keys.js";
import type { Auth } from "./auth.js";
import { type CookieAttributes, parseCookieHeader, serializeCookie, signedValueVerifier } from "./fast-path/cookies.js";
import { type Eligibility, eligibility } from "./fast-path/eligibility.js";
import { createSessionLookup, HandOver, type Hit } from "./fast-path/session-lookup.js";

/** What the engine's getSession returns: the session and its user. */
export type SessionData = Auth["$Infer"]["Session"];
export type SessionVariables = { session: SessionData["session"]; user: SessionData["user"] };
type Middleware = MiddlewareHandler<{ Variables: SessionVariables }>;

/** The caller `requireSession` let through: only in a handler behind it. */
export function sessionOf(c: Context<{ Variables: SessionVariables }>): SessionVariables {
  return { session: c.get("session"), user: c.get("user") };
}

/** The session fast path answered, or the engine must (and why). */
export type Decision = { kind: "answer"; response: Response } | Engine;
/** What the engine would answer to GET /get-session: always 200 with JSON_HEADERS, this body and these cookies. */
export interface Answer {
  kind: "answer";
  body: string;
  cookies: readonly string[];
}
type Engine = { kind: "engine"; reason: string };

export interface SessionFastPathDeps {
  auth: Auth;
  database: Database;
  /** SESSION_FAST_PATH; off sends every check to the engine. */
  enabled?: boolean;
  logger?: Logger;
  /** Told of each app route's session check: answered by the fast path, or handed over to the engine (metrics.ts). */
  onAppRouteCheck?: (outcome: "answered" | "engine") => void;
}

/** The engine's headers on every get-session answer. */
export const JSON_HEADERS: Readonly<Record<string, string>> = {
  "content-type": "application/json",
  "cache-control": "no-store",
  pragma: "no-cache",
};
const NO_COOKIES: readonly string[] = [];
const REFUSED: Answer = { kind: "answer", body: "null", cookies: NO_COOKIES };

/**
 * The request's Cookie header. On Node it is read from the IncomingMessage: asking the Request for
 * a header makes @hono/node-server build the whole Request, which it otherwise does only when a
 * route needs it. Node joins repeated Cookie lines with "; ", as the Headers (and the engine) do.
 */
function cookieHeaderOf(c: Context): string | null {
  const incoming = (c.env as { incoming?: { headers?: Record<string, unknown> } } | undefined)?.incoming;
  const value = incoming?.headers ? incoming.headers.cookie : c.req.header("cookie");
  return typeof value === "string" ? value : null;
}

/**
 * Whether the request may carry an API key (x-api-key, or an Authorization header): asked only once no
 * session cookie was found, so a cookie request never pays for it. Read from Node's message like the cookie.
 */
function mayCarryKey(c: Context): boolean {
  const incoming = (c.env as { incoming?: { headers?: Record<string, unknown> } } | undefined)?.incoming;
  if (incoming?.headers) return mayCarryApiKey(incoming.headers);
  return c.req.header("x-api-key") !== undefined || c.req.header("authorization") !== undefined;
}

function toResponse(a: Answer): Response {
  const headers = new Headers(JSON_HEADERS);
  for (const line of a.cookies) headers.append("set-cookie", line);
  return new Response(a.body, { status: 200, headers });
}

/**
 * The session fast path: GET /api/auth/get-session and app routes' session checks (requireSession)
 * without the engine's per-request router, hooks and async WebCrypto: the signed cookie is checked
 * with node:crypto, the session read with one prepared statement (or Redis), and the answer is the
 * engine's: status, body, headers, cookies.
 * Whenever the engine would write (refresh, expiry clean-up) or could answer differently (flags,
 * cookie cache, remember-me off, anything unexpected) the engine answers instead.
 * See docs/decisions/006-session-fast-path.md; tests/integration/fast-path-differential.test.ts proves it.
 */
export function createSessionFastPath({
  auth,
  database,
  enabled = true,
  logger,
  onAppRouteCheck = () => {},
}: SessionFastPathDeps) {
  let state: Promise<Prepared> | undefined;
  // Once prepared, requests use it without an await (each costs a little on the hottest path there is).
  let prepared: Prepared | undefined;
  const ready = () => {
    state ??= auth.$context.then((ctx) => {
      prepared = prepare(ctx, database, enabled);
      // Worth a warning: the engine answers about ten times slower (docs/decisions/006-session-fast-path.md).
      if (prepared.blocked.route) logger?.warn({ reason: prepared.blocked.route }, "session fast path is off");
      return prepared;
    });
    return state;
  };

  /**
   * The fast path's answer to GET /get-session, from what the request carries: method, URL (or just
   * its path and query) and Cookie header. The engine must answer when the result is not an Answer.
   * Synchronous when the session store is (SQLite without Redis).
   */
  function answerGetSession(
    method: string,
    url: string,
    cookieHeader: string | null,
    mayCarryApiKey?: () => boolean,
  ): Answer | Engine | Promise<Answer | Engine> {
    if (!prepared) return ready().then(() => answerGetSession(method, url, cookieHeader, mayCarryApiKey));
    const s = prepared;
    if (s.blocked.route) return engine(s.blocked.route);
    // HEAD and query flags (disableCookieCache, disableRefresh, anything the engine may reject) go to the engine.
    if (method !== "GET") return engine("method");
    if (url.includes("?")) return engine("query string");
    const read = s.read(cookieHeader);
    // No session cookie but maybe an API key: the engine's api-key plugin answers (auth/api-keys.ts).
    const answer = (r: Read) => (r.kind === "none" && mayCarryApiKey?.() ? engine("api key") : s.answerFor(r));
    return read instanceof Promise ? read.then(answer) : answer(read);
  }

  async function decide(request: Request): Promise<Decision> {
    const a = await answerGetSession(
      request.method,
      request.url,
      request.headers.get("cookie"),
      () => request.headers.has("x-api-key") || request.headers.has("authorization"),
    );
    return a.kind === "answer" ? { kind: "answer", response: toResponse(a) } : a;
  }

  /** auth.api.getSession with its cookies: the engine may refresh the session, and they go out with the route's answer. */
  async function viaEngine(request: Request): Promise<{ data: SessionData | null; headers?: Headers }> {
    const result = await auth.api.getSession({ headers: request.headers, returnHeaders: true });
    return { data: result.response as SessionData | null, headers: result.headers ?? undefined };
  }

  const unauthorized = (c: Context, cookies: string[] = []) => {
    const res = fail(c, "UNAUTHORIZED");
    for (const cookie of cookies) res.headers.append("set-cookie", cookie);
    return res;
  };

  const refused = (c: Context, r: KeyRefusal, headers?: Record<string, string>) => {
    const res = c.json({ code: r.code, message: r.message }, r.status);
    for (const [name, value] of Object.entries(headers ?? {})) res.headers.set(name, value);
    return res;
  };

  /**
   * A request with an API key and no session cookie (docs/integrate.md "API keys"): only the routes
   * auth/api-keys.ts lists, with the scope each needs; the engine's plugin checks the key (hash, expiry,
   * revocation, rate limit) and makes its owner's session.
   */
  const viaApiKey: Middleware = async (c, next) => {
    const key = apiKeyIn(c.req.raw.headers);
    if (!key) return unauthorized(c);
    const scope = routeScope(c.req.method, c.req.path);
    const before = refusedBeforeLookup(key, scope !== undefined);
    if (before) return refused(c, before);
    let data: SessionData | null;
    try {
      data = (await auth.api.getSession({ headers: c.req.raw.headers })) as SessionData | null;
    } catch (error) {
      if (!isAPIError(error)) throw error;
      const body = (error.body ?? {}) as { code?: string; message?: string; details?: { tryAgainIn?: number } };
      const status = error.statusCode === 429 ? 429 : error.statusCode === 403 ? 403 : 401;
      const retry = body.details?.tryAgainIn;
      const r = { status, code: body.code ?? "INVALID_API_KEY", message: body.message ?? messageOf("INVALID_API_KEY") };
      return refused(
        c,
        r as KeyRefusal,
        status === 429 ? { "Retry-After": String(Math.max(1, Math.ceil((retry ?? 1000) / 1000))) } : undefined,
      );
    }
    if (!data) return refused(c, refusal("INVALID_API_KEY"));
    const after = await refusedAfterLookup((await auth.$context).adapter, data, scope ?? null);
    if (after) return refused(c, after);
    c.set("session", data.session);
    c.set("user", data.user);
    await next();
  };

  /** The engine's check, for what the fast path leaves to it; its cookies go out with the route's answer. */
  const viaEngineMiddleware: Middleware = async (c, next) => {
    // A request with a key is judged as the key, as the engine judges it (its plugin makes the key's session).
    if (apiKeyIn(c.req.raw.headers)) return viaApiKey(c, next);
    const { data, headers } = await viaEngine(c.req.raw);
    const cookies = headers?.getSetCookie() ?? [];
    if (!data) return unauthorized(c, cookies);
    c.set("session", data.session);
    c.set("user", data.user);
    await next();
    for (const cookie of cookies) c.res.headers.append("set-cookie", cookie);
  };

  const proceed = (c: Context<{ Variables: SessionVariables }>, next: Next, read: Read): ReturnType<Middleware> => {
    onAppRouteCheck(read.kind === "engine" ? "engine" : "answered");
    if (read.kind === "none") return mayCarryKey(c) ? viaApiKey(c, next) : Promise.resolve(unauthorized(c));
    if (read.kind !== "found") return viaEngineMiddleware(c, next);
    c.set("session", read.hit.found.session as SessionVariables["session"]);
    c.set("user", read.hit.found.user as SessionVariables["user"]);
    return next();
  };

  /**
   * Hono middleware for /api/* app routes: 401 without a session, else `session` and `user` on the
   * context. Not an async function: the common case (read, set, go on) makes no promise of its own.
   */
  const requireSession: Middleware = (c, next) => {
    const s = prepared;
    if (!s) return ready().then(() => requireSession(c, next));
    if (s.blocked.lookup) {
      onAppRouteCheck("engine");
      return viaEngineMiddleware(c, next);
    }
    const read = s.read(cookieHeaderOf(c));
    return read instanceof Promise ? read.then((r) => proceed(c, next, r)) : proceed(c, next, read);
  };

  /**
   * The session a Cookie header names, judged as for an app route (found, none, or the engine must
   * look): for the other fast paths (organization-reads/), which hand "none" to the engine too.
   */
  function readSession(cookieHeader: string | null): Read | Promise<Read> {
    const s = prepared;
    if (!s) return ready().then(() => readSession(cookieHeader));
    return s.read(cookieHeader);
  }

  return {
    decide,
    readSession,
    answerGetSession,
    /** The fast path's answer, or undefined when the engine must answer. */
    async handleGetSession(request: Request): Promise<Response | undefined> {
      const d = await decide(request);
      return d.kind === "answer" ? d.response : undefined;
    },
    requireSession,
    /** Why the fast path is off, if it is. */
    async blocked(): Promise<Eligibility> {
      return (await ready()).blocked;
    },
  };
}

export type SessionFastPath = ReturnType<typeof createSessionFastPath>;
type Prepared = ReturnType<typeof prepare>;

export type Read = { kind: "found"; hit: Hit } | { kind: "none"; signed: boolean } | { kind: "engine"; reason: string };

const engine = (reason: string): Engine => ({ kind: "engine", reason });

function prepare(ctx: Awaited<Auth["$context"]>, database: Database, enabled: boolean) {
  const blocked: Eligibility = enabled
    ? eligibility(ctx)
    : { lookup: "SESSION_FAST_PATH=false", route: "SESSION_FAST_PATH=false" };
  const verify = signedValueVerifier(Buffer.from(ctx.secret, "utf8"));
  const cookies = ctx.authCookies;
  const tokenCookie = cookies.sessionToken.name;
  // Their presence means the engine has cookies to clear or a cache to read: its job.
  const engineCookies = [cookies.sessionData.name, cookies.dontRememberToken.name];
  const expiresInMs = ctx.sessionConfig.expiresIn * 1000;
  const updateAgeMs = ctx.sessionConfig.updateAge * 1000;
  const lookup = blocked.lookup ? undefined : createSessionLookup(ctx.options, database);

  // The engine's deleteSessionCookie for a signed cookie whose session is gone.
  const expire = (cookie: { name: string; attributes: CookieAttributes }) =>
    serializeCookie(cookie.name, "", { ...cookie.attributes, maxAge: 0 });
  const expired = [expire(cookies.sessionToken), expire(cookies.sessionData)];
  if (ctx.oauthConfig?.storeStateStrategy === "cookie") expired.push(expire(ctx.createAuthCookie("oauth_state")));
  expired.push(expire(cookies.dontRememberToken));

  /** The session a Cookie header names, or why not; synchronous when the session store is. */
  function read(cookieHeader: string | null): Read | Promise<Read> {
    if (!lookup) return { kind: "engine", reason: blocked.lookup ?? "off" };
    if (cookieHeader && engineCookies.some((name) => cookieHeader.includes(name))) {
      return { kind: "engine", reason: "cookie cache or remember-me cookie" };
    }
    const token = cookieHeader ? verify(parseCookieHeader(cookieHeader).get(tokenCookie)) : null;
    if (!token) return { kind: "none", signed: false };
    let found: Hit | null | Promise<Hit | null>;
    try {
      found = lookup.find(token);
    } catch (error) {
      return lookupFailed(error);
    }
    return found instanceof Promise ? found.then(judge, lookupFailed) : judge(found);
  }

  function lookupFailed(error: unknown): Read {
    return { kind: "engine", reason: error instanceof HandOver ? error.reason : "lookup failed" };
  }

  function judge(hit: Hit | null): Read {
    if (!hit) return { kind: "none", signed: true };
    const expiresAt = hit.found.session.expiresAt;
    const t = expiresAt instanceof Date ? expiresAt.getTime() : Number.NaN;
    if (Number.isNaN(t)) return { kind: "engine", reason: "unreadable expiry" };
    const now = Date.now();
    // Expired: the engine deletes it. Due for refresh: the engine extends it and re-issues the cookie.
    if (t < now) return { kind: "engine", reason: "expired" };
    if (t - expiresInMs + updateAgeMs <= now) return { kind: "engine", reason: "refresh due" };
    return { kind: "found", hit };
  }

  const refusedWithCookies: Answer = { kind: "answer", body: "null", cookies: expired };
  /** What GET /get-session answers for a read. */
  const answerFor = (r: Read): Answer | Engine => {
    if (r.kind === "engine") return r;
    if (r.kind === "none") return r.signed ? refusedWithCookies : REFUSED;
    return { kind: "answer", body: r.hit.json, cookies: NO_COOKIES };
  };

  return { blocked, read, answerFor };
}
