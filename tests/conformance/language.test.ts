import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANGUAGE_CODES } from "../../src/shared/languages.js";
import { databaseKinds } from "../helpers/databases.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

// SPEC §3 "Language enumeration": the user's language is one of 0, 1, 3, 4, 6, 15, 16, 82; ENG 3 by default.
const VALID = [0, 1, 3, 4, 6, 15, 16, 82];
const INVALID: unknown[] = [2, 5, -1, 3.5, "3", null, 1000, true, [3], { code: 3 }];
const MESSAGE = "language must be one of 0, 1, 3, 4, 6, 15, 16, 82";

describe.each(databaseKinds)("user language on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server?.close());

  it("enumerates exactly the spec's codes", () => {
    expect([...LANGUAGE_CODES]).toEqual(VALID);
  });

  it("defaults to ENG (3) when sign-up gives none", async () => {
    const { client } = await server.signUp("lang-default@example.com");
    expect((await client.get("/api/auth/get-session")).body.user.language).toBe(3);
  });

  it("accepts every code at sign-up and stores it as an integer", async () => {
    for (const code of VALID) {
      const { client } = await server.signUp(`lang-${code}@example.com`, { language: code });
      expect((await client.get("/api/auth/get-session")).body.user.language).toBe(code);
    }
  });

  it("refuses any other value at sign-up with 400 and creates no user", async () => {
    for (const [i, language] of INVALID.entries()) {
      const email = `lang-bad-${i}@example.com`;
      const res = await server.client().post("/api/auth/sign-up/email", {
        email,
        password: "correct horse battery",
        name: "Bad",
        language,
      });
      expect(res.status, `${JSON.stringify(language)}: ${res.text}`).toBe(400);
      expect(res.body.message).toBe(MESSAGE);
      const row = await server.running.database.db
        .selectFrom("user")
        .select("id")
        .where("email", "=", email)
        .executeTakeFirst();
      expect(row).toBeUndefined();
    }
  });

  it("accepts every code on update-user and refuses anything else with 400, leaving it unchanged", async () => {
    const { client } = await server.signUp("lang-update@example.com");
    for (const code of VALID) {
      const res = await client.post("/api/auth/update-user", { language: code });
      expect(res.status, res.text).toBe(200);
      expect((await client.get("/api/auth/get-session")).body.user.language).toBe(code);
    }
    for (const language of INVALID) {
      const res = await client.post("/api/auth/update-user", { language });
      expect(res.status, `${JSON.stringify(language)}: ${res.text}`).toBe(400);
      expect(res.body.message).toBe(MESSAGE);
    }
    expect((await client.get("/api/auth/get-session")).body.user.language).toBe(82);
  });
});
