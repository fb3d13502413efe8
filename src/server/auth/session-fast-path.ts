import type { MiddlewareHandler } from "hono";
import type { Database } from "../db/database.js";
import type { Logger } from "../logger.js";
import type { Auth } from "./auth.js";
import { type CookieAttributes, parseCookieHeader, serializeCookie, verifySignedValue } from "./fast-path/cookies.js";
import { type Eligibility, eligibility } from "./fast-path/eligibility.js";
import { createSessionLookup, type FoundSession, HandOver } from "./fast-path/session-lookup.js";

/** What the engine's getSession returns: the session and its user. */
export type SessionData = Auth["$Infer"]["Session"];
export type SessionVariables = { session: SessionData["session"]; user: SessionData["user"] };

/** The fast path answered, or the engine must (and why). */
export type Decision = { kind: "answer"; response: Response } | { kind: "engine"; reason: string };

export interface SessionFastPathDeps {
  auth: Auth;
  database: Database;
  /** SESSION_FAST_PATH; off sends every check to the engine. */
  enabled?: boolean;
  logger?: Logger;
}

const JSON_HEADERS = { "content-type": "application/json", "cache-control": "no-store", pragma: "no-cache" };

/**
 * GET /api/auth/get-session and the app's session check without the engine's per-request
 * router, hooks and async WebCrypto: the signed cookie is checked with node:crypto, the session
 * read with one prepared statement (or Redis), and the answer is the engine's: status, body, headers, cookies.
 * Whenever the engine would write (refresh, expiry clean-up) or could answer differently (flags,
 * cookie cache, remember-me off, anything unexpected) the engine answers instead.
 * See docs/decisions/006-session-fast-path.md; tests/integration/fast-path-differential.test.ts proves it.
 */
export function createSessionFastPath({ auth, database, enabled = true, logger }: SessionFastPathDeps) {
  let state: Promise<ReturnType<typeof prepare>> | undefined;
  const ready = () => {
    state ??= auth.$context.then((ctx) => {
      const prepared = prepare(ctx, database, enabled);
      // Worth a warning: the engine answers about ten times slower (docs/decisions/006-session-fast-path.md).
      if (prepared.blocked.route) logger?.warn({ reason: prepared.blocked.route }, "session fast path is off");
      return prepared;
    });
    return state;
  };

  async function decide(request: Request): Promise<Decision> {
    const s = await ready();
    if (s.blocked.route) return engine(s.blocked.route);
    // HEAD and query flags (disableCookieCache, disableRefresh, anything the engine may reject) go to the engine.
    if (request.method !== "GET") return engine("method");
    if (request.url.includes("?")) return engine("query string");
    const read = await s.read(request.headers.get("cookie"));
    if (read.kind === "engine") return read;
    if (read.kind === "none") return answer(read.signed ? s.refusedWithCookies() : s.refused());
    return answer(new Response(JSON.stringify(read.found), { status: 200, headers: JSON_HEADERS }));
  }

  /** The session for an app route's request, as auth.api.getSession would give it, plus any cookies it set. */
  async function getSessionFast(request: Request): Promise<{ data: SessionData | null; headers?: Headers }> {
    const s = await ready();
    if (!s.blocked.lookup) {
      const read = await s.read(request.headers.get("cookie"));
      if (read.kind === "none") return { data: null };
      if (read.kind === "found") return { data: read.found as SessionData };
    }
    // The engine may refresh the session: its cookies go out with the route's answer.
    const result = await auth.api.getSession({ headers: request.headers, returnHeaders: true });
    return { data: result.response as SessionData | null, headers: result.headers ?? undefined };
  }

  /** Hono middleware for /api/* app routes: 401 without a session, else `session` and `user` on the context. */
  const requireSession: MiddlewareHandler<{ Variables: SessionVariables }> = async (c, next) => {
    const { data, headers } = await getSessionFast(c.req.raw);
    const cookies = headers?.getSetCookie() ?? [];
    if (!data) {
      const res = c.json({ code: "UNAUTHORIZED", message: "Not authenticated" }, 401);
      for (const cookie of cookies) res.headers.append("set-cookie", cookie);
      return res;
    }
    c.set("session", data.session);
    c.set("user", data.user);
    await next();
    for (const cookie of cookies) c.res.headers.append("set-cookie", cookie);
  };

  return {
    decide,
    /** The fast path's answer, or undefined when the engine must answer. */
    async handleGetSession(request: Request): Promise<Response | undefined> {
      const d = await decide(request);
      return d.kind === "answer" ? d.response : undefined;
    },
    getSessionFast,
    requireSession,
    /** Why the fast path is off, if it is. */
    async blocked(): Promise<Eligibility> {
      return (await ready()).blocked;
    },
  };
}

export type SessionFastPath = ReturnType<typeof createSessionFastPath>;

type Read =
  | { kind: "found"; found: FoundSession }
  | { kind: "none"; signed: boolean }
  | { kind: "engine"; reason: string };

const engine = (reason: string): Decision => ({ kind: "engine", reason });
const answer = (response: Response): Decision => ({ kind: "answer", response });

function prepare(ctx: Awaited<Auth["$context"]>, database: Database, enabled: boolean) {
  const blocked: Eligibility = enabled
    ? eligibility(ctx)
    : { lookup: "SESSION_FAST_PATH=false", route: "SESSION_FAST_PATH=false" };
  const secret = Buffer.from(ctx.secret, "utf8");
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

  async function read(cookieHeader: string | null): Promise<Read> {
    if (!lookup) return { kind: "engine", reason: blocked.lookup ?? "off" };
    if (cookieHeader && engineCookies.some((name) => cookieHeader.includes(name))) {
      return { kind: "engine", reason: "cookie cache or remember-me cookie" };
    }
    const token = cookieHeader ? verifySignedValue(parseCookieHeader(cookieHeader).get(tokenCookie), secret) : null;
    if (!token) return { kind: "none", signed: false };
    let found: FoundSession | null;
    try {
      found = await lookup.find(token);
    } catch (error) {
      return { kind: "engine", reason: error instanceof HandOver ? error.reason : "lookup failed" };
    }
    if (!found) return { kind: "none", signed: true };
    const expiresAt = found.session.expiresAt;
    const t = expiresAt instanceof Date ? expiresAt.getTime() : Number.NaN;
    if (Number.isNaN(t)) return { kind: "engine", reason: "unreadable expiry" };
    const now = Date.now();
    // Expired: the engine deletes it. Due for refresh: the engine extends it and re-issues the cookie.
    if (t < now) return { kind: "engine", reason: "expired" };
    if (t - expiresInMs + updateAgeMs <= now) return { kind: "engine", reason: "refresh due" };
    return { kind: "found", found };
  }

  return {
    blocked,
    read,
    refused: () => new Response("null", { status: 200, headers: JSON_HEADERS }),
    refusedWithCookies: () => {
      const headers = new Headers(JSON_HEADERS);
      for (const line of expired) headers.append("set-cookie", line);
      return new Response("null", { status: 200, headers });
    },
  };
}
