// Session fast path: the session lookup's JSON reading (parseEngineJSON) against the engine's.
import { safeJSONParse } from "@better-auth/core/utils/json";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseEngineJSON } from "./session-lookup.js";

// Strings an engine record holds: instants (with and without fractions, some invalid), near misses, text.
const instant = fc
  .tuple(
    fc.integer({ min: 0, max: 9999 }),
    fc.integer({ min: 0, max: 13 }),
    fc.integer({ min: 0, max: 32 }),
    fc.integer({ min: 0, max: 25 }),
    fc.constantFrom("", ".5", ".123", ".123456"),
  )
  .map(([y, mo, d, h, frac]) => {
    const p = (n: number, w = 2) => String(n).padStart(w, "0");
    return `${p(y, 4)}-${p(mo)}-${p(d)}T${p(h)}:07:09${frac}Z`;
  });
const text = fc.oneof(
  instant,
  instant.map((s) => s.replace("T", " ")),
  instant.map((s) => s.slice(0, -1)),
  instant.map((s) => `x${s}`),
  fc.string(),
  fc.constant("2024-01-01T00:00:00Z"),
);
const key = fc.oneof(fc.constantFrom("createdAt", "name", "__proto__", "constructor", "0"), fc.string());
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    text,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(key, tie("value"), { maxKeys: 5 }),
  ),
})).value;

/** A text that tells Dates from strings and own keys (including "__proto__") from inherited ones. */
function canonical(value: unknown): string {
  if (value instanceof Date) return `Date(${value.getTime()})`;
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const proto = Object.getPrototypeOf(value) === Object.prototype ? "" : "!proto";
    const entries = Object.getOwnPropertyNames(value).map(
      (k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`,
    );
    return `{${proto}${entries.join(",")}}`;
  }
  return JSON.stringify(value) ?? String(value);
}

describe("parseEngineJSON", () => {
  it("reads stored JSON exactly as the engine's safeJSONParse (dates revived, __proto__ kept as data)", () => {
    fc.assert(
      fc.property(json, (value) => {
        const stored = JSON.stringify(value);
        const ours = parseEngineJSON(stored);
        const engine = safeJSONParse(stored);
        expect(canonical(ours)).toBe(canonical(engine));
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps a date under a __proto__ key as data, as the engine's reviver does", () => {
    for (const stored of [
      '{"__proto__":"2024-01-01T00:00:00Z"}',
      '{"user":{"__proto__":"2024-01-01T00:00:00.000Z","name":"x"}}',
      '[{"__proto__":{"createdAt":"2024-01-01T00:00:00Z"}}]',
    ]) {
      expect(canonical(parseEngineJSON(stored))).toBe(canonical(safeJSONParse(stored)));
    }
  });

  it("answers null for what does not parse, as the engine does", () => {
    expect(parseEngineJSON("{")).toBeNull();
    expect(safeJSONParse("{")).toBeNull();
  });
});
