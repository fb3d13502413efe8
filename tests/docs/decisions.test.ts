import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const folder = new URL("../../docs/decisions/", import.meta.url);
const records = readdirSync(folder)
  .filter((f) => /^\d{3}-.+\.md$/.test(f))
  .sort();
const read = (file: string) => readFileSync(new URL(file, folder), "utf8");
const statusOf = (file: string) =>
  (read(file).match(/^Status: (.+(?:\n(?!\n).+)*)/m)?.[1] ?? "").replace(/\]\([^)]*\)/g, "]");
const numberOf = (file: string) => file.slice(0, 3);

describe("decision records", () => {
  it("are numbered without gaps or duplicates", () => {
    expect(records.length).toBeGreaterThan(5);
    expect(records.map(numberOf)).toEqual(records.map((_, i) => String(i + 1).padStart(3, "0")));
  });

  it("each has a title with its number and a status line", () => {
    for (const file of records) {
      expect(read(file), file).toMatch(new RegExp(`^# ${numberOf(file)} — `));
      expect(statusOf(file), file).toMatch(/^(accepted|superseded|proposed)/);
    }
  });

  it("the index lists every record", () => {
    const index = read("README.md");
    for (const file of records) expect(index, file).toContain(`(${file})`);
  });

  it("a record that amends or supersedes another is named in that one's status line", () => {
    for (const file of records) {
      const status = statusOf(file);
      for (const [, verb, list] of status.matchAll(/(Amends|Supersedes) ((?:\[\d{3}\](?:,|\s+and|\s)*)+)/g)) {
        for (const [, target] of (list as string).matchAll(/\[(\d{3})\]/g)) {
          const older = records.find((r) => numberOf(r) === target);
          expect(older, `${file} ${verb} ${target}`).toBeDefined();
          const word = verb === "Amends" ? "Amended by" : "Superseded by";
          expect(statusOf(older as string), `${older} should say "${word} … ${numberOf(file)}"`).toMatch(
            new RegExp(`${word}[^.]*${numberOf(file)}`),
          );
        }
      }
    }
  });
});
