import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../helpers/server.js";
import { startAppServer } from "./helpers/app-server.js";
import { launchBrowser } from "./helpers/browser.js";
import { type FirstVisit, measureFirstVisit } from "./helpers/download-size.js";

/**
 * Issue 21's budget: what an anonymous first visit downloads of JS and CSS, as Chromium receives it
 * (encoded bytes, until the network is idle), opening `/` or `/sign-in`. `npm run bench:web` reports
 * the same measurement file by file.
 */
const BUDGET_BYTES = 120 * 1024;

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const describeVisit = (v: FirstVisit) =>
  `${kb(v.totalBytes)} landing on ${v.landedOn}:\n${v.files.map((f) => `  ${f.path} ${f.encoding} ${f.bytes}`).join("\n")}`;

describe("first visit", () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startAppServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("downloads at most 120 KB of JS and CSS for /sign-in, compressed", async () => {
    const visit = await measureFirstVisit(browser, server.url, "/sign-in");
    expect(visit.landedOn).toBe("/sign-in");
    // The entry, its stylesheet and the screen text at least: a measurement that saw nothing proves nothing.
    expect(visit.files.some((f) => /^\/assets\/index-.*\.js$/.test(f.path))).toBe(true);
    expect(visit.files.some((f) => f.path.endsWith(".css"))).toBe(true);
    for (const f of visit.files.filter((f) => f.path.startsWith("/assets/") && f.bytes > 1024)) {
      expect(f.encoding, f.path).toBe("br");
    }
    expect(visit.totalBytes, describeVisit(visit)).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it("sends an anonymous / to sign-in having downloaded nothing of the signed-in app", async () => {
    const home = await measureFirstVisit(browser, server.url, "/");
    const signIn = await measureFirstVisit(browser, server.url, "/sign-in");
    expect(home.landedOn).toBe("/sign-in");
    expect(home.totalBytes, describeVisit(home)).toBeLessThanOrEqual(BUDGET_BYTES);
    // Exactly what /sign-in itself loads: no signed-in screen, query client or admin/organization texts.
    const extra = home.files.filter((f) => !signIn.files.some((s) => s.path === f.path)).map((f) => f.path);
    expect(extra, describeVisit(home)).toEqual([]);
  });
});
