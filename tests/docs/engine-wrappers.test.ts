import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// docs/decisions/019 (superseding 018): the engine's endpoints are extended through its hooks only; none is
// replaced, not even to run it in a transaction (src/server/auth/atomic-endpoints.ts does that from a hook).
const ROOT = fileURLToPath(new URL("../..", import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

describe("engine endpoints", () => {
  it("are never replaced in the server", () => {
    const assigning = sources(join(ROOT, "src/server"))
      .filter((file) => /\bendpoints(\.\w+|\[[^\]]+\])\s*=[^=]/.test(readFileSync(file, "utf8")))
      .map((file) => relative(ROOT, file))
      .sort();
    expect(assigning).toEqual([]);
  });
});
