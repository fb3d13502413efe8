import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CONFIG_VARIABLE_PATTERNS, CONFIG_VARIABLES, loadConfig } from "../../src/server/config.js";

const root = new URL("../../", import.meta.url);
const envExample = readFileSync(new URL(".env.example", root), "utf8");
const readme = readFileSync(new URL("README.md", root), "utf8");

/** Names assigned in .env.example, set (`NAME=`) or shown commented out (`# NAME=`). */
const exampleNames = [...envExample.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1] as string);

/** The README's configuration table: the rows between its header and the next blank line. */
function readmeConfigTable(): string {
  const start = readme.indexOf("| Variable");
  expect(start, "README has a configuration table starting with | Variable").toBeGreaterThan(-1);
  const end = readme.indexOf("\n\n", start);
  return readme.slice(start, end === -1 ? undefined : end);
}

describe("configuration is documented where people look", () => {
  it("reads at least the core variables (the list comes from the schema itself)", () => {
    expect(CONFIG_VARIABLES).toEqual(expect.arrayContaining(["PORT", "DATABASE_URL", "SESSION_FAST_PATH"]));
  });

  it(".env.example lists every variable the server reads", () => {
    const missing = CONFIG_VARIABLES.filter((name) => !exampleNames.includes(name));
    expect(missing).toEqual([]);
  });

  it(".env.example lists nothing the server does not read", () => {
    const unknown = exampleNames.filter(
      (name) => !CONFIG_VARIABLES.includes(name) && !CONFIG_VARIABLE_PATTERNS.some((p) => p.test(name)),
    );
    expect(unknown).toEqual([]);
  });

  it(".env.example's set values parse and are the defaults (copying it changes nothing)", () => {
    const set = Object.fromEntries(
      [...envExample.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => [m[1] as string, m[2] as string]),
    );
    expect(Object.keys(set).length).toBeGreaterThan(20);
    expect(loadConfig(set)).toEqual(loadConfig({}));
  });

  it("the README's configuration table names every variable", () => {
    const table = readmeConfigTable();
    const missing = CONFIG_VARIABLES.filter((name) => !table.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });
});
