import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ERROR_CODES, type ErrorCodeDefinition } from "../../src/shared/error-codes.js";
import { WEBHOOK_ERROR_CODES } from "../../src/shared/webhooks.js";
import webErrors from "../../src/web/locales/errors/en.js";
import { ROOT, readMarkdown } from "./markdown.js";

/** The codes of docs/behaviour.md's "Error codes" tables: the first cell of each row. */
function referenceRows(): { code: string; status: string; message: string; testedIn: string }[] {
  const text = readMarkdown("docs/behaviour.md");
  const start = text.indexOf("\n## Error codes\n");
  const end = text.indexOf("\n## ", start + 1);
  const section = text.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/^\| `([^`]+)` \|(.*)\|\s*$/gm)].map((m) => {
    // Cells split at pipes that are not escaped ("\\|" inside a message).
    const [status = "", message = "", testedIn = ""] = (m[2] as string).split(/(?<!\\)\|/).map((cell) => cell.trim());
    return { code: m[1] as string, status, message, testedIn: testedIn.replace(/`/g, "") };
  });
}
const referenceCodes = () => referenceRows().map((r) => r.code);

function filesUnder(folder: string, keep: (path: string) => boolean): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (keep(path)) out.push(path);
    }
  };
  walk(folder);
  return out;
}

const read = (path: string) => readFileSync(path, "utf8");
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// Tessera's code, without the web app's translation tables (they list every code, so they prove nothing).
const ownSource = filesUnder(join(ROOT, "src"), (p) => /\.tsx?$/.test(p) && !p.includes("/locales/"))
  .map(read)
  .join("\n");
// The engine as installed: better-auth, its core and the passkey plugin.
const engineSource = ["better-auth/dist", "@better-auth/core/dist", "@better-auth/passkey/dist"]
  .flatMap((dir) => filesUnder(join(ROOT, "node_modules", dir), (p) => p.endsWith(".mjs")))
  .map(read)
  .join("\n");

/** Whether `code` is written in `source` as a string literal or an object key. */
const written = (source: string, code: string) =>
  new RegExp(`["'\`]${escapeRegExp(code)}["'\`]|(?:^|[\\s{,])${escapeRegExp(code)}\\s*:`, "m").test(source);

/** Every code Tessera's server answers with: the table it answers through (src/shared/error-codes.ts). */
const serverTable: Record<string, ErrorCodeDefinition> = ERROR_CODES;
const serverCodes = () => new Set(Object.keys(serverTable));

const documented = referenceCodes();

const STATUS: Record<string, string> = {
  BAD_REQUEST: "400",
  UNAUTHORIZED: "401",
  FORBIDDEN: "403",
  NOT_FOUND: "404",
  METHOD_NOT_ALLOWED: "405",
  CONFLICT: "409",
  UNPROCESSABLE_ENTITY: "422",
  TOO_MANY_REQUESTS: "429",
  INTERNAL_SERVER_ERROR: "500",
  NOT_IMPLEMENTED: "501",
};

/** The engine's own codes (defineErrorCodes tables, the core's first) with their English messages. */
function engineMessages(): Map<string, string> {
  const messages = new Map<string, string>();
  const tables = [...engineSource.matchAll(/defineErrorCodes\(\{([\s\S]*?)\}\)/g)].map((m) => m[1] as string);
  // The core's, then the plugins Tessera runs (organization, admin, two-factor, passkey), then the rest.
  const markers = [
    "INVALID_EMAIL_OR_PASSWORD",
    "ORGANIZATION_ALREADY_EXISTS",
    "YOU_CANNOT_BAN_YOURSELF",
    "TOTP_NOT_ENABLED",
    "CHALLENGE_NOT_FOUND",
  ];
  const used = markers.map((key) => tables.find((t) => new RegExp(`^\\s*${key}:`, "m").test(t)) ?? "");
  for (const table of [...used, ...tables]) {
    for (const m of table.matchAll(/^\s*([A-Z_]+):\s*"((?:[^"\\]|\\.)*)"/gm)) {
      if (!messages.has(m[1] as string)) messages.set(m[1] as string, m[2] as string);
    }
  }
  return messages;
}

/** The statuses the engine throws `code` with where it names the code directly (APIError.from("STATUS", X_CODES.code)). */
function engineStatuses(code: string): Set<string> {
  const found = new Set<string>();
  const pattern = new RegExp(
    `APIError(?:\\.from)?\\(\\s*"([A-Z_]+)",\\s*(?:\\{[^)]{0,200}?)?[A-Z_]*ERROR_CODES?\\.${code}\\b`,
    "g",
  );
  for (const m of engineSource.matchAll(pattern)) found.add(STATUS[m[1] as string] ?? (m[1] as string));
  return found;
}

describe("docs/behaviour.md's error codes", () => {
  it("are read from the reference", () => {
    expect(documented.length).toBeGreaterThan(200);
    expect(documented).toContain("INVALID_EMAIL_OR_PASSWORD");
    expect(documented).toContain("please_restart_the_process");
  });

  it("each appear once", () => {
    const twice = documented.filter((code, i) => documented.indexOf(code) !== i);
    expect(twice).toEqual([]);
  });

  it("each exist in Tessera's code or the installed engine", () => {
    const unknown = documented.filter((code) => !written(ownSource, code) && !written(engineSource, code));
    expect(unknown).toEqual([]);
  });

  it("give the engine's own message and statuses for the engine's codes", () => {
    const messages = engineMessages();
    const own = serverCodes();
    const wrong: string[] = [];
    for (const { code, status, message } of referenceRows()) {
      if (own.has(code) || !messages.has(code)) continue;
      if (message !== (messages.get(code) as string).replace(/\|/g, "\\|")) wrong.push(`${code}: message "${message}"`);
      const thrown = engineStatuses(code);
      const listed: string[] = status.match(/\d{3}/g) ?? [];
      // A code the engine throws only through a helper (redirectOnError, invalid("…")) is not seen here.
      for (const s of listed) if (thrown.size > 0 && !thrown.has(s)) wrong.push(`${code}: status ${s}`);
      for (const s of thrown) if (listed.length > 0 && !listed.includes(s)) wrong.push(`${code}: status ${s} missing`);
      const unused = !new RegExp(`\\.${code}\\b|\\("${code}"\\)|code: "${code}"`).test(engineSource);
      if (status.startsWith("— (not answered") !== unused) wrong.push(`${code}: answered or not`);
    }
    expect(wrong).toEqual([]);
  });

  it("name, as tested in, a test that asserts the code or its message", () => {
    const rows = referenceRows().filter((r) => r.testedIn !== "");
    expect(rows.length).toBeGreaterThan(100);
    const unproven = rows.filter(({ code, message, testedIn }) => {
      const path = join(ROOT, testedIn);
      if (!/^tests\/.+\.(test|e2e)\.tsx?$/.test(testedIn) || !existsSync(path)) return true;
      const test = read(path);
      const words = message.replace(/\\\|/g, "|");
      return !written(test, code) && !new RegExp(`\\.${escapeRegExp(code)}\\b`).test(test) && !test.includes(words);
    });
    expect(unproven.map((r) => `${r.code} → ${r.testedIn}`)).toEqual([]);
  });

  it("include every code the server answers with", () => {
    const server = [...serverCodes()];
    expect(server.length).toBeGreaterThan(40);
    expect(server.filter((code) => !documented.includes(code))).toEqual([]);
  });

  it("give the server's status and words for each code of its table", () => {
    const wrong: string[] = [];
    const rows = new Map(referenceRows().map((r) => [r.code, r]));
    for (const [code, { status, message, variants }] of Object.entries(serverTable)) {
      const row = rows.get(code);
      if (!row) continue; // the test above names it
      const listed: string[] = row.status.match(/\d{3}/g) ?? [];
      if (!listed.includes(String(status))) wrong.push(`${code}: status ${status}`);
      const cell = row.message.replace(/\\\|/g, "|");
      // A message built from values (a template) is described in words; every fixed one is written out,
      // the only one as the whole cell, one of several (variants) somewhere in it.
      if (typeof message === "string" && !variants && cell !== message) wrong.push(`${code}: "${message}"`);
      const texts = [message, ...Object.values(variants ?? {})].filter((v) => typeof v === "string");
      for (const text of variants ? texts : []) {
        if (!cell.includes(text)) wrong.push(`${code}: "${text}" not in its row`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("give an engine code the server answers itself the engine's own words", () => {
    const messages = engineMessages();
    const shared = Object.entries(serverTable).filter(
      ([code, { message }]) => typeof message === "string" && messages.has(code),
    );
    expect(shared.map(([code]) => code)).toContain("INVITATION_NOT_FOUND");
    const differ = shared
      .filter(([code, { message }]) => message !== messages.get(code))
      .map(([code, { message }]) => `${code}: "${message}" (the engine: "${messages.get(code)}")`);
    expect(differ).toEqual([]);
  });

  it("include every webhook code", () => {
    expect(Object.keys(WEBHOOK_ERROR_CODES).filter((code) => !documented.includes(code))).toEqual([]);
  });

  it("include every engine and redirect code the web app translates", () => {
    expect(Object.keys(webErrors).filter((code) => !documented.includes(code))).toEqual([]);
  });
});
