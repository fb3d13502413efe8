import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/server/config.js";
import { serverMainArgs } from "../helpers/server-bundle.js";

const SECRET = "a-production-secret-0123456789-abcdefghij";

/** The issues loadConfig reports for `env`; fails the test when it does not throw a ConfigError. */
function issuesOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/^Invalid configuration:/);
    return (error as ConfigError).issues;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

/** True when one issue starts with the variable's name (a list item's index may follow: "TRUSTED_ORIGINS.0 …"). */
const names = (issues: string[], variable: string) => issues.some((i) => new RegExp(`^${variable}[ .]`).test(i));

describe("loadConfig", () => {
  it("accepts an empty environment with the documented defaults", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.baseURL).toBe("http://localhost:3000");
    expect(config.password).toEqual({ min: 8, max: 128 });
    expect(config.rateLimitEnabled).toBe(true);
    expect(config.requireEmailVerification).toBe(true);
    expect(config.organization.membershipLimit).toBe(100);
    expect(config.organization.invitationExpiresIn).toBe(172800);
    expect(config.databaseURL).toMatch(/^file:.*tessera\.db$/);
  });

  it("listens on 127.0.0.1 unless HOST says otherwise, and on every interface in production", () => {
    expect(loadConfig({}).host).toBe("127.0.0.1");
    expect(loadConfig({ NODE_ENV: "development" }).host).toBe("127.0.0.1");
    expect(loadConfig({ HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
    const production = { NODE_ENV: "production", BETTER_AUTH_SECRET: SECRET, MAIL_TRANSPORT: "log" };
    expect(loadConfig(production).host).toBe("0.0.0.0");
    expect(loadConfig({ ...production, HOST: "10.0.0.5" }).host).toBe("10.0.0.5");
  });

  it.each(["abc", "70000", "-1", "80.5"])("names PORT for %s", (PORT) => {
    expect(names(issuesOf({ PORT }), "PORT")).toBe(true);
  });

  it("leaves metrics off by default, and checks METRICS_TOKEN and METRICS_PORT", () => {
    expect(loadConfig({}).metrics).toEqual({ token: undefined, port: undefined });
    const on = loadConfig({ METRICS_TOKEN: "0123456789abcdef", METRICS_PORT: "9464" });
    expect(on.metrics).toEqual({ token: "0123456789abcdef", port: 9464 });
    for (const METRICS_TOKEN of ["short", "has a space in it!!", "x".repeat(257)]) {
      expect(names(issuesOf({ METRICS_TOKEN }), "METRICS_TOKEN")).toBe(true);
    }
    expect(names(issuesOf({ METRICS_PORT: "70000" }), "METRICS_PORT")).toBe(true);
    expect(names(issuesOf({ PORT: "9464", METRICS_PORT: "9464" }), "METRICS_PORT")).toBe(true);
  });

  it.each(["mysql://db.example/app", "/var/lib/tessera.db", "file:"])("names DATABASE_URL for %s", (DATABASE_URL) => {
    expect(names(issuesOf({ DATABASE_URL }), "DATABASE_URL")).toBe(true);
  });

  it("accepts DATABASE_URL as file:PATH or postgres://", () => {
    expect(loadConfig({ DATABASE_URL: "file:./data/x.db" }).databaseURL).toBe("file:./data/x.db");
    expect(loadConfig({ DATABASE_URL: "postgres://u@h:5432/d" }).databaseURL).toBe("postgres://u@h:5432/d");
  });

  it.each(["http://mail.example.com", "mail.example.com:25", "smtp://"])("names SMTP_URL for %s", (SMTP_URL) => {
    expect(names(issuesOf({ SMTP_URL }), "SMTP_URL")).toBe(true);
  });

  it("never repeats an SMTP_URL (it may hold a password)", () => {
    const issues = issuesOf({ SMTP_URL: "smtp://user:hunter2secret@mail.example.com:587/oops" });
    expect(names(issues, "SMTP_URL")).toBe(true);
    expect(issues.join("\n")).not.toContain("hunter2secret");
  });

  it.each(["not a url", "ftp://files.example", "https://ok.example,javascript:alert(1)"])(
    "names TRUSTED_ORIGINS for %s",
    (TRUSTED_ORIGINS) => {
      expect(names(issuesOf({ TRUSTED_ORIGINS }), "TRUSTED_ORIGINS")).toBe(true);
    },
  );

  it("keeps TRUSTED_ORIGINS as origins, beside BASE_URL's", () => {
    const config = loadConfig({
      BASE_URL: "https://app.example/",
      TRUSTED_ORIGINS: "https://a.example/path/, http://b.example:8080",
    });
    expect(config.trustedOrigins).toEqual(["https://app.example", "https://a.example", "http://b.example:8080"]);
  });

  it("keeps dynamic client registration off and session JWTs at 15 minutes unless told (docs/integrate.md)", () => {
    expect(loadConfig({}).oauth).toEqual({ dynamicClientRegistration: false, jwtExpiresIn: 900 });
    expect(loadConfig({ OAUTH_DYNAMIC_CLIENT_REGISTRATION: "true", JWT_EXPIRES_IN: "300" }).oauth).toEqual({
      dynamicClientRegistration: true,
      jwtExpiresIn: 300,
    });
    expect(names(issuesOf({ JWT_EXPIRES_IN: "10" }), "JWT_EXPIRES_IN")).toBe(true);
    expect(names(issuesOf({ OAUTH_DYNAMIC_CLIENT_REGISTRATION: "maybe" }), "OAUTH_DYNAMIC_CLIENT_REGISTRATION")).toBe(
      true,
    );
  });

  it("names PASSWORD_MIN_LENGTH when it exceeds PASSWORD_MAX_LENGTH", () => {
    const issues = issuesOf({ PASSWORD_MIN_LENGTH: "20", PASSWORD_MAX_LENGTH: "10" });
    expect(issues).toContain("PASSWORD_MIN_LENGTH must not exceed PASSWORD_MAX_LENGTH");
    expect(loadConfig({ PASSWORD_MIN_LENGTH: "12", PASSWORD_MAX_LENGTH: "12" }).password).toEqual({ min: 12, max: 12 });
  });

  it("takes TEST_PASSWORD_HASH_COST only when NODE_ENV=test, and only a power of two below the engine's cost", () => {
    expect(loadConfig({ NODE_ENV: "test", TEST_PASSWORD_HASH_COST: "1024" }).passwordHashing.testCost).toBe(1024);
    expect(loadConfig({ NODE_ENV: "test" }).passwordHashing.testCost).toBeUndefined();
    const production = { NODE_ENV: "production", BETTER_AUTH_SECRET: SECRET, MAIL_TRANSPORT: "log" };
    for (const env of [production, { NODE_ENV: "development" }, {}] as Record<string, string>[]) {
      expect(issuesOf({ ...env, TEST_PASSWORD_HASH_COST: "1024" })).toEqual([
        "TEST_PASSWORD_HASH_COST is only for the test suite (NODE_ENV=test): it makes password hashes weaker",
      ]);
    }
    for (const TEST_PASSWORD_HASH_COST of ["1000", "1", "16384", "x"]) {
      expect(names(issuesOf({ NODE_ENV: "test", TEST_PASSWORD_HASH_COST }), "TEST_PASSWORD_HASH_COST")).toBe(true);
    }
  });

  it("requires BETTER_AUTH_SECRET in production", () => {
    const issues = issuesOf({ NODE_ENV: "production", SMTP_URL: "smtp://mail.example.com:587" });
    expect(names(issues, "BETTER_AUTH_SECRET")).toBe(true);
    expect(names(issues, "SMTP_URL")).toBe(false);
  });

  it("requires SMTP_URL in production unless MAIL_TRANSPORT=log says mail is only logged", () => {
    const issues = issuesOf({ NODE_ENV: "production", BETTER_AUTH_SECRET: SECRET });
    expect(names(issues, "SMTP_URL")).toBe(true);
    const config = loadConfig({ NODE_ENV: "production", BETTER_AUTH_SECRET: SECRET, MAIL_TRANSPORT: "log" });
    expect(config.mail.transport).toBe("log");
  });

  it("names the missing half of a social provider's credentials", () => {
    expect(issuesOf({ GITHUB_CLIENT_ID: "id" }).some((i) => i.startsWith("GITHUB_CLIENT_SECRET"))).toBe(true);
    expect(issuesOf({ GITHUB_CLIENT_SECRET: "secret" }).some((i) => i.startsWith("GITHUB_CLIENT_ID"))).toBe(true);
    expect(loadConfig({ GITHUB_CLIENT_ID: "id", GITHUB_CLIENT_SECRET: "secret" }).socialProviders.github).toEqual({
      clientId: "id",
      clientSecret: "secret",
    });
  });

  it("names every bad variable at once", () => {
    const issues = issuesOf({ PORT: "x", DATABASE_URL: "mysql://x", RATE_LIMIT_ENABLED: "maybe" });
    for (const variable of ["PORT", "DATABASE_URL", "RATE_LIMIT_ENABLED"]) expect(names(issues, variable)).toBe(true);
  });
});

describe("main.ts with a bad environment", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "tessera-config-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** Runs the real entry point with only `env` (plus PATH) and collects how it ended. */
  function run(env: Record<string, string>) {
    return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, serverMainArgs(), {
        cwd: process.cwd(),
        env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, HOST: "127.0.0.1", ...env },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (d) => (stdout += d));
      child.stderr.on("data", (d) => (stderr += d));
      const timer = setTimeout(() => {
        child.kill("SIGKILL");
        reject(new Error(`main.ts did not exit: ${stdout} ${stderr}`));
      }, 20_000);
      child.on("exit", (code) => {
        clearTimeout(timer);
        resolve({ code, stdout, stderr });
      });
    });
  }

  it("exits non-zero naming PORT", async () => {
    const { code, stderr, stdout } = await run({ PORT: "not-a-port" });
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(stderr).toMatch(/^\s*- PORT /m);
    expect(stdout).not.toMatch(/listening/i);
  });

  it("exits non-zero naming BETTER_AUTH_SECRET and SMTP_URL in production", async () => {
    const { code, stderr } = await run({ NODE_ENV: "production", PORT: "0" });
    expect(code).not.toBe(0);
    expect(stderr).toContain("BETTER_AUTH_SECRET");
    expect(stderr).toContain("SMTP_URL");
  });
});
