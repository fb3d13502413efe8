import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../helpers/server.js";
import { WEB_ROOT } from "./helpers/account-fixtures.js";
import { startAppServer } from "./helpers/app-server.js";
import { launchBrowser, openPage } from "./helpers/browser.js";

/** Issue 22 item 9: the web app's addresses answer like a web server's. */
describe("HTTP semantics of the web app", () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startAppServer({ webRoot: WEB_ROOT });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("answers 200 for the app's screens and 404, with the app's page, for any other path", async () => {
    for (const path of [
      "/",
      "/sign-in",
      "/settings/profile",
      "/settings/profile/",
      "/org/acme/members",
      "/invitations/abc",
      "/reset-password/tok",
      "/admin/users/u1",
    ]) {
      const res = await fetch(`${server.url}${path}`, { redirect: "manual" });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type"), path).toMatch(/^text\/html/);
    }
    for (const path of ["/no-such-page", "/settings/nope", "/org", "/org/acme/members/extra", "/wp-login.php"]) {
      const res = await fetch(`${server.url}${path}`, { redirect: "manual" });
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toContain('<div id="root">');
    }
    const { page, context, pageErrors } = await openPage(browser);
    const response = await page.goto(`${server.url}/no-such-page`);
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    // The 404's request id, in small print, so a user's report can be matched to the server's log line.
    const requestId = response?.headers()["x-request-id"] ?? "";
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    await page.getByText(`Request ID: ${requestId}`).waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("serves a real icon at /favicon.ico, and an SVG one the page links to", async () => {
    const ico = await fetch(`${server.url}/favicon.ico`);
    expect(ico.status).toBe(200);
    expect(ico.headers.get("content-type")).toMatch(/^image\//);
    const bytes = new Uint8Array(await ico.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0, 0, 1, 0]); // ICONDIR: reserved 0, type 1 (icon)
    const svg = await fetch(`${server.url}/favicon.svg`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    const html = await (await fetch(`${server.url}/sign-in`)).text();
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"');
  });
});
