import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrganization } from "../helpers/org-fixtures.js";
import type { TestServer } from "../helpers/server.js";
import { signedInUser, WEB_ROOT } from "./helpers/account-fixtures.js";
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

/** Issue 22 item 9: signing out ends the conversation with the API; nothing asks for the old session's data. */
describe("after sign-out", () => {
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

  // Every screen that loads session-scoped data: the home (organizations, invitations), an organization's
  // members, the settings' sessions list.
  for (const screen of ["/", "/org/{slug}/members", "/settings/sessions"]) {
    it(`no API call answers 401 and none asks for session data, signing out from ${screen}`, async () => {
      const { page, context, pageErrors, settled } = await openPage(browser);
      const { client, user } = await signedInUser(server, context, "sign-out", { name: "Sid Signout" });
      const organization = await createOrganization(client, "sign-out", { name: "Exit Works" });
      await page.goto(`${server.url}${screen.replace("{slug}", organization.slug)}`);
      await page.getByRole("button", { name: `Account menu for ${user.name}` }).click();
      await page.waitForLoadState("networkidle");

      // Every API request made from here on (answered or not), and every answer with its status.
      const requests: string[] = [];
      const after: string[] = [];
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith("/api/")) requests.push(`${request.method()} ${url.pathname}`);
      });
      page.on("response", (response) => {
        const url = new URL(response.url());
        if (url.pathname.startsWith("/api/"))
          after.push(`${response.request().method()} ${url.pathname} ${response.status()}`);
      });
      await page.getByRole("menuitem", { name: "Sign out" }).click();
      await page.getByRole("heading", { name: "Sign in" }).waitFor();
      await page.waitForLoadState("networkidle");
      await settled();

      expect(after.filter((line) => line.endsWith(" 401"))).toEqual([]);
      // The sign-out itself, the session check that finds none, and what the sign-in screen asks for
      // anyone (its config, a passkey challenge); nothing that needs a session.
      const signedOutCalls =
        /^(POST \/api\/auth\/sign-out|GET \/api\/auth\/get-session|GET \/api\/public-config|GET \/api\/auth\/passkey\/generate-authenticate-options)$/;
      expect(requests.filter((line) => !signedOutCalls.test(line))).toEqual([]);
      expect(new URL(page.url()).pathname).toBe("/sign-in");
      expect(after).toContain("POST /api/auth/sign-out 200");
      expect(pageErrors).toEqual([]);
      await context.close();
    });
  }
});
