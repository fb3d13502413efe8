import { redisStorage } from "@better-auth/redis-storage";
import type { BetterAuthOptions } from "better-auth";
import type { Redis } from "ioredis";
import { ConfigError } from "./config.js";
import type { Logger } from "./logger.js";
import { beginStoreOperation, noteStoreFailure } from "./store-failures.js";

export type SecondaryStorage = NonNullable<BetterAuthOptions["secondaryStorage"]>;

export interface RedisConnection {
  client: Redis;
  /** The engine's secondary storage: sessions, verification values, rate-limit counters. */
  storage: SecondaryStorage;
  /** The session fast path's own connection, for its MGETs (see sessionReader). */
  sessionReads: Redis;
  keyPrefix: string;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface RedisSettings {
  keyPrefix: string;
  /** How long a revoked session token stays barred from being written back (seconds). */
  revokedTokenTTL: number;
  logger?: Logger;
  /** Told of every Redis error: a lost or refused connection, or a failed command (metrics.ts). */
  onError?: (kind: "connection" | "command") => void;
}

/** Session tokens are the engine's generateId(32); every other key it stores has a dash, colon or bar. */
const SESSION_TOKEN_KEY = /^[A-Za-z0-9]{32}$/;

/** The key that bars a revoked token; it carries an expiry like every key we write. */
const revokedTokenKey = (token: string) => `revoked-token-${token}`;

// Delete the session and bar its token in one step, so no writer can slip in between.
const REVOKE_SCRIPT = `
redis.call("DEL", KEYS[1])
redis.call("SET", KEYS[2], "1", "EX", ARGV[1])
return 1`;

// Write the session only while its token is not barred.
const GUARDED_SET_SCRIPT = `
if redis.call("EXISTS", KEYS[2]) == 1 then return 0 end
redis.call("SET", KEYS[1], ARGV[1], "EX", ARGV[2])
return 1`;

/**
 * Connects to REDIS_URL and builds the engine's secondary storage on it.
 * Fails start-up when Redis cannot be reached, as an unreachable database does.
 */
export async function connectRedis(url: string, settings: RedisSettings): Promise<RedisConnection> {
  // Loaded here rather than at start: a server without REDIS_URL never needs it (with pg, see db/pg.ts, it
  // held about 5 MB; docs/operations.md "Memory").
  const { Redis: RedisClient } = await import("ioredis");
  const client = new RedisClient(url, {
    lazyConnect: true,
    // A request waits for at most one reconnect attempt, not twenty: a sign-in should fail fast, not hang.
    maxRetriesPerRequest: 1,
    connectTimeout: 5_000,
    // Commands issued in the same event-loop turn go out in one write: under load most of the session
    // fast path's cost with Redis was one socket write per lookup (bench/README.md).
    enableAutoPipelining: true,
  });
  let lastLogged = 0;
  let lastError: Error | undefined;
  client.on("error", (error) => {
    lastError = error;
    settings.onError?.("connection");
    // ioredis retries by itself; say so at most every 10 s instead of once per attempt.
    if (Date.now() - lastLogged > 10_000) {
      lastLogged = Date.now();
      settings.logger?.warn({ err: error }, "redis unreachable, retrying");
    }
  });
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    // Stops the start like a bad variable does, naming it.
    throw new ConfigError([`REDIS_URL cannot be reached: ${(lastError ?? (error as Error)).message}`]);
  }
  const storage = guardRevokedSessions(client, settings);
  // The session fast path's MGETs on a connection of their own, one command per event-loop turn
  // already (see sessionReader): ioredis's auto-pipelining only added work, and the engine's own
  // commands no longer queue in front of them. Connects on first use; the main client reports errors.
  const reads = client.duplicate({ enableAutoPipelining: false, lazyConnect: true });
  reads.on("error", () => settings.onError?.("connection"));
  sessionReaders.set(storage, sessionReader(client, reads, settings.keyPrefix));
  return {
    client,
    sessionReads: reads,
    storage,
    keyPrefix: settings.keyPrefix,
    async ping() {
      await client.ping();
    },
    async close() {
      if (reads.status === "wait") reads.disconnect();
      else await reads.quit().catch(() => reads.disconnect());
      await client.quit().catch(() => client.disconnect());
    },
  };
}

/**
 * The engine's Redis storage, with one change: once a session token is deleted, it cannot be
 * written back. better-auth 1.7 refreshes a session with a read, then a write (better-auth
 * issue #11073, case C): a revocation landing between them would bring the session back to life
 * in Redis, where every instance reads first. Tokens are random and never reused, so the bar
 * costs nothing for a live session.
 */
function guardRevokedSessions(client: Redis, { keyPrefix, revokedTokenTTL, onError }: RedisSettings): SecondaryStorage {
  defineScripts(client);
  const base = redisStorage({ client, keyPrefix });
  const ttl = Math.max(1, Math.ceil(revokedTokenTTL));
  return noteFailures(onError, {
    ...base,
    async set(key, value, seconds) {
      if (!SESSION_TOKEN_KEY.test(key) || !seconds || seconds <= 0) return base.set(key, value, seconds);
      await scripts(client).tesseraGuardedSet(keyPrefix + key, keyPrefix + revokedTokenKey(key), value, seconds);
    },
    async delete(key) {
      if (!SESSION_TOKEN_KEY.test(key)) return base.delete(key);
      await scripts(client).tesseraRevoke(keyPrefix + key, keyPrefix + revokedTokenKey(key), ttl);
    },
  });
}

/**
 * Every failed command is noted for the request (store-failures.ts) before the engine sees it:
 * the engine swallows some (a sign-out's delete), and the answer must not claim they happened.
 */
function noteFailures(onError: RedisSettings["onError"], storage: SecondaryStorage): SecondaryStorage {
  const wrapped = { ...storage } as Record<string, unknown>;
  for (const [name, method] of Object.entries(storage)) {
    if (typeof method !== "function") continue;
    wrapped[name] = async (...args: unknown[]) => {
      const end = beginStoreOperation();
      try {
        return await method.apply(storage, args);
      } catch (error) {
        noteStoreFailure();
        onError?.("command");
        throw error;
      } finally {
        end();
      }
    };
  }
  return wrapped as unknown as SecondaryStorage;
}

/** A session record with, in the same round trip, its user's bulk-revocation mark. */
export interface SessionRecord {
  value: string | null;
  /** The userId the mark was read for, and the mark (null: none); absent when the record has no string userId. */
  mark?: { userId: string; value: string | null };
}

const sessionReaders = new WeakMap<SecondaryStorage, (token: string) => Promise<SessionRecord>>();

/** One round trip, not two, for the session fast path when `storage` is ours (auth/fast-path/session-lookup.ts). */
export function sessionReaderFor(storage: SecondaryStorage | undefined) {
  return storage ? sessionReaders.get(storage) : undefined;
}

// The engine reads the session, then revoked-sessions-before-<userId>; this does both in Redis.
// The userId is found by pattern, not by decoding the JSON (cheaper for Redis); the caller
// checks it against the decoded record and asks again when they differ. The second key is the
// mark key's prefix (ARGV[1]) and that userId, put together inside the script, so all keys must
// live on one Redis node.
const READ_SESSION_SCRIPT = `
local v = redis.call("GET", KEYS[1])
if not v then return {} end
local uid = string.match(v, '"userId":"([^"]*)"')
if not uid then return {v} end
local mark = redis.call("GET", ARGV[1] .. uid)
if mark then return {v, uid, mark} end
return {v, uid}`;

// A session's userId never changes: once the script has found it, a plain MGET of the record and
// that user's mark does the same in one round trip, at a fraction of Redis's work for the script.
// (The caller compares the userId with the record's own whenever it decodes one.)
const KNOWN_USERS_MAX = 10_000;

// Reads that arrive in the same turn of the event loop share one MGET (on `reads`): under load most
// of a lookup's cost was ioredis's per-command work (command, promises, its share of the socket write).
function sessionReader(client: Redis, reads: Redis, keyPrefix: string) {
  defineScripts(client);
  const userOf = new Map<string, string>();
  let pending: { token: string; userId: string; resolve: (r: SessionRecord) => void; reject: (e: unknown) => void }[] =
    [];
  const flush = () => {
    const batch = pending;
    pending = [];
    const keys: string[] = [];
    for (const b of batch) keys.push(keyPrefix + b.token, markKey(keyPrefix, b.userId));
    reads.mget(keys).then(
      (values) => {
        batch.forEach((b, i) => {
          const value = values[2 * i] ?? null;
          if (value === null) userOf.delete(b.token);
          b.resolve({ value, mark: { userId: b.userId, value: values[2 * i + 1] ?? null } });
        });
      },
      (error) => {
        for (const b of batch) b.reject(error);
      },
    );
  };
  async function firstRead(token: string): Promise<SessionRecord> {
    const reply = await scripts(client).tesseraReadSession(keyPrefix + token, markKey(keyPrefix, ""));
    const [value = null, userId, mark = null] = reply;
    if (userId === undefined) return { value };
    if (userOf.size >= KNOWN_USERS_MAX) userOf.delete(userOf.keys().next().value as string);
    userOf.set(token, userId);
    return { value, mark: { userId, value: mark } };
  }
  return (token: string): Promise<SessionRecord> => {
    const known = userOf.get(token);
    if (known === undefined) return firstRead(token);
    return new Promise((resolve, reject) => {
      if (!pending.length) setImmediate(flush);
      pending.push({ token, userId: known, resolve, reject });
    });
  };
}

/** The engine's key for a user's bulk-revocation mark (sessions created before it are revoked). */
export const revokedSessionsKey = (userId: string) => `revoked-sessions-before-${userId}`;
const markKey = (keyPrefix: string, userId: string) => keyPrefix + revokedSessionsKey(userId);

interface Scripts {
  tesseraRevoke(key: string, barKey: string, ttl: number): Promise<number>;
  tesseraGuardedSet(key: string, barKey: string, value: string, ttl: number): Promise<number>;
  tesseraReadSession(key: string, markKeyPrefix: string): Promise<string[]>;
}

/** The scripts as client commands: ioredis sends each one's hash (EVALSHA), not its text, every time. */
function defineScripts(client: Redis) {
  if ("tesseraRevoke" in client) return;
  client.defineCommand("tesseraRevoke", { numberOfKeys: 2, lua: REVOKE_SCRIPT });
  client.defineCommand("tesseraGuardedSet", { numberOfKeys: 2, lua: GUARDED_SET_SCRIPT });
  client.defineCommand("tesseraReadSession", { numberOfKeys: 1, lua: READ_SESSION_SCRIPT });
}

const scripts = (client: Redis) => client as unknown as Scripts;
