import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestIndependent } from "../../src/server/auth/route-once.js";
import { databaseKinds } from "../helpers/databases.js";
import { expectStatus, type Person, signUpPerson } from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const AUTH = "/api/auth";

// The engine's router is built once and shared by every request (src/server/auth/route-once.ts).
// Nothing one request does may reach another: each sees its own session, user and cookies.
describe.each(databaseKinds)("the engine's router, built once, on %s", (kind) => {
  let server: TestServer;
  let people: Person[];

  beforeAll(async () => {
    server = await startTestServer(kind);
    people = await Promise.all(["ada", "bob", "cy", "dee", "eve", "fay"].map((tag) => signUpPerson(server, tag)));
  });
  afterAll(() => server?.close());

  it("answers many users' concurrent calls each with their own session and data", async () => {
    const rounds = await Promise.all(
      people.flatMap((person, i) =>
        [0, 1, 2].map(async (round) => {
          const name = `${person.user.name} ${round}`;
          // Through the engine (the session fast path hands ?disableRefresh=true to it), a write, a list.
          const [session, update, sessions] = await Promise.all([
            person.client.get(`${AUTH}/get-session`, { disableRefresh: "true" }),
            person.client.post(`${AUTH}/update-user`, { name }),
            person.client.get(`${AUTH}/list-sessions`),
          ]);
          return { i, session, update, sessions };
        }),
      ),
    );
    for (const { i, session, update, sessions } of rounds) {
      const person = people[i] as Person;
      expectStatus(session, 200);
      expect(session.body.user.id).toBe(person.user.id);
      expect(session.body.user.email).toBe(person.user.email);
      expectStatus(update, 200);
      expectStatus(sessions, 200);
      expect(sessions.body.map((s: { userId: string }) => s.userId)).toEqual([person.user.id]);
    }
    for (const person of people) {
      const after = expectStatus(await person.client.get(`${AUTH}/get-session`, { disableRefresh: "true" }), 200);
      expect(after.body.user.name).toMatch(new RegExp(`^${person.user.name} [0-2]$`));
    }
  });

  it("still checks each request's Origin: a foreign one is refused, the app's accepted", async () => {
    const [person] = people as [Person];
    const foreign = await person.client.post(`${AUTH}/update-user`, { name: "x" }, { Origin: "https://evil.example" });
    expect({ status: foreign.status, message: foreign.body?.message }).toEqual({
      status: 403,
      message: "Invalid origin",
    });
    expectStatus(await person.client.post(`${AUTH}/update-user`, { name: person.user.name }), 200);
  });
});

describe("when the engine's per-request context would depend on the request", () => {
  const fixed = { baseURL: "https://id.example.com", trustedOrigins: ["https://app.example.com"] };
  it("builds the router once only for a fixed base URL and fixed trusted lists", () => {
    expect(requestIndependent(fixed)).toBe(true);
    expect(requestIndependent({ ...fixed, baseURL: undefined })).toBe(false);
    expect(requestIndependent({ ...fixed, baseURL: { allowedHosts: ["id.example.com"] } })).toBe(false);
    expect(requestIndependent({ ...fixed, trustedOrigins: async () => [] })).toBe(false);
    expect(requestIndependent({ ...fixed, account: { accountLinking: { trustedProviders: async () => [] } } })).toBe(
      false,
    );
  });
});
