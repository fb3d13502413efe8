import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { sqliteDriverProblem } from "./database.js";

// Statements the garbage collector finalises while the program runs, in rounds between which the
// event loop turns, as in a server. better-sqlite3 12 aborted the process here from Node 24.19 on
// (SIGABRT, "RemoveEnvironmentCleanupHook: (env) != nullptr" from Statement::~Statement; 8 runs in 8
// on Node 24.21); 13 does not. Run as its own process, so an abort is an exit code, not a lost
// test worker.
const FINALISED_STATEMENTS = `
const SQLite = require(process.argv[1]);
const db = new SQLite(":memory:");
let round = 0;
function step() {
  for (let i = 0; i < 2000; i++) db.prepare("select " + i + " + " + round + " as x").get();
  if (++round < 30) setImmediate(step);
  else setTimeout(() => { db.close(); process.stdout.write("survived " + process.version); }, 300);
}
step();
`;

describe("the SQLite driver on this Node", () => {
  it("says which Nodes cannot run it, and this one can", () => {
    expect(sqliteDriverProblem({ node: "24.21.0", napi: "10" })).toBeUndefined();
    expect(sqliteDriverProblem({ node: "22.14.0", napi: "10" })).toBeUndefined();
    const problem = sqliteDriverProblem({ node: "20.20.2", napi: "9" });
    expect(problem).toContain("Node 22.14 or later");
    expect(problem).toContain("this is Node 20.20.2");
    expect(problem).toContain("node_modules/.bin");
    expect(sqliteDriverProblem({ node: "22.13.1", napi: "9" })).toBeDefined();
    expect(sqliteDriverProblem()).toBeUndefined();
  });

  it("survives statements the garbage collector finalises", () => {
    const driver = createRequire(import.meta.url).resolve("better-sqlite3");
    const run = spawnSync(process.execPath, ["-e", FINALISED_STATEMENTS, driver], {
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.stderr).toBe("");
    expect({ status: run.status, signal: run.signal }).toEqual({ status: 0, signal: null });
    expect(run.stdout).toBe(`survived ${process.version}`);
  });
});
