import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../src/server/config.js";
import { createLogger, type Logger } from "../../src/server/logger.js";
import { type RunningServer, startServer } from "../../src/server/server.js";
import { TestClient } from "./client.js";
import { createTestDatabase, type DatabaseKind, type TestDatabase } from "./databases.js";
import { type MailCatcher, startMailCatcher } from "./mail-catcher.js";
import { freePort } from "./ports.js";

export const TEST_SECRET = "tessera-test-secret-0123456789-abcdefghijklmnop";

/**
 * The suite's scrypt cost, where NODE_ENV is "test" and the test has not set one: N=1024 hashes about 16 times
 * faster than the engine's 16384, which took a third of the slowest files' time (TEST_PASSWORD_HASH_COST,
 * src/server/auth/password-hashing.ts). Tests of hashing itself, and every server in production mode, keep the
 * engine's cost.
 */
export function withTestHashCost<T extends Record<string, string | undefined>>(env: T): T {
  if (env.NODE_ENV !== "test" || "TEST_PASSWORD_HASH_COST" in env) return env;
  return { ...env, TEST_PASSWORD_HASH_COST: "1024" };
}

export interface ServerEnvOptions {
  /** PORT, and HOST 127.0.0.1; with it BASE_URL is http://127.0.0.1:<port> unless `baseURL` is given. */
  port?: number;
  baseURL?: string;
  dataDir: string;
  databaseURL: string;
}

/**
 * The environment every test server starts with (in this process, as its own process, or the CLI on a
 * server's database): NODE_ENV test, the test secret, rate limits off, logs silent, and the suite's hash
 * cost (withTestHashCost). `extra` adds to or overrides it (SMTP_URL, NODE_ENV production, LOG_LEVEL …);
 * a key set to undefined there is left out, as an operator who never set it (and TEST_PASSWORD_HASH_COST:
 * undefined keeps the engine's cost).
 */
export function serverEnv(
  { port, baseURL, dataDir, databaseURL }: ServerEnvOptions,
  extra: Record<string, string | undefined> = {},
): Record<string, string> {
  const url = baseURL ?? (port === undefined ? undefined : `http://127.0.0.1:${port}`);
  const env = withTestHashCost({
    NODE_ENV: "test",
    ...(port === undefined ? {} : { PORT: String(port), HOST: "127.0.0.1" }),
    ...(url === undefined ? {} : { BASE_URL: url }),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseURL,
    BETTER_AUTH_SECRET: TEST_SECRET,
    RATE_LIMIT_ENABLED: "false",
    LOG_LEVEL: "silent",
    ...extra,
  });
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

export interface TestServerOptions {
  /** Extra environment variables, as an operator would set them. */
  env?: Record<string, string>;
  /** Share an existing database (e.g. a second instance); otherwise a fresh one is made. */
  database?: TestDatabase;
  /** Share a mail catcher; otherwise a fresh one is started. */
  mail?: MailCatcher;
  /** Serve the built web app from this folder (e.g. "dist/web"), as `npm start` does. */
  webRoot?: string;
  /**
   * BASE_URL on http://localhost:<port> instead of http://127.0.0.1:<port>: WebAuthn (passkeys) refuses
   * IP-address origins. The server still listens on 127.0.0.1.
   */
  localhost?: boolean;
  /** The server's logger (default: silent), e.g. one writing to a stream the test reads. */
  logger?: Logger;
}

/** TEST_PASSWORD_HASH_COST as `server` has it, for a process (the CLI) whose hashes that server must accept. */
export function testHashCostOf(server: { config: { passwordHashing: { testCost?: number } } }): Record<string, string> {
  const cost = server.config.passwordHashing.testCost;
  return cost === undefined ? {} : { TEST_PASSWORD_HASH_COST: String(cost) };
}

/** The real server on an ephemeral port, with its own database and a real SMTP catcher. */
export async function startTestServer(kind: DatabaseKind, options: TestServerOptions = {}) {
  const database = options.database ?? (await createTestDatabase(kind));
  const mail = options.mail ?? (await startMailCatcher());
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "tessera-data-"));
  const baseURL = `http://${options.localhost ? "localhost" : "127.0.0.1"}:${port}`;
  const config = loadConfig(
    serverEnv({ port, baseURL, dataDir, databaseURL: database.url }, { SMTP_URL: mail.url, ...options.env }),
  );
  const running: RunningServer = await startServer(config, {
    logger: options.logger ?? createLogger("silent"),
    webRoot: options.webRoot,
  });

  const server = {
    kind,
    config,
    running,
    database,
    mail,
    url: baseURL,
    auth: `${baseURL}/api/auth`,
    /** A new browser-like client (own cookie jar) sending this server's Origin. */
    client(extraHeaders: Record<string, string> = {}) {
      return new TestClient(baseURL, baseURL, extraHeaders);
    },
    /** Does what the web app's landing page for a mail link does, with the client's cookies. */
    followMailLink(client: TestClient, link: string) {
      const url = new URL(link);
      if (url.origin !== baseURL) throw new Error(`mail link ${link} does not point at ${baseURL}`);
      const p = url.pathname;
      if (p === "/verify-email" || p === "/delete-user/callback") return client.get(`/api/auth${p}${url.search}`);
      if (p.startsWith("/reset-password/")) return client.get(`/api/auth${p}${url.search}`);
      throw new Error(`no landing page for ${p}`);
    },
    /**
     * Signs up, follows the verification mail, and returns the signed-in client and user; `headers` go
     * with every request of that client (an X-Forwarded-For of its own where rate limits are on).
     */
    async signUp(
      email: string,
      extra: { name?: string; password?: string; language?: number; headers?: Record<string, string> } = {},
    ) {
      const client = server.client(extra.headers);
      const password = extra.password ?? "correct horse battery";
      const since = mail.messages.length;
      const res = await client.post("/api/auth/sign-up/email", {
        email,
        password,
        name: extra.name ?? email.split("@")[0],
        ...(extra.language === undefined ? {} : { language: extra.language }),
      });
      if (res.status !== 200) throw new Error(`sign-up ${email} failed: ${res.status} ${res.text}`);
      // Any subject: the mail is in the user's language (ADR 004); sign-up sends only this one.
      const message = await mail.waitFor(email, undefined, { since });
      const link = message.links.find((l) => l.includes("/verify-email"));
      if (!link) throw new Error("verification mail has no link");
      const verified = await server.followMailLink(client, link);
      if (verified.status >= 400) throw new Error(`verify failed: ${verified.status} ${verified.text}`);
      const session = await client.get("/api/auth/get-session");
      return { client, user: session.body.user as { id: string; email: string; name: string }, password };
    },
    async close() {
      await running.close();
      if (!options.mail) await mail.close();
      if (!options.database) await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;
