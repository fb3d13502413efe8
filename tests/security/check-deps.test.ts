import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { type Advisory, audit, compare, productionPackages, satisfies } from "../../scripts/check-deps.js";

// scripts/check-deps.ts: the offline dependency check CI runs instead of npm audit.

const run = promisify(execFile);
const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
const { advisories } = JSON.parse(readFileSync("security/advisories.json", "utf8")) as { advisories: Advisory[] };

describe("the offline dependency check", () => {
  it("compares versions by semver precedence and reads ranges with || and comparators", () => {
    expect(compare("1.10.0", "1.9.9")).toBeGreaterThan(0);
    expect(compare("1.0.0-rc.1", "1.0.0")).toBeLessThan(0);
    expect(compare("1.0.0-rc.2", "1.0.0-rc.10")).toBeLessThan(0);
    expect(satisfies("1.6.10", ">=1.6.0 <1.6.11")).toBe(true);
    expect(satisfies("1.6.11", ">=1.6.0 <1.6.11")).toBe(false);
    expect(satisfies("3.0.8", "<2.1.3 || >=3.0.0 <3.0.9")).toBe(true);
    expect(satisfies("2.1.5", "<2.1.3 || >=3.0.0 <3.0.9")).toBe(false);
    expect(satisfies("0.24.2", "<=0.24.2")).toBe(true);
  });

  it("every advisory range parses, and the production tree passes", () => {
    for (const a of advisories) expect(() => satisfies("1.0.0", a.vulnerable), a.id).not.toThrow();
    expect(productionPackages(lock).length).toBeGreaterThan(50);
    const failing = audit(lock, advisories).filter(
      (f) => f.advisory.severity === "high" || f.advisory.severity === "critical",
    );
    expect(failing.map((f) => `${f.advisory.package}@${f.installed} ${f.advisory.id}`)).toEqual([]);
  });

  it("fails (exit 1) on a lockfile with a known high or critical advisory, ignoring dev-only packages", async () => {
    const dir = mkdtempSync(join(tmpdir(), "check-deps-"));
    try {
      const bad = structuredClone(lock);
      bad.packages["node_modules/better-auth"].version = "1.3.0";
      bad.packages["node_modules/evil-dev-tool"] = { version: "1.0.0", dev: true };
      const file = join(dir, "package-lock.json");
      writeFileSync(file, JSON.stringify(bad));
      const result = await run(process.execPath, ["--import", "tsx", "scripts/check-deps.ts", "--lock", file]).then(
        () => ({ code: 0, stdout: "" }),
        (e: { code: number; stdout: string }) => ({ code: e.code, stdout: e.stdout }),
      );
      expect(result.code).toBe(1);
      expect(result.stdout).toContain("CRITICAL better-auth@1.3.0");
      expect(result.stdout).toContain("FAILED");
      // A dev-only package never counts.
      const devOnly = structuredClone(lock);
      devOnly.packages["node_modules/minimist"] = { version: "1.2.0", dev: true };
      expect(audit(devOnly, advisories).some((f) => f.advisory.package === "minimist")).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
