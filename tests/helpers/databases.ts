import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { inject } from "vitest";

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

/** The migrated PostgreSQL database of this run (tests/helpers/postgres-template.ts), if any. */
function postgresTemplate(): string | undefined {
  try {
    return inject("postgresTemplate");
  } catch {
    return undefined; // outside a vitest worker
  }
}

/**
 * A fresh database of that kind; drop() removes it. On PostgreSQL it is a copy of the run's migrated
 * template unless `empty` (tests about migrating); SQLite's are always empty (they migrate in ~0.1 s).
 */
export async function createTestDatabase(kind: DatabaseKind, { empty = false } = {}): Promise<TestDatabase> {
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
  const template = empty ? undefined : postgresTemplate();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
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
