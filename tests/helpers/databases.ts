import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

export type DatabaseKind = "sqlite" | "postgres";

export interface TestDatabase {
  kind: DatabaseKind;
  url: string;
  drop(): Promise<void>;
}

/** TEST_DATABASE_URL, when set, turns the PostgreSQL suites on. */
export const postgresURL = process.env.TEST_DATABASE_URL;

/** The databases every suite runs on: SQLite always, PostgreSQL when configured. */
export const databaseKinds: DatabaseKind[] = postgresURL ? ["sqlite", "postgres"] : ["sqlite"];

if (!postgresURL && !process.env.TESSERA_SKIP_NOTICE_SHOWN) {
  process.env.TESSERA_SKIP_NOTICE_SHOWN = "1";
  process.stderr.write("[tests] TEST_DATABASE_URL is not set: PostgreSQL suites are SKIPPED.\n");
}

/** A fresh, empty database of that kind; drop() removes it. */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "tessera-test-"));
    return {
      kind,
      url: `file:${join(dir, "test.db")}`,
      async drop() {
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  if (!postgresURL) throw new Error("TEST_DATABASE_URL is not set");
  const name = `tessera_t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgresURL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresURL);
  url.pathname = `/${name}`;
  return {
    kind,
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: postgresURL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
