import { describe, expect, it } from "vitest";
import { initials } from "@/lib/initials.js";

// One rule for every avatar: the user menu, Settings → Profile, and a member in an organization's lists.
describe("avatar initials", () => {
  it("takes the first letters of the name's first two words, in capitals", () => {
    expect(initials("Ada King Lovelace", "ada@example.com")).toBe("AK");
    expect(initials("  grace   hopper ", "grace@example.com")).toBe("GH");
    expect(initials("Ólafur", "o@example.com")).toBe("Ó");
  });

  it("falls back to the address's first letter when the name is empty or blank", () => {
    expect(initials("", "zoe@example.com")).toBe("Z");
    expect(initials("  ", "zoe@example.com")).toBe("Z");
  });
});
