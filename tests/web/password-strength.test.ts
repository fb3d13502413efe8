import { describe, expect, it } from "vitest";
import { passwordStrength } from "@/features/auth/utils/password-strength.js";

describe("password strength hint", () => {
  it("ranks by length and variety", () => {
    expect(passwordStrength("")).toBe(0);
    expect(passwordStrength("abc")).toBeLessThanOrEqual(1);
    expect(passwordStrength("qmzrtvkb")).toBe(1);
    expect(passwordStrength("river piano lantern")).toBeGreaterThanOrEqual(2);
    expect(passwordStrength("Correct-Horse-Battery-9")).toBe(4);
  });

  it("pulls down repeats, sequences, common words and the user's own name or e-mail", () => {
    expect(passwordStrength("aaaaaaaaaaaaaaaa")).toBeLessThanOrEqual(1);
    expect(passwordStrength("abcdefghijklmnop")).toBeLessThanOrEqual(1);
    expect(passwordStrength("Password123456!")).toBeLessThanOrEqual(2);
    expect(passwordStrength("Lovelace-1843-x!", ["Ada Lovelace", "ada@example.com"])).toBeLessThan(
      passwordStrength("Lovelace-1843-x!"),
    );
  });
});
