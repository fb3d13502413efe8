import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { networkInterfaces, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../helpers/ports.js";
import { startTestServer } from "../helpers/server.js";
import { serverMainArgs } from "../helpers/server-bundle.js";
import { recordCount } from "./support.js";

// Issue 15, items 9 and 10: `npm start` with nothing set must not hand the dev mailbox (every reset
// link) to the network, and the data folder (database with live session and reset tokens, the
// generated secret) must not be readable by other users of the machine.

/** An address of this machine that is not loopback, to connect from "the network". */
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === "IPv4" && !a.internal)?.address;

const mode = (path: string) => (statSync(path).mode & 0o777).toString(8).padStart(4, "0");

/** The real entry point (what `npm start` runs) with only `env` and PATH; resolves once it is listening. */
async function startMain(env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, serverMainArgs(), {
    cwd: process.cwd(),
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`main.ts did not start: ${output}`)), 30_000);
    const check = () => {
      if (/Tessera is listening/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", check);
    child.stderr?.on("data", check);
    child.on("exit", (code) => reject(new Error(`main.ts exited ${code}: ${output}`)));
  });
  return {
    output: () => output,
    async stop() {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Whether a TCP connection to host:port is accepted (an HTTP answer of any status). */
async function answers(url: string) {
  try {
    await fetch(url, { signal: AbortSignal.timeout(3000) });
    return true;
  } catch {
    return false;
  }
}

describe("npm start with nothing set (development)", () => {
  const root = mkdtempSync(join(tmpdir(), "tessera-defaults-"));
  let addressChecks = 0;
  let fileChecks = 0;
  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
    recordCount("dev defaults: listen address checked", addressChecks);
    recordCount("files: data directory and database file modes checked", fileChecks, "sqlite");
  });

  it("listens on 127.0.0.1 only, says so, and keeps the data folder, database files and secret private", async () => {
    const dataDir = join(root, "fresh", "data");
    const port = await freePort();
    const main = await startMain({ DATA_DIR: dataDir, PORT: String(port) });
    try {
      // One line to start from: the address, the database and the dev mailbox (issue 22 item 11).
      expect(main.output()).toMatch(
        new RegExp(
          `Tessera is ready at http://localhost:${port} · database: SQLite ${dataDir}/tessera\\.db · dev mailbox: http://localhost:${port}/dev/mailbox\n`,
        ),
      );
      expect(main.output()).toMatch(/Listening on 127\.0\.0\.1:\d+: only this machine can connect/);
      // JSON lines and the banner only: no coloured engine lines between them.
      expect(main.output()).not.toContain("\u001b[");
      expect(main.output()).toMatch(/Dev mailbox: .*\/dev\/mailbox \(served only to this machine/);
      expect(await answers(`http://127.0.0.1:${port}/healthz`)).toBe(true);
      addressChecks++;
      if (lanAddress) {
        expect(await answers(`http://${lanAddress}:${port}/healthz`)).toBe(false);
        addressChecks++;
      }
      // A write, so the WAL is in use (sign-up goes through the outbox and the session tables).
      const signUp = await fetch(`http://127.0.0.1:${port}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: `http://localhost:${port}` },
        body: JSON.stringify({ email: "modes@example.com", password: "correct horse battery", name: "Modes" }),
      });
      expect(signUp.status).toBe(200);
      const modes = Object.fromEntries(
        ["", "tessera.db", "tessera.db-wal", "tessera.db-shm", "secret"].map((f) => [f || ".", mode(join(dataDir, f))]),
      );
      expect(modes).toEqual({
        ".": "0700",
        "tessera.db": "0600",
        "tessera.db-wal": "0600",
        "tessera.db-shm": "0600",
        secret: "0600",
      });
      fileChecks += Object.keys(modes).length;
      expect(main.output()).not.toMatch(/readable by other users/);
    } finally {
      await main.stop();
    }
  });

  it("warns at start when an existing data folder is open to other users", async () => {
    const dataDir = join(root, "loose");
    mkdirSync(dataDir);
    chmodSync(dataDir, 0o755);
    const main = await startMain({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    await main.stop();
    const warning = main
      .output()
      .split("\n")
      .find((line) => line.includes("readable by other users") && line.includes(dataDir));
    expect(warning).toBeDefined();
    expect(warning).toContain('"mode":"0755"');
    // Left as the operator set it (a backup user may need it); the files made now are private.
    expect(mode(dataDir)).toBe("0755");
    expect(mode(join(dataDir, "tessera.db"))).toBe("0600");
    fileChecks += 2;
  });

  it("the dev mailbox answers only this machine, also when HOST opens the server to the network", async () => {
    // SMTP_URL empty: the dev mailbox is mounted. TRUSTED_PROXIES: a proxy on this machine passing a remote client on.
    const server = await startTestServer("sqlite", {
      env: { HOST: "0.0.0.0", SMTP_URL: "", TRUSTED_PROXIES: "127.0.0.1" },
    });
    try {
      const port = new URL(server.url).port;
      const local = await fetch(`http://127.0.0.1:${port}/api/dev/mailbox`);
      expect(local.status).toBe(200);
      addressChecks++;
      const proxied = await fetch(`http://127.0.0.1:${port}/api/dev/mailbox`, {
        headers: { "x-forwarded-for": "203.0.113.9" },
      });
      expect({ status: proxied.status, code: (await proxied.json()).code }).toEqual({
        status: 403,
        code: "DEV_MAILBOX_LOCAL_ONLY",
      });
      addressChecks++;
      if (lanAddress) {
        for (const path of ["/api/dev/mailbox", "/api/dev/mailbox/some-id"]) {
          const remote = await fetch(`http://${lanAddress}:${port}${path}`);
          expect({ status: remote.status, code: (await remote.json()).code }).toEqual({
            status: 403,
            code: "DEV_MAILBOX_LOCAL_ONLY",
          });
          addressChecks++;
        }
      }
    } finally {
      await server.close();
    }
  });
});
