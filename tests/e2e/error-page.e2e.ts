import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../helpers/server.js";
import { startAppServer } from "./helpers/app-server.js";
import { checkScreen, launchBrowser, openPage } from "./helpers/browser.js";

describe("the /error page", () => {
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

  it("shows a hostile error value as text, and nothing runs", async () => {
    const hostile = "<img src=x onerror=alert(1)>";
    const { page, context, dialogs, pageErrors } = await openPage(browser);
    await page.goto(`${server.url}/error?${new URLSearchParams({ error: hostile })}`);
    await page.getByRole("heading", { name: "Authentication error" }).waitFor();
    expect(await page.getByTestId("error-code").textContent()).toBe(hostile);
    expect(await page.locator("main img").count()).toBe(0);
    await page.waitForTimeout(500);
    expect(dialogs).toEqual([]);
    expect(pageErrors).toEqual([]);
    await page.getByText("Something went wrong while signing you in. Please try again.").waitFor();
    await checkScreen(page, "error-hostile");

    await page.getByRole("link", { name: "Return to Application" }).click();
    await page.waitForURL((u) => u.pathname === "/sign-in");
    await context.close();
  });

  it("says Unknown without a code", async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${server.url}/error`);
    expect(await page.getByTestId("error-code").textContent()).toBe("Unknown");
    await checkScreen(page, "error-unknown");
    await context.close();
  });

  it("receives every ?error= redirect the app's other routes get, and explains known codes, translated", async () => {
    const { page, context } = await openPage(browser, { locale: "de-DE" });
    await page.goto(`${server.url}/sign-in?error=please_restart_the_process`);
    await page.waitForURL(`${server.url}/error?error=please_restart_the_process`);
    await page.getByRole("heading", { name: "Authentifizierungsfehler" }).waitFor();
    await page
      .getByText("Die Anmeldung hat zu lange gedauert oder wurde unterbrochen. Bitte beginnen Sie von vorn.")
      .waitFor();
    await page.getByRole("link", { name: "Zurück zur Anwendung" }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("de");
    await checkScreen(page, "error-known-code-de");

    await page.goto(`${server.url}/some/deep/page?error=access_denied&state=x`);
    await page.waitForURL(`${server.url}/error?error=access_denied`);
    await context.close();
  });

  it("keeps the server-rendered /api/auth/error page the engine redirects to", async () => {
    const { page, context, dialogs } = await openPage(browser);
    await page.goto(`${server.url}/api/auth/error?error=${encodeURIComponent("<script>alert(1)</script>")}`);
    expect(await page.getByTestId("error-code").textContent()).toBe("<script>alert(1)</script>");
    expect(dialogs).toEqual([]);
    await context.close();
  });
});
