import { type ChildProcess, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import pg from "pg";
import { freePort } from "../../tests/helpers/ports.js";

export type Storage = "sqlite" | "postgres" | "postgres+redis";

export interface InstanceOptions {
  storage: Storage;
  postgresURL?: string;
  redisURL?: string;
  env?: Record<string, string>;
}

export interface Instance {
  url: string;
  call<T = any>(command: string, args?: unknown): Promise<T>;
  stop(): Promise<void>;
}

const SECRET = "tessera-bench-secret-0123456789-abcdefghijklmnop";

/** A fresh database (and Redis prefix) for one instance; `drop` removes them. */
async function provision(options: InstanceOptions) {
  const dir = mkdtempSync(join(tmpdir(), "tessera-bench-"));
  const cleanups: (() => Promise<void>)[] = [async () => rmSync(dir, { recursive: true, force: true })];
  const env: Record<string, string> = { DATA_DIR: dir, DATABASE_URL: `file:${join(dir, "tessera.db")}` };
  if (options.storage !== "sqlite") {
    if (!options.postgresURL) throw new Error("no PostgreSQL URL");
    const name = `tessera_bench_${randomBytes(5).toString("hex")}`;
    const admin = new pg.Client({ connectionString: options.postgresURL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(options.postgresURL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: options.postgresURL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    });
  }
  if (options.storage === "postgres+redis") {
    if (!options.redisURL) throw new Error("no Redis URL");
    const prefix = `tessera-bench-${randomBytes(5).toString("hex")}:`;
    env.REDIS_URL = options.redisURL;
    env.REDIS_KEY_PREFIX = prefix;
    cleanups.push(async () => {
      const redis = new Redis(options.redisURL as string);
      let cursor = "0";
      do {
        const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 1000);
        cursor = next;
        if (keys.length) await redis.del(...keys);
      } while (cursor !== "0");
      redis.disconnect();
    });
  }
  return { env, drop: async () => void (await Promise.all(cleanups.map((c) => c().catch(() => {})))) };
}

/** Starts bench/server-process.ts in its own process on a free loopback port. */
export async function startInstance(options: InstanceOptions): Promise<Instance> {
  const port = await freePort();
  const { env, drop } = await provision(options);
  const child: ChildProcess = fork(new URL("../server-process.ts", import.meta.url).pathname, [], {
    // BENCH_NODE_ARGS: extra Node flags for the instance, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
    execArgv: ["--import", "tsx", "--expose-gc", ...(process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [])],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      BASE_URL: `http://127.0.0.1:${port}`,
      BETTER_AUTH_SECRET: SECRET,
      MAIL_TRANSPORT: "log",
      SMTP_URL: "",
      REDIS_URL: "",
      RATE_LIMIT_ENABLED: "false",
      LOG_LEVEL: "warn",
      ...env,
      ...options.env,
    },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  let nextId = 0;
  const pending = new Map<number, { resolve: (v: any) => void; reject: (e: Error) => void }>();
  const ready = new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
    child.on("message", (m: any) => {
      if (m.ready) return resolve(m.url);
      const waiter = pending.get(m.id);
      if (!waiter) return;
      pending.delete(m.id);
      if (m.ok) waiter.resolve(m.result);
      else waiter.reject(new Error(m.error));
    });
  });
  const url = await ready;
  return {
    url,
    call(command, args) {
      const id = ++nextId;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        child.send({ id, command, args });
      });
    },
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.disconnect();
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
      await drop();
    },
  };
}
