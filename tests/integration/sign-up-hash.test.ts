import { getCurrentDBAdapterAsyncLocalStorage } from "@better-auth/core/context";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../helpers/databases.js";
import { expectStatus, uniqueEmail } from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const PASSWORD = "correct horse battery";

// Sign-up's scrypt is made before the engine opens its transaction (src/server/auth/hash-before-sign-up.ts):
// a transaction held open for a hash held SQLite's one connection, or a pooled PostgreSQL one.
describe.each(databaseKinds)("sign-up hashes outside its transaction on %s", (kind) => {
  let server: TestServer;
  /** For each hash made: was the engine's transaction open meanwhile (on SQLite: any at all)? */
  let held: boolean[] = [];

  beforeAll(async () => {
    server = await startTestServer(kind);
    const { passwordHashing, database } = server.running;
    const adapters = await getCurrentDBAdapterAsyncLocalStorage();
    const hash = passwordHashing.hash.bind(passwordHashing);
    passwordHashing.hash = (password: string) => {
      const inEngineTransaction = adapters.getStore()?.isTransactionActive === true;
      held.push(inEngineTransaction || database.sqlite?.inTransaction === true);
      return hash(password);
    };
  });
  afterAll(() => server?.close());

  const signUp = (body: Record<string, unknown>) => server.client().post("/api/auth/sign-up/email", body);

  it("hashes once per sign-up, with no transaction open", async () => {
    held = [];
    const emails = [uniqueEmail("early-a"), uniqueEmail("early-b"), uniqueEmail("early-c")];
    const replies = await Promise.all(emails.map((email) => signUp({ email, password: PASSWORD, name: "Early" })));
    for (const reply of replies) expectStatus(reply, 200);
    expect(held).toEqual([false, false, false]);

    const user = replies[0]?.body.user;
    const mail = await server.mail.waitFor(emails[0] as string);
    const link = mail.links.find((l) => l.includes("/verify-email")) as string;
    expectStatus(await server.followMailLink(server.client(), link), 302);
    const client = server.client();
    expectStatus(await client.post("/api/auth/sign-in/email", { email: emails[0], password: PASSWORD }), 200);
    expect((await client.get("/api/auth/get-session")).body.user.id).toBe(user.id);
  });

  it("answers a taken address as before, hashing once, and hashes nothing for a request it refuses", async () => {
    const email = uniqueEmail("early-taken");
    expectStatus(await signUp({ email, password: PASSWORD, name: "First" }), 200);
    held = [];
    const again = await signUp({ email, password: PASSWORD, name: "Second" });
    // The engine's answer for a taken address when e-mail verification is required: as if new.
    expectStatus(again, 200);
    expect(again.body.token).toBeNull();
    expect(held).toEqual([false]);

    held = [];
    expect((await signUp({ email: "not an address", password: PASSWORD, name: "X" })).status).toBe(400);
    expect((await signUp({ email: uniqueEmail("early-short"), password: "short", name: "X" })).status).toBe(400);
    expect((await signUp({ email: uniqueEmail("early-nameless"), password: PASSWORD })).status).toBe(400);
    expect(held).toEqual([]);
  });
});
