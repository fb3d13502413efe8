import { describe, expect, it } from "vitest";
import { safeCallback, safeRedirect } from "@/lib/safe-redirect.js";
import { ACCEPTED_URLS, classifyRedirect, generatedRedirectURLs, HOSTILE_URLS } from "../security/redirect-corpus.js";

const APP = "http://app.example";
const FALLBACK = "/fallback";

/** What a link to `path` on the app's page leads to; only the app's own paths are fine. */
function staysHome(path: string): boolean {
  if (path === FALLBACK) return true;
  const url = new URL(path, `${APP}/verify-email?token=x`);
  return url.origin === APP && path.startsWith("/") && !path.startsWith("//") && !url.pathname.startsWith("//");
}

describe("?redirectTo= accepts only same-origin relative paths", () => {
  it.each([
    ["/", "/"],
    ["/invitations/abc?x=1#top", "/invitations/abc?x=1#top"],
    ["/settings", "/settings"],
    ["/a/../b", "/b"],
    ["/a/.//b", "/a//b"],
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
    // Dot segments that resolve to the path //evil.example: as a link, another host.
    "/..//evil.example/x",
    "/.//evil.example/x",
    "/%2e%2e//evil.example/x",
    "/%2E%2e//evil.example/x",
    "/a/..//evil.example/x",
  ])("refuses %j", (input) => {
    expect(safeRedirect(input, "/home")).toBe("/home");
  });

  it("turns a mail link's same-origin callbackURL into a path and refuses other origins", () => {
    expect(safeCallback("http://app.example/invitations/1", "http://app.example")).toBe("/invitations/1");
    expect(safeCallback("https://evil.example/x", "http://app.example")).toBe("/");
    expect(safeCallback("/settings", "http://app.example")).toBe("/settings");
    expect(safeCallback(null, "http://app.example", "/sign-in")).toBe("/sign-in");
    expect(safeCallback("/..//evil.example/x", "http://app.example")).toBe("/");
    expect(safeCallback("http://app.example/..//evil.example/x", "http://app.example")).toBe("/");
  });

  it("never yields a path that leads off the app, over the redirect suite's corpus and generated URLs", () => {
    const urls = [...HOSTILE_URLS, ...ACCEPTED_URLS, ...generatedRedirectURLs()];
    const wrong: string[] = [];
    let hostile = 0;
    let safe = 0;
    for (const url of urls) {
      // As the app's own origin sees it: absolute URLs of other origins are hostile here.
      const verdict = classifyRedirect(url, APP, [APP]);
      for (const [how, out] of [
        ["safeRedirect", safeRedirect(url, FALLBACK)],
        ["safeCallback", safeCallback(url, APP, FALLBACK)],
        ["safeCallback (absolute)", safeCallback(url.startsWith("/") ? `${APP}${url}` : url, APP, FALLBACK)],
      ] as const) {
        if (!staysHome(out)) wrong.push(`${how} ${JSON.stringify(url)} → ${JSON.stringify(out)}`);
        if (verdict === "hostile" && out !== FALLBACK) {
          wrong.push(`${how} ${JSON.stringify(url)} (hostile) → ${JSON.stringify(out)}`);
        }
        if (verdict === "safe" && url.startsWith("/") && out === FALLBACK) {
          wrong.push(`${how} ${JSON.stringify(url)} (safe) refused`);
        }
      }
      if (verdict === "hostile") hostile++;
      if (verdict === "safe" && url.startsWith("/")) safe++;
    }
    expect(wrong).toEqual([]);
    expect(hostile).toBeGreaterThan(100);
    expect(safe).toBeGreaterThan(15);
  });
});
