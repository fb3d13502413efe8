import { createHmac, randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { createTestDatabase, type DatabaseKind, postgresURL } from "./databases.js";
import { TEST_SECRET, type TestServer } from "./server.js";

/** TEST_REDIS_URL, when set with TEST_DATABASE_URL, turns the PostgreSQL + Redis suites on. */
export const redisURL = process.env.TEST_REDIS_URL;

if (!redisURL && !process.env.TESSERA_REDIS_NOTICE_SHOWN) {
  process.env.TESSERA_REDIS_NOTICE_SHOWN = "1";
  process.stderr.write("[tests] TEST_REDIS_URL is not set: PostgreSQL + Redis suites are SKIPPED.\n");
}

export type Setup = "sqlite" | "postgres" | "postgres+redis";

export interface SetupInfo {
  setup: Setup;
  kind: DatabaseKind;
  available: boolean;
  /** The describe title, saying why a setup is skipped. */
  title: string;
}

/** Every storage setup the session must behave the same on, each marked available or not. */
export const setups: SetupInfo[] = [
  { setup: "sqlite", kind: "sqlite", available: true, title: "SQLite" },
  {
    setup: "postgres",
    kind: "postgres",
    available: Boolean(postgresURL),
    title: postgresURL ? "PostgreSQL" : "PostgreSQL (SKIPPED: TEST_DATABASE_URL is not set)",
  },
  {
    setup: "postgres+redis",
    kind: "postgres",
    available: Boolean(postgresURL && redisURL),
    title:
      postgresURL && redisURL
        ? "PostgreSQL + Redis"
        : "PostgreSQL + Redis (SKIPPED: TEST_DATABASE_URL and TEST_REDIS_URL must both be set)",
  },
];

/** A Redis key prefix no other test run uses. */
export function uniqueRedisPrefix(): string {
  return `tessera-test-${randomBytes(5).toString("hex")}:`;
}

/** Server environment for a setup; Redis gets a fresh prefix. */
export function setupEnv(setup: Setup, extra: Record<string, string> = {}) {
  const prefix = uniqueRedisPrefix();
  const env: Record<string, string> = { ...extra };
  if (setup === "postgres+redis") {
    env.REDIS_URL = redisURL as string;
    env.REDIS_KEY_PREFIX = prefix;
  }
  return { env, prefix: setup === "postgres+redis" ? prefix : undefined };
}

/** A fresh database for the setup, to share between several instances. */
export function setupDatabase(info: SetupInfo) {
  return createTestDatabase(info.kind);
}

/** A raw Redis client for looking at (and cleaning) what the servers stored. */
export function rawRedis(): Redis {
  return new Redis(redisURL as string, { lazyConnect: false, maxRetriesPerRequest: 1 });
}

/** Deletes every key under `prefix`. */
export async function clearRedisPrefix(redis: Redis, prefix: string) {
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 500);
    cursor = next;
    if (keys.length) await redis.del(...keys);
  } while (cursor !== "0");
}

/** The signature the engine puts after a cookie value: base64 HMAC-SHA256 with the secret. */
export function signature(value: string, secret = TEST_SECRET): string {
  return createHmac("sha256", secret).update(value).digest("base64");
}

/** A cookie value as the engine sets it: `value.signature`, URL-encoded. */
export function signedCookieValue(value: string, secret = TEST_SECRET): string {
  return encodeURIComponent(`${value}.${signature(value, secret)}`);
}

/** The running engine's internal context (internal adapter, cookies, session config). */
/** A user row with a fixed id (one named in ADMIN_USER_IDS), written through the engine's adapter. */
export async function createUserWithId(server: TestServer, id: string, name = "Listed") {
  const ctx = await server.running.auth.$context;
  const now = new Date();
  await ctx.adapter.create({
    model: "user",
    data: {
      id,
      email: `listed-${randomBytes(6).toString("hex")}@example.com`,
      name,
      emailVerified: true,
      createdAt: now,
      updatedAt: now,
    },
    forceAllowId: true,
  });
}

export function engineContext(server: TestServer) {
  return server.running.auth.$context;
}

/** A session made by the engine's own internal adapter (database and Redis alike); `fields` override its columns. */
export async function createSession(
  server: TestServer,
  userId: string,
  fields: Record<string, unknown> = {},
  dontRememberMe = false,
): Promise<{ token: string; id: string; cookie: string }> {
  const ctx = await engineContext(server);
  const session = await ctx.internalAdapter.createSession(userId, dontRememberMe, fields, true);
  if (!session) throw new Error(`no session created for ${userId}`);
  return { token: session.token, id: session.id, cookie: signedCookieValue(session.token) };
}
