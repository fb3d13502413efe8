import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../helpers/server.js";
import { startAppServer } from "./helpers/app-server.js";
import { checkScreen, launchBrowser, openPage } from "./helpers/browser.js";

describe("languages", () => {
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

  it("signed out, the browser's language decides; the picker overrides it and survives a reload", async () => {
    const { page, context } = await openPage(browser, { locale: "fr-FR" });
    await page.goto(`${server.url}/sign-in`);
    await page.getByRole("heading", { name: "Connexion" }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("fr");
    await checkScreen(page, "sign-in-fr");

    await page.getByLabel("Langue", { exact: true }).selectOption("tr");
    await page.getByRole("heading", { name: "Giriş yap" }).waitFor();
    await page.reload();
    await page.getByRole("heading", { name: "Giriş yap" }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("tr");
    await context.close();
  });

  it.each([
    ["ru-RU", "Вход"],
    ["uk-UA", "Вхід"],
    ["es-ES", "Iniciar sesión"],
    ["pl-PL", "Logowanie"],
    ["de-AT", "Anmelden"],
    ["tr-TR", "Giriş yap"],
    ["ja-JP", "Sign in"],
  ])("the sign-in screen speaks %s", async (locale, heading) => {
    const { page, context } = await openPage(browser, { locale });
    await page.goto(`${server.url}/sign-in`);
    await page.getByRole("heading", { name: heading }).waitFor();
    await checkScreen(page, `sign-in-${locale}`);
    await context.close();
  });

  it("signed in, the choice is saved to the user's language and follows them to a new browser", async () => {
    const { client, password } = await server.signUp("polyglot@example.com", { name: "Paula" });
    const { page, context } = await openPage(browser);
    await page.goto(`${server.url}/sign-in`);
    await page.getByLabel("Email", { exact: true }).fill("polyglot@example.com");
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Welcome, Paula" }).waitFor();

    const saved = page.waitForResponse((r) => r.url().endsWith("/api/auth/update-user") && r.status() === 200);
    await page.getByRole("banner").getByLabel("Language", { exact: true }).selectOption("pl");
    await saved;
    await page.getByRole("heading", { name: "Witaj, Paula" }).waitFor();
    expect((await client.get("/api/auth/get-session")).body.user.language).toBe(15);

    await page.reload();
    await page.getByRole("heading", { name: "Witaj, Paula" }).waitFor();

    // A new browser (no local choice, English): the account's language wins once signed in.
    const fresh = await openPage(browser, { locale: "en-US" });
    await fresh.page.goto(`${server.url}/sign-in`);
    await fresh.page.getByRole("heading", { name: "Sign in" }).waitFor();
    await fresh.page.getByLabel("Email", { exact: true }).fill("polyglot@example.com");
    await fresh.page.getByLabel("Password", { exact: true }).fill(password);
    await fresh.page.getByRole("button", { name: "Sign in" }).click();
    await fresh.page.getByRole("heading", { name: "Witaj, Paula" }).waitFor();
    expect(await fresh.page.locator("html").getAttribute("lang")).toBe("pl");
    await checkScreen(fresh.page, "home-pl");
    await fresh.context.close();
    await context.close();
  });
});
