import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// docs/decisions/018: the engine's endpoints are extended through its hooks; only these two files replace an
// endpoint function (to run the engine's own one in a transaction), before the engine is built.
const ALLOWED = ["src/server/auth/atomic-organization-create.ts", "src/server/auth/role-rename.ts"];
const ROOT = fileURLToPath(new URL("../..", import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

describe("engine endpoints", () => {
  it("are replaced only where decision 018 says, and nowhere else in the server", () => {
    const assigning = sources(join(ROOT, "src/server"))
      .filter((file) => /\bendpoints(\.\w+|\[[^\]]+\])\s*=[^=]/.test(readFileSync(file, "utf8")))
      .map((file) => relative(ROOT, file))
      .sort();
    expect(assigning).toEqual(ALLOWED);
  });
});
