import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eligibility } from "../../src/server/auth/fast-path/eligibility.js";
import { databaseKinds } from "../helpers/databases.js";
import { expectStatus, type Person, signUpPerson } from "../helpers/org-fixtures.js";
import { serverEnv, startTestServer, type TestServer } from "../helpers/server.js";

const execFileAsync = promisify(execFile);

/** `npm run cli -- rotate-jwks`, the real CLI as an operator runs it, against the server's database. */
async function rotateKeys(server: TestServer) {
  const dataDir = mkdtempSync(join(tmpdir(), "tessera-cli-"));
  try {
    const { stdout } = await execFileAsync(process.execPath, ["--import", "tsx", "src/server/cli.ts", "rotate-jwks"], {
      cwd: process.cwd(),
      // The CLI answers no requests: no port, no rate limits.
      env: serverEnv(
        { baseURL: server.url, dataDir, databaseURL: server.database.url },
        { PATH: process.env.PATH, RATE_LIMIT_ENABLED: undefined },
      ),
      timeout: 60_000,
    });
    return stdout;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe.each(databaseKinds)("session JWTs and their keys on %s", (kind) => {
  let server: TestServer;
  let user: Person;

  beforeAll(async () => {
    server = await startTestServer(kind);
    user = await signUpPerson(server, "jwt-user");
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it("the session check stays on the session fast path: no JWT header, no key read or made", async () => {
    expect(eligibility(await server.running.auth.$context)).toEqual({ lookup: null, route: null });
    const res = await user.client.get("/api/auth/get-session");
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(user.user.id);
    expect(res.headers.get("set-auth-jwt")).toBeNull();
    // The engine's jwt hook would have signed a JWT here, creating the first key.
    const keys = await server.running.database.db.selectFrom("jwks").select("id").execute();
    expect(keys).toEqual([]);
  });

  it("GET /api/auth/token needs a session", async () => {
    const res = await server.client().get("/api/auth/token");
    expect(res.status).toBe(401);
  });

  it("rotate-jwks: new tokens are signed by a new key, older tokens still verify until they expire", async () => {
    const before = expectStatus(await user.client.get("/api/auth/token"), 200).body.token as string;
    const output = await rotateKeys(server);
    expect(output).toMatch(/New signing key \S+; retired \S+/);
    const after = expectStatus(await user.client.get("/api/auth/token"), 200).body.token as string;
    expect(decodeProtectedHeader(after).kid).not.toBe(decodeProtectedHeader(before).kid);

    const jwks = createRemoteJWKSet(new URL(`${server.auth}/jwks`));
    for (const token of [before, after]) {
      const { payload } = await jwtVerify(token, jwks, { issuer: server.url, audience: server.url });
      expect(payload.sub).toBe(user.user.id);
    }
    const published = (await (await fetch(`${server.auth}/jwks`)).json()) as { keys: { kid: string }[] };
    expect(published.keys.map((k) => k.kid).sort()).toEqual(
      [decodeProtectedHeader(before).kid, decodeProtectedHeader(after).kid].sort(),
    );
  });
});
