import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../helpers/server.js";
import { signedInUser, WEB_ROOT } from "./helpers/account-fixtures.js";
import { startAppServer } from "./helpers/app-server.js";
import { checkScreen, launchBrowser, openPage } from "./helpers/browser.js";
import { noisyPng } from "./helpers/test-image.js";

describe("account settings: profile, picture, language and theme", () => {
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

  it("changes the name, uploads a cropped picture, uses and removes an image address", async () => {
    const { page, context, pageErrors } = await openPage(browser);
    const { client } = await signedInUser(server, context, "profile", { name: "Ada Lovelace" });

    await page.goto(`${server.url}/settings`);
    await page.waitForURL(/\/settings\/profile$/);
    await page.getByRole("heading", { name: "Account settings", level: 1 }).waitFor();
    const profileLink = page
      .getByRole("navigation", { name: "Account settings sections" })
      .getByRole("link", { name: "Profile", exact: true });
    // The address changes before the router renders the redirect's target, so the link's state is
    // awaited, not read once.
    await expect.poll(() => profileLink.getAttribute("aria-current")).toBe("page");
    await checkScreen(page, "settings-profile");

    // Name: validated here, saved through update-user, shown in the header at once.
    const name = page.getByLabel("Name", { exact: true });
    await name.fill("");
    await page.getByRole("button", { name: "Save name" }).click();
    await page.getByText("Enter your name.").waitFor();
    await name.fill("Ada King");
    await page.getByRole("button", { name: "Save name" }).click();
    await page.getByText("Your name has been saved.").waitFor();
    await page.getByRole("button", { name: "Account menu for Ada King" }).waitFor();
    expect((await client.get("/api/auth/get-session")).body.user.name).toBe("Ada King");

    // Picture: a 1600×1200 photo-like PNG is cropped and shrunk in the browser before it is sent.
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: noisyPng(1600, 1200) });
    const zoom = page.getByRole("slider", { name: "Zoom" });
    await zoom.waitFor();
    await page.getByRole("img", { name: "Preview of your new picture" }).waitFor();
    // The sliders work from the keyboard.
    await zoom.focus();
    for (let i = 0; i < 50; i++) await page.keyboard.press("ArrowRight");
    expect(Number(await zoom.inputValue())).toBeGreaterThan(1.4);
    await page.getByRole("slider", { name: "Horizontal position" }).focus();
    await page.keyboard.press("End");
    await checkScreen(page, "settings-profile-crop");
    await page.getByRole("button", { name: "Save picture" }).click();
    await page.getByText("Your picture has been updated.").waitFor();

    const image = (await client.get("/api/auth/get-session")).body.user.image as string;
    expect(image).toMatch(new RegExp(`^${server.url}/api/uploads/[A-Za-z0-9_-]{32}$`));
    const stored = await fetch(image);
    expect(stored.headers.get("content-type")).toBe("image/webp");
    expect((await stored.arrayBuffer()).byteLength).toBeLessThanOrEqual(100 * 1024);
    const shown = page.getByRole("img", { name: "Your current picture" });
    await shown.waitFor();
    await expect
      .poll(() => shown.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
      .toEqual([256, 256]);

    // An image address: only https is accepted.
    await page.getByRole("button", { name: "Use an image address" }).click();
    await page.getByLabel("Image address").fill("http://example.com/me.png");
    await page.getByRole("button", { name: "Use this address" }).click();
    await page.getByText("Enter an address that starts with https://.").waitFor();
    await page.getByLabel("Image address").fill("https://images.example.com/me.png");
    await page.getByRole("button", { name: "Use this address" }).click();
    await expect
      .poll(async () => (await client.get("/api/auth/get-session")).body.user.image)
      .toBe("https://images.example.com/me.png");

    await page.getByRole("button", { name: "Remove picture" }).click();
    await page.getByText("Your picture has been removed.").waitFor();
    await expect.poll(async () => (await client.get("/api/auth/get-session")).body.user.image).toBeNull();
    expect(pageErrors).toEqual([]);
  });

  it("saves the language to the account and switches the screens to it; dark theme and a phone pass axe", async () => {
    const { page, context, pageErrors } = await openPage(browser);
    const { client } = await signedInUser(server, context, "language");
    await page.goto(`${server.url}/settings/profile`);
    await page.getByRole("heading", { name: "Language and appearance" }).waitFor();

    await page.getByRole("combobox", { name: "Language" }).first().selectOption({ label: "Deutsch" });
    await page.getByRole("heading", { name: "Kontoeinstellungen", level: 1 }).waitFor();
    await page.getByRole("heading", { name: "Sprache und Darstellung" }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("de");
    // SPEC §3: GERMAN is 6.
    await expect.poll(async () => (await client.get("/api/auth/get-session")).body.user.language).toBe(6);

    // Another device follows the account's language.
    const other = await openPage(browser);
    await other.context.addCookies(await context.cookies());
    await other.page.goto(`${server.url}/settings/email`);
    await other.page.getByRole("heading", { name: "E-Mail-Adresse", level: 2 }).waitFor();
    await other.context.close();

    await page.getByRole("combobox", { name: "Design" }).selectOption("dark");
    expect(await page.locator("html").getAttribute("class")).toContain("dark");
    await checkScreen(page, "settings-profile-de-dark");

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("combobox", { name: "Sprache" }).first().selectOption({ label: "English" });
    await page.getByRole("heading", { name: "Account settings", level: 1 }).waitFor();
    await checkScreen(page, "settings-profile-phone-dark");
    expect(pageErrors).toEqual([]);
  });
});
