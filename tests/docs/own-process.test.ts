import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { OWN_PROCESS } from "../../vitest.config.js";
import { ROOT } from "./markdown.js";

// vitest.config.ts's OWN_PROCESS, kept whole: the suite project runs its files with shared modules
// (isolate: false), so a file that turns the engine's rate limits on (its in-memory counts are one Map
// for every server in the process) or sets NODE_ENV before the engine loads must run in a process of
// its own, or it passes alone and fails (or fails another file) depending on the order.

const SELF = "tests/docs/own-process.test.ts";

/** Every *.test.ts under `dir`, relative to the root. */
const testsUnder = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return testsUnder(path);
    return entry.name.endsWith(".test.ts") ? [path] : [];
  });

/** The test files the suite project runs: all but the web project's (and this one, whose examples match). */
const testFiles = () =>
  [...testsUnder("tests"), ...testsUnder("src")].filter((path) => !path.startsWith("tests/web/") && path !== SELF);

/**
 * Whether a file turns rate limits on: RATE_LIMIT_ENABLED given "true", or given a variable that is
 * "true" somewhere in the file (mfa-code-limits.test.ts runs its cases both ways).
 */
function turnsRateLimitsOn(text: string): boolean {
  if (/RATE_LIMIT_ENABLED["']?\s*[:=]\s*["'`]true["'`]/.test(text)) return true;
  return [...text.matchAll(/RATE_LIMIT_ENABLED["']?\s*:\s*([A-Za-z_$][\w$]*)\b/g)].some(([, name]) =>
    new RegExp(`\\b${name}["']?\\s*[:=]\\s*["'\`]true["'\`]`).test(text),
  );
}

/** Whether a file sets NODE_ENV in its own process's environment (the engine reads it once, when loaded). */
function setsProcessNodeEnv(text: string): boolean {
  return /process\.env\.NODE_ENV\s*=[^=]/.test(text) || /process\.env\[["']NODE_ENV["']\]\s*=[^=]/.test(text);
}

describe("vitest.config.ts OWN_PROCESS", () => {
  it("recognises both ways of turning rate limits on, and NODE_ENV set in the process", () => {
    expect(turnsRateLimitsOn(`startTestServer(kind, { env: { RATE_LIMIT_ENABLED: "true" } })`)).toBe(true);
    expect(turnsRateLimitsOn(`[{ rateLimit: "true" }]; env: { RATE_LIMIT_ENABLED: rateLimit }`)).toBe(true);
    expect(turnsRateLimitsOn(`env: { RATE_LIMIT_ENABLED: "false" }`)).toBe(false);
    expect(turnsRateLimitsOn(`{ rateLimit: "false" }; env: { RATE_LIMIT_ENABLED: rateLimit }`)).toBe(false);
    expect(setsProcessNodeEnv(`process.env.NODE_ENV = "production";`)).toBe(true);
    expect(setsProcessNodeEnv(`if (process.env.NODE_ENV === "test") {}`)).toBe(false);
  });

  it("lists every test file that turns rate limits on or sets NODE_ENV in its process", () => {
    const files = testFiles();
    expect(files.length).toBeGreaterThan(50);
    const needed = files.filter((path) => {
      const text = readFileSync(join(ROOT, path), "utf8");
      return turnsRateLimitsOn(text) || setsProcessNodeEnv(text);
    });
    expect(needed.filter((path) => !OWN_PROCESS.includes(path))).toEqual([]);
    // And the list names only files that exist.
    expect(OWN_PROCESS.filter((path) => !files.includes(path))).toEqual([]);
  });
});
