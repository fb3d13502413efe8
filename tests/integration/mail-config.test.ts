import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/server/config.js";
import { serverMainArgs } from "../helpers/server-bundle.js";

const SECRET = "a-production-secret-of-at-least-32-characters";

/** The message a bad environment stops the start with. */
function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

describe("mail configuration", () => {
  it.each([
    ["http://mail.example.com", "SMTP_URL must start with smtp:// or smtps://"],
    ["mail.example.com:587", "SMTP_URL must start with smtp:// or smtps://"],
    ["smtp://", "SMTP_URL must name a host"],
    ["smtp://mail.example.com:99999", "SMTP_URL must be a URL like smtp://user:password@host:587"],
    ["smtp://mail example.com", "SMTP_URL must be a URL like"],
    ["smtp://user:hunter2@mail.example.com/inbox", "SMTP_URL must not have a path"],
  ])("refuses SMTP_URL=%s", (value, message) => {
    const text = refusal({ SMTP_URL: value });
    expect(text).toContain(message);
    expect(text).not.toContain("hunter2");
  });

  it.each([
    "smtp://mail.example.com",
    "smtps://user:p%40ss@mail.example.com:465",
    "smtp://[::1]:2525?tls.rejectUnauthorized=false",
  ])("accepts SMTP_URL=%s and delivers over SMTP", (value) => {
    expect(loadConfig({ SMTP_URL: value }).mail).toMatchObject({ transport: "smtp", smtpURL: value });
  });

  it("without SMTP_URL: the dev mailbox outside production, a refusal in production unless MAIL_TRANSPORT=log", () => {
    expect(loadConfig({}).mail.transport).toBe("dev");
    expect(loadConfig({ NODE_ENV: "test" }).mail.transport).toBe("dev");
    expect(refusal({ NODE_ENV: "production", BETTER_AUTH_SECRET: SECRET })).toContain(
      "SMTP_URL is required when NODE_ENV=production (set MAIL_TRANSPORT=log to only log mail on purpose)",
    );
    const logged = loadConfig({ NODE_ENV: "production", BETTER_AUTH_SECRET: SECRET, MAIL_TRANSPORT: "log" });
    expect(logged.mail.transport).toBe("log");
  });

  it("reads the delivery settings, with defaults", () => {
    expect(loadConfig({}).mail).toMatchObject({
      from: "Tessera <no-reply@tessera.localhost>",
      maxAttempts: 8,
      pollIntervalMs: 1000,
      retryBaseMs: 10_000,
      sendTimeoutMs: 30_000,
    });
    expect(
      loadConfig({
        MAIL_FROM: "ops@example.com",
        MAIL_MAX_ATTEMPTS: "3",
        MAIL_POLL_INTERVAL_MS: "250",
        MAIL_RETRY_BASE_MS: "2000",
        MAIL_SEND_TIMEOUT_MS: "5000",
      }).mail,
    ).toMatchObject({
      from: "ops@example.com",
      maxAttempts: 3,
      pollIntervalMs: 250,
      retryBaseMs: 2000,
      sendTimeoutMs: 5000,
    });
  });

  it.each([
    ["MAIL_MAX_ATTEMPTS", "0"],
    ["MAIL_MAX_ATTEMPTS", "many"],
    ["MAIL_POLL_INTERVAL_MS", "-5"],
    ["MAIL_RETRY_BASE_MS", "1.5"],
    ["MAIL_SEND_TIMEOUT_MS", "10"],
    ["MAIL_FROM", "nobody"],
  ])("refuses %s=%s, naming it", (name, value) => {
    expect(refusal({ [name]: value })).toMatch(new RegExp(`^  - ${name} `, "m"));
  });

  it("a bad SMTP_URL stops `node src/server/main.ts` with exit code 78 and the reason", async () => {
    const child = spawn(process.execPath, serverMainArgs(), {
      env: { PATH: process.env.PATH ?? "", SMTP_URL: "http://user:hunter2@mail.example.com", PORT: "0" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).toBe(78);
    expect(stderr).toContain("SMTP_URL must start with smtp:// or smtps://");
    expect(stderr).not.toContain("hunter2");
  });
});
