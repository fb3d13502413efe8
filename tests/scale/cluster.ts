import { expect } from "vitest";
import type { TestClient } from "../helpers/client.js";
import { createTestDatabase, type TestDatabase } from "../helpers/databases.js";
import { startMailCatcher } from "../helpers/mail-catcher.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { clearRedisPrefix, rawRedis, redisURL, uniqueRedisPrefix } from "../helpers/session-fixtures.js";

export interface Cluster {
  servers: TestServer[];
  database: TestDatabase;
  redisPrefix?: string;
  close(): Promise<void>;
}

/**
 * `count` instances started at the same moment on one fresh PostgreSQL database (and one Redis
 * key prefix when `redis`), as several processes behind one address would run; `empty`: a database
 * with no schema yet, which they race to migrate.
 */
export async function startCluster(
  count: number,
  { redis = false, env = {}, empty = false }: { redis?: boolean; env?: Record<string, string>; empty?: boolean } = {},
): Promise<Cluster> {
  const database = await createTestDatabase("postgres", { empty });
  const mail = await startMailCatcher();
  const redisPrefix = redis ? uniqueRedisPrefix() : undefined;
  const shared = { ...env, ...(redisPrefix ? { REDIS_URL: redisURL as string, REDIS_KEY_PREFIX: redisPrefix } : {}) };
  const servers = await Promise.all(
    Array.from({ length: count }, () => startTestServer("postgres", { database, mail, env: shared })),
  );
  return {
    servers,
    database,
    redisPrefix,
    async close() {
      await Promise.all(servers.map((s) => s.close()));
      await mail.close();
      await database.drop();
      if (redisPrefix) {
        const client = rawRedis();
        await clearRedisPrefix(client, redisPrefix);
        client.disconnect();
      }
    },
  };
}

/** The same browser (its cookie jar) talking to another instance behind the same address. */
export function sameBrowserOn(server: TestServer, browser: TestClient): TestClient {
  const client = server.client();
  for (const [name, value] of browser.cookies) client.cookies.set(name, value);
  return client;
}

/**
 * The session one instance reports for a browser, asked twice: through the session fast path and
 * through the engine (a query flag sends it there). Both must agree; the session (or null) is returned.
 */
export async function sessionOn(server: TestServer, browser: TestClient) {
  const client = sameBrowserOn(server, browser);
  const fast = await client.get("/api/auth/get-session");
  const engine = await client.get("/api/auth/get-session", { disableRefresh: "true" });
  expect(fast.status).toBe(200);
  expect(engine.status).toBe(200);
  expect(fast.body).toEqual(engine.body);
  return fast.body as { session: { token: string; id: string }; user: { id: string; email: string } } | null;
}
