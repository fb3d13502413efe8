import { describe, expect, it } from "vitest";
import { safeCallback, safeRedirect } from "../../src/web/lib/safe-redirect.js";

describe("?redirectTo= accepts only same-origin relative paths", () => {
  it.each([
    ["/", "/"],
    ["/invitations/abc?x=1#top", "/invitations/abc?x=1#top"],
    ["/settings", "/settings"],
    ["/a/../b", "/b"],
  ])("keeps %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  it.each([
    "https://evil.example/",
    "//evil.example/path",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "evil.example",
    "/\nnext",
    "/\tx",
    "",
    `/${"a".repeat(3000)}`,
  ])("refuses %j", (input) => {
    expect(safeRedirect(input, "/home")).toBe("/home");
  });

  it("turns a mail link's same-origin callbackURL into a path and refuses other origins", () => {
    expect(safeCallback("http://app.example/invitations/1", "http://app.example")).toBe("/invitations/1");
    expect(safeCallback("https://evil.example/x", "http://app.example")).toBe("/");
    expect(safeCallback("/settings", "http://app.example")).toBe("/settings");
    expect(safeCallback(null, "http://app.example", "/sign-in")).toBe("/sign-in");
  });
});
