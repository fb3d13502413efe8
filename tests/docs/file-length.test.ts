import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Issue 20: no file over ~300 lines without a reason written at its top ("// Long …", or "Over 300 lines"
// in its opening comment), so a long file is long on purpose and says why.
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const MAX_LINES = 300;

describe("source files", () => {
  it(`over ${MAX_LINES} lines say at their top why they are long`, () => {
    const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "src", "tests", "bench", "scripts"], {
      cwd: ROOT,
      encoding: "utf8",
    })
      .split("\n")
      .filter((f) => /\.(ts|tsx|mjs)$/.test(f));
    const unexplained = files.filter((file) => {
      let text: string;
      try {
        text = readFileSync(`${ROOT}/${file}`, "utf8");
      } catch {
        return false; // listed by git but deleted in the working tree
      }
      const lines = text.split("\n");
      if (lines.length <= MAX_LINES + 1) return false;
      return !/\b(Long|Over 300)\b/.test(lines.slice(0, 3).join(" "));
    });
    expect(unexplained).toEqual([]);
  });
});
