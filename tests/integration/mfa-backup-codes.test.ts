import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows, signIn } from "../helpers/auth-flows.js";
import { enableTotp } from "../helpers/mfa.js";
import { sessionOf, signUpPerson } from "../helpers/org-fixtures.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { setupEnv, setups } from "../helpers/session-fixtures.js";

describe.each(setups.filter((s) => s.available))("backup codes on $title", ({ setup, kind }) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { env: setupEnv(setup).env });
  });
  afterAll(() => server?.close());

  it("keeps no code in the twoFactor row, only one keyed hash per code", async () => {
    const person = await signUpPerson(server, "backup-stored");
    const { backupCodes } = await enableTotp(person.client);
    expect(backupCodes).toHaveLength(10);
    const [row] = await rows(server, "twoFactor", { userId: person.user.id });
    const stored = String(row?.backupCodes);
    for (const code of backupCodes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace("-", ""));
    }
    const hashes = JSON.parse(stored) as string[];
    expect(hashes).toHaveLength(10);
    expect(new Set(hashes).size).toBe(10);
    for (const h of hashes) expect(h).toMatch(/^hmac-sha256:[A-Za-z0-9_-]{43}$/);
  });

  it("signs in with a backup code once; the same code is refused the next time", async () => {
    const person = await signUpPerson(server, "backup-once");
    const { backupCodes } = await enableTotp(person.client);
    const code = backupCodes[0] as string;

    const first = await signIn(server, person.user.email);
    expect(first.res.body).toMatchObject({ twoFactorRedirect: true });
    const used = await first.client.post("/api/auth/two-factor/verify-backup-code", { code });
    expect(used.status, used.text).toBe(200);
    expect((await sessionOf(first.client)).user.id).toBe(person.user.id);
    const [row] = await rows(server, "twoFactor", { userId: person.user.id });
    expect(JSON.parse(String(row?.backupCodes))).toHaveLength(9);

    const second = await signIn(server, person.user.email);
    const again = await second.client.post("/api/auth/two-factor/verify-backup-code", { code });
    expect(again.status).toBe(401);
    expect(again.body?.code).toBe("INVALID_BACKUP_CODE");
    expect((await second.client.get("/api/auth/get-session")).body).toBeNull();
    // Another code still works.
    const other = await second.client.post("/api/auth/two-factor/verify-backup-code", { code: backupCodes[1] });
    expect(other.status, other.text).toBe(200);
  });

  it("lets two concurrent sign-ins with the same backup code through at most once", async () => {
    const person = await signUpPerson(server, "backup-race");
    const { backupCodes } = await enableTotp(person.client);
    const code = backupCodes[2] as string;
    for (let round = 0; round < 3; round++) {
      const challenges = await Promise.all([0, 1, 2].map(() => signIn(server, person.user.email)));
      const answers = await Promise.all(
        challenges.map(({ client }) => client.post("/api/auth/two-factor/verify-backup-code", { code })),
      );
      const signedIn = answers.filter((a) => a.status === 200).length;
      expect(signedIn).toBe(round === 0 ? 1 : 0);
      for (const a of answers) expect(a.status).toBeLessThan(500);
    }
  });

  it("regenerating replaces every code: the old ones stop working", async () => {
    const person = await signUpPerson(server, "backup-regen");
    const { backupCodes } = await enableTotp(person.client);
    const fresh = await person.client.post("/api/auth/two-factor/generate-backup-codes", {
      password: "correct horse battery",
    });
    expect(fresh.status, fresh.text).toBe(200);
    const next = fresh.body.backupCodes as string[];
    const [row] = await rows(server, "twoFactor", { userId: person.user.id });
    for (const c of next) expect(String(row?.backupCodes)).not.toContain(c);

    const { client } = await signIn(server, person.user.email);
    const old = await client.post("/api/auth/two-factor/verify-backup-code", { code: backupCodes[0] });
    expect(old.status).toBe(401);
    const ok = await client.post("/api/auth/two-factor/verify-backup-code", { code: next[0] });
    expect(ok.status, ok.text).toBe(200);
  });
});
