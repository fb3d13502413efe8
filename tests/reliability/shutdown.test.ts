import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../helpers/databases.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

// close() (SIGTERM, SIGINT) lets every request finish before the database goes, including one whose
// client gave up: its connection is gone, so server.close() alone no longer waits for it.
describe.each(databaseKinds)("shutting down on %s", (kind) => {
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.close();
  });

  it("finishes a request whose client went away before closing the database", async () => {
    server = await startTestServer(kind);
    const { running } = server;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered!: () => void;
    const handling = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let outcome: string | undefined;
    running.app.get("/slow-work", async (c) => {
      entered();
      await gate;
      try {
        // Work that needs the database after the client is gone (a sign-in's session insert, say).
        await sql`select 1 as one`.execute(running.database.db);
        outcome = "done";
      } catch (error) {
        outcome = `failed: ${(error as Error).message}`;
      }
      return c.json({ ok: true });
    });

    const aborted = new AbortController();
    const request = fetch(`${server.url}/slow-work`, { signal: aborted.signal }).catch(() => "aborted");
    await handling;
    aborted.abort();
    expect(await request).toBe("aborted");

    const closing = server.close();
    // A deliberate pause, not a wait for an event: it gives a close() that did not wait the time to
    // close the database, and that it has not done so is an absence, which nothing signals.
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Still waiting for the handler, which has not finished.
    expect(outcome).toBeUndefined();
    release();
    await closing;
    server = undefined;
    expect(outcome).toBe("done");
  });
});
