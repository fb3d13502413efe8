import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailWithLink, sleep } from "../helpers/auth-flows.js";
import { TestClient } from "../helpers/client.js";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../helpers/databases.js";
import { type MailCatcher, startMailCatcher } from "../helpers/mail-catcher.js";
import { freePort } from "../helpers/ports.js";
import { serverEnv, startTestServer, type TestServer } from "../helpers/server.js";
import { serverMainArgs } from "../helpers/server-bundle.js";
import { until } from "../helpers/wait.js";

describe.each(databaseKinds)("health endpoints on %s", (kind) => {
  let server: TestServer;
  let databaseClosed = false;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    if (!databaseClosed) return server?.close();
    // The database is already closed, so closing it again may throw; everything before it has closed by then.
    await server.running.close().catch(() => {});
    await server.mail.close();
    await server.database.drop();
  });

  it("GET /healthz and /readyz answer ok while the database is up", async () => {
    const client = server.client();
    expect(await client.get("/healthz")).toMatchObject({ status: 200, body: { ok: true } });
    expect(await client.get("/readyz")).toMatchObject({ status: 200, body: { ok: true } });
  });

  it("GET /readyz answers 503 with a code once the database is gone; /healthz stays 200", async () => {
    await server.running.database.close();
    databaseClosed = true;
    const client = server.client();
    const ready = await client.get("/readyz");
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ ok: false, code: "DATABASE_UNREACHABLE", message: "Database unreachable" });
    expect((await client.get("/healthz")).status).toBe(200);
  });
});

describe.each(databaseKinds)("the real process (main.ts) on %s", (kind) => {
  let database: TestDatabase;
  let mail: MailCatcher;
  let child: ChildProcess;
  let exited: Promise<number | null>;
  let stdout = "";
  let baseURL = "";
  const dataDir = mkdtempSync(join(tmpdir(), "tessera-ops-"));
  const password = "operations-Password-7f3a";
  const newPassword = "operations-NewPassword-91c2";
  const secrets: string[] = [password, newPassword];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    mail = await startMailCatcher();
    const port = await freePort();
    baseURL = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, serverMainArgs(), {
      cwd: process.cwd(),
      env: serverEnv(
        { port, dataDir, databaseURL: database.url },
        { PATH: process.env.PATH ?? "", NODE_ENV: "production", SMTP_URL: mail.url, LOG_LEVEL: "info" },
      ),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stdout?.on("data", (d) => (stdout += d));
    child.stderr?.on("data", (d) => (stderr += d));
    exited = new Promise((resolve) => child.on("exit", (code) => resolve(code)));
    // Started once main.ts says it listens, unless it exits first.
    await new Promise<void>((resolve, reject) => {
      const settle = (why?: string) => {
        clearTimeout(timer);
        if (why) reject(new Error(`main.ts ${why}: ${stdout} ${stderr}`));
        else resolve();
      };
      const timer = setTimeout(() => settle("did not start in 30 s"), 30_000);
      child.once("exit", () => settle("exited"));
      child.stdout?.on("data", () => /Tessera is listening/.test(stdout) && settle());
    });
  });
  afterAll(async () => {
    if (child?.exitCode === null) child.kill("SIGKILL");
    await mail?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("serves sign-up, verification and a password reset through mail links", async () => {
    const client = new TestClient(baseURL);
    expect((await client.get("/api/auth/ok")).body).toEqual({ ok: true });
    const signUp = await client.post("/api/auth/sign-up/email", { email: "ops@example.com", password, name: "Ops" });
    expect(signUp.status).toBe(200);
    const { link } = await mailWithLink({ mail }, "ops@example.com", "/verify-email");
    secrets.push(new URL(link).searchParams.get("token") as string);
    const verified = await client.get(`/api/auth/verify-email${new URL(link).search}`);
    expect(verified.status).toBe(302);
    secrets.push(decodeURIComponent(client.sessionCookie ?? "").split(".")[0] as string);

    const since = mail.messages.length;
    await client.post("/api/auth/request-password-reset", { email: "ops@example.com", redirectTo: "/reset-password" });
    const reset = await mailWithLink({ mail }, "ops@example.com", "/reset-password/", since);
    const token = new URL(reset.link).pathname.split("/").pop() as string;
    secrets.push(token);
    const landing = await client.get(`/api/auth/reset-password/${token}`, { callbackURL: "/reset-password" });
    expect(landing.status).toBe(302);
    const done = await client.post("/api/auth/reset-password", { token, newPassword });
    expect(done.body).toEqual({ status: true });
    const signedIn = await client.post("/api/auth/sign-in/email", { email: "ops@example.com", password: newPassword });
    expect(signedIn.status).toBe(200);
    secrets.push(signedIn.body.token);
  });

  it("on SIGTERM finishes the request in flight, then exits 0", async () => {
    const body = JSON.stringify({ email: "in-flight@example.com" });
    const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(`${baseURL}/api/auth/send-verification-email`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "Content-Length": Buffer.byteLength(body),
          Origin: baseURL,
          Connection: "close",
          // The server's "100 Continue" says it has the request (Node answers it before handing the request on).
          Expect: "100-continue",
        },
      });
      req.on("response", (res) => {
        let text = "";
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on("error", reject);
      // Half the body, then the signal: the server holds an unfinished request; the rest once it drains.
      req.on("continue", () => {
        req.write(body.slice(0, 10));
        child.kill("SIGTERM");
        until("the server to start draining", () => /"msg":"draining"/.test(stdout)).then(
          () => req.end(body.slice(10)),
          reject,
        );
      });
      req.flushHeaders();
    });
    const res = await response;
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toEqual({ status: true });
    const code = await Promise.race([exited, sleep(15_000).then(() => "still running")]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/"msg":"draining"/);
  });

  it("writes JSON log lines, one per request, with no token or password in them", () => {
    const lines = stdout.split("\n").filter((l) => l.trim());
    expect(lines.length).toBeGreaterThan(5);
    const parsed = lines.map((line) => {
      try {
        return JSON.parse(line) as { msg?: string; path?: string; status?: number };
      } catch {
        throw new Error(`not a JSON log line: ${line}`);
      }
    });
    const requests = parsed.filter((l) => l.msg === "request");
    expect(requests.map((r) => r.path)).toEqual(
      expect.arrayContaining([
        "/api/auth/sign-up/email",
        "/api/auth/verify-email",
        "/api/auth/send-verification-email",
        "/api/auth/reset-password/[redacted]",
      ]),
    );
    expect(secrets.filter(Boolean).length).toBeGreaterThanOrEqual(5);
    for (const secret of secrets.filter(Boolean)) expect(stdout).not.toContain(secret);
  });
});
