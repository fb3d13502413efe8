import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fr from "../../src/web/locales/fr.js";
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
    const { page, context, dialogs, pageErrors, settled } = await openPage(browser);
    await page.goto(`${server.url}/error?${new URLSearchParams({ error: hostile })}`);
    await page.getByRole("heading", { name: "Authentication error" }).waitFor();
    expect(await page.getByTestId("error-code").textContent()).toBe(hostile);
    expect(await page.locator("main img").count()).toBe(0);
    await settled();
    expect(dialogs).toEqual([]);
    expect(pageErrors).toEqual([]);
    await page.getByText("Something went wrong while signing you in. Please try again.").waitFor();
    await checkScreen(page, "error-hostile");

    await page.getByRole("link", { name: "Return to Application" }).click();
    await page.waitForURL((u) => u.pathname === "/sign-in");
    await context.close();
  });

  it("shows the route-error screen when a screen's code cannot load, and the next screen clears it", async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${server.url}/sign-in`);
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    // As after a deploy that removed the chunk the open tab asks for.
    await page.route(/\/assets\/sign-up-[^/]*\.js$/, (route) => route.abort());
    await page.getByRole("link", { name: "Create an account" }).click();
    await page.getByRole("heading", { name: "This page couldn't be loaded" }).waitFor();
    await page.getByRole("button", { name: "Reload" }).waitFor();
    await page.goBack();
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
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
  // Issue 22 item 10: the engine's error page looks like the app and speaks the visitor's language.
  it("gives /api/auth/error the app's look in light and dark, in the language the app last showed", async () => {
    for (const [colorScheme, width] of [
      ["light", 1280],
      ["dark", 390],
    ] as const) {
      // The browser asks for German; the visitor chose French in the app, which remembers it in a cookie.
      const { page, context, pageErrors } = await openPage(browser, {
        locale: "de-DE",
        colorScheme,
        viewport: { width, height: 800 },
      });
      await context.addInitScript(() => localStorage.setItem("tessera.locale", "fr"));
      await page.goto(`${server.url}/sign-in`);
      await page.waitForFunction(() => document.cookie.includes("tessera.locale=fr"));
      const app = await page.evaluate(() => ({
        background: getComputedStyle(document.body).backgroundColor,
        color: getComputedStyle(document.body).color,
        font: getComputedStyle(document.body).fontFamily,
      }));

      await page.goto(`${server.url}/api/auth/error?error=please_restart_the_process`);
      expect(await page.locator("html").getAttribute("lang")).toBe("fr");
      await page.getByRole("heading", { name: fr.errorPage.title, level: 1 }).waitFor();
      await page.getByText(fr.errorPage.description).waitFor();
      await page.getByText("La connexion a pris trop de temps ou a été interrompue. Veuillez recommencer.").waitFor();
      expect(await page.getByTestId("error-code").textContent()).toBe("please_restart_the_process");
      const own = await page.evaluate(() => ({
        background: getComputedStyle(document.body).backgroundColor,
        color: getComputedStyle(document.body).color,
        font: getComputedStyle(document.body).fontFamily,
      }));
      expect(own).toEqual(app);
      // Nothing wider than the window, at a phone's width too.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await checkScreen(page, `error-server-fr-${colorScheme}`);

      await page.getByRole("link", { name: fr.common.returnToApp }).click();
      await page.waitForURL((u) => u.pathname === "/sign-in");
      expect(pageErrors).toEqual([]);
      await context.close();
    }
  });
});
