import { randomBytes } from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";

/**
 * Vitest global setup: one PostgreSQL database migrated as the server migrates it, from which every
 * test database is copied (`create database … template …`, about 0.2 s) instead of each server
 * migrating an empty one (about 2 s of DDL on this machine, ~200 times a run). The copy still
 * migrates on start, finding nothing to do; tests about migrating ask for an empty database
 * (`createTestDatabase(kind, { empty: true })`). Made fresh by every run, so it always holds this
 * checkout's migrations.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  // The root config and each of its projects (suite, web, own-process) run the global setup, one after
  // another, before the first file; one template serves them all (made four times, it held a three-file
  // run up by 9 s: 38.1 -> 29.3 s). Kept on the main process's global, which they share, and dropped
  // when the last of them is done.
  const shared = globalThis as { __tesseraPostgresTemplate?: { name: Promise<string>; users: number } };
  shared.__tesseraPostgresTemplate ??= { name: makeTemplate(url), users: 0 };
  const template = shared.__tesseraPostgresTemplate;
  template.users += 1;
  project.provide("postgresTemplate", await template.name);
  return async () => {
    template.users -= 1;
    if (template.users > 0) return;
    delete shared.__tesseraPostgresTemplate;
    await admin(url, `drop database if exists ${await template.name} with (force)`);
  };
}

async function admin(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function makeTemplate(url: string): Promise<string> {
  const name = `tessera_tpl_${randomBytes(6).toString("hex")}`;
  await admin(url, `create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  // What a test server does on start, on the template; loaded here so the rest of the setup stays light.
  const { startTestServer } = await import("./server.js");
  const server = await startTestServer("postgres", {
    database: { kind: "postgres", url: target.toString(), drop: async () => {} },
  });
  await server.close();
  return name;
}

declare module "vitest" {
  export interface ProvidedContext {
    postgresTemplate?: string;
  }
}
